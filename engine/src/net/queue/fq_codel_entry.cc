#include "net/queue/fq_codel_queue.h"
#include "net/queue/queue_entries.h"

namespace plab {

QueueEntry FqCodelEntry() {
  QueueEntry e;
  e.name = "fq_codel";
  e.label = "FQ-CoDel";
  e.help =
      "FQ-CoDel, a queue per flow served in turn (deficit round robin, new flows first), each kept short by "
      "CoDel";
  e.source = "RFC 8290 (FQ-CoDel)";
  e.can_mark = true;
  e.params.push_back(IntegerParam("fq_codel.flows", "FQ-CoDel flow queues", "", "queues", 1, 65536, 1024,
                                  "How many sub-queues flows are spread over (flows beyond half of them share)")
                         .Source("RFC 8290 §5.2.3: 1024")
                         .Advanced());
  e.params.push_back(IntegerParam("fq_codel.quantum_bytes", "FQ-CoDel quantum", "", "bytes", 1, 1000000, 1514,
                                  "Bytes a flow may send each round (one MTU)")
                         .Source("RFC 8290 §5.2.2: 1514 bytes")
                         .Advanced());
  e.params.push_back(NumberParam("fq_codel.target_ms", "FQ-CoDel target", "", "ms", 0.1, 10000, 5,
                                 "CoDel's acceptable standing delay, in each flow's queue")
                         .Source("RFC 8290 §5.2.1, RFC 8289 §4.4: 5 ms")
                         .Advanced());
  e.params.push_back(NumberParam("fq_codel.interval_ms", "FQ-CoDel interval", "", "ms", 1, 100000, 100,
                                 "How long a flow's delay may stay above target before CoDel drops")
                         .Source("RFC 8290 §5.2.1, RFC 8289 §4.3: 100 ms")
                         .Advanced());
  e.params.push_back(
      EnumParam(
          "fq_codel.law", "FQ-CoDel control law", "", {"rfc8289", "newton"}, "rfc8289",

          "How CoDel spaces its drops, interval / sqrt(count). rfc8289: the exact square root. newton: as Linux's "
          "codel and ns-3.44's CoDelQueueDisc, 1 / sqrt(count) by one Newton step per change of count in 16-bit fixed "
          "point (the second drop 50 ms after the first where the exact law waits 70.7 ms; within 2 % from the fourth)")
          .Source("RFC 8289 §5.3; Linux include/net/codel_impl.h codel_Newton_step; ns-3.44 "
                  "src/traffic-control/model/codel-queue-disc.cc NewtonStep, ControlLaw (its "
                  "FqCoDelQueueDisc runs a CoDelQueueDisc per flow)")
          .Advanced());
  e.make = [](const ParamView& link, QueueBuild b) {
    FqCodelQueue::Params p;
    if (link.Enum("fq_codel.law") == "newton") p.codel.law = CodelParams::Law::kNewton;
    p.limit_packets = b.limit_packets;
    p.flows = link.Integer("fq_codel.flows");
    p.quantum_bytes = link.Integer("fq_codel.quantum_bytes");
    p.codel.target = Time::FromMillisecondsDouble(link.Number("fq_codel.target_ms"));
    p.codel.interval = Time::FromMillisecondsDouble(link.Number("fq_codel.interval_ms"));
    return std::make_unique<FqCodelQueue>(b.pool, p);
  };
  return e;
}

}  // namespace plab
