#include "net/queue/queue_entries.h"
#include "net/queue/step_mark_queue.h"

namespace plab {

QueueEntry StepMarkEntry() {
  QueueEntry e;
  e.name = "step";
  e.label = "Step marking (DCTCP)";
  e.help = "a step threshold that marks every ECN-capable packet arriving at K or more waiting (DCTCP's switches)";
  e.source = "Alizadeh et al. 2010 §3.1 (step)";
  e.can_mark = true;
  e.params.push_back(IntegerParam("step.k_packets", "marking threshold K", "", "packets", 1, 100000, 20,
                                  "A packet arriving while K or more packets wait is marked CE (ECN-capable) or "
                                  "dropped (not ECN-capable); at most the buffer")
                         .Source("Alizadeh et al., DCTCP, SIGCOMM 2010 §3.1, §3.4 (K = 20 packets at 1 Gb/s); "
                                 "RFC 8257 §3.1"));
  e.make = [](const ParamView& link, QueueBuild b) {
    StepMarkQueue::Params p;
    p.limit_packets = b.limit_packets;
    p.k_packets = link.Integer("step.k_packets");
    return std::make_unique<StepMarkQueue>(b.pool, p);
  };
  // A step queue marks at K or more waiting: K above the buffer never marks.
  e.validate = [](const ParamView& link, const std::string& base, std::optional<int64_t> buffer,
                  std::vector<ValidationError>& errors) {
    const int64_t k = link.Integer("step.k_packets");
    if (!buffer || k <= *buffer) return;
    errors.push_back({base + "step.k_packets", base + "step.k_packets must be 1 to " + base + "queue_packets (" +
                                                   std::to_string(*buffer) + "), got " + std::to_string(k) +
                                                   ": the queue never holds K packets, so it would never mark"});
  };
  return e;
}

}  // namespace plab
