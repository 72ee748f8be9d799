#include "world/queue_factory.h"

#include "net/queue/codel_queue.h"
#include "net/queue/drop_tail_queue.h"
#include "net/queue/red_queue.h"
#include "net/queue/step_mark_queue.h"
#include "scenario/params.h"
#include "scenario/scenario.h"

namespace plab {

std::unique_ptr<QueueDiscipline> MakeQueue(const ParamView& params, const std::string& base, PacketPool* pool,
                                           Bandwidth rate, Random rng, std::optional<int64_t> limit_packets) {
  const int64_t limit = limit_packets.value_or(params.Integer(base + "queue_packets"));
  // Access and receiver links declare no discipline: drop-tail.
  const std::string discipline = FindParam(Scenario::PatternOf(params.prefix() + base + "queue")) != nullptr
                                     ? params.Enum(base + "queue")
                                     : "drop_tail";
  if (discipline == "red") {
    RedQueue::Params p;
    p.limit_packets = limit;
    p.min_thresh_packets = params.Number(base + "red.min_thresh_packets");
    p.max_thresh_packets = params.Number(base + "red.max_thresh_packets");
    p.weight = params.Number(base + "red.weight");
    p.max_p = params.Number(base + "red.max_p");
    p.gentle = params.Bool(base + "red.gentle");
    p.link_rate = rate;
    return std::make_unique<RedQueue>(pool, p, rng);
  }
  if (discipline == "codel") {
    CodelQueue::Params p;
    p.limit_packets = limit;
    p.target = Time::FromMillisecondsDouble(params.Number(base + "codel.target_ms"));
    p.interval = Time::FromMillisecondsDouble(params.Number(base + "codel.interval_ms"));
    return std::make_unique<CodelQueue>(pool, p);
  }
  if (discipline == "step") {
    StepMarkQueue::Params p;
    p.limit_packets = limit;
    p.k_packets = params.Integer(base + "step.k_packets");
    return std::make_unique<StepMarkQueue>(pool, p);
  }
  return std::make_unique<DropTailQueue>(pool, limit);
}

}  // namespace plab
