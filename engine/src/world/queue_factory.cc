#include "world/queue_factory.h"

#include <stdexcept>

#include "net/queue/queue_entry.h"
#include "scenario/params.h"
#include "scenario/scenario.h"

namespace plab {

std::unique_ptr<QueueDiscipline> MakeQueue(const ParamView& params, const std::string& base, PacketPool* pool,
                                           Bandwidth rate, Random rng, std::optional<int64_t> limit_packets) {
  // Access and receiver links declare no discipline: drop-tail.
  const std::string discipline = FindParam(Scenario::PatternOf(params.prefix() + base + "queue")) != nullptr
                                     ? params.Enum(base + "queue")
                                     : "drop_tail";
  const QueueEntry* entry = FindQueueEntry(discipline);
  if (entry == nullptr) throw std::logic_error("no queue discipline " + discipline);  // validation lists them
  QueueBuild build{pool, rate, rng, limit_packets.value_or(params.Integer(base + "queue_packets"))};
  return entry->make(ParamView(params.scenario(), params.prefix() + base), build);
}

}  // namespace plab
