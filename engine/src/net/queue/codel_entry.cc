#include "net/queue/codel_queue.h"
#include "net/queue/queue_entries.h"

namespace plab {

QueueEntry CodelEntry() {
  QueueEntry e;
  e.name = "codel";
  e.label = "CoDel";
  e.help = "CoDel, which drops by how long packets have waited (the bufferbloat cure)";
  e.source = "RFC 8289 (CoDel)";
  e.can_mark = true;
  e.params.push_back(
      NumberParam("codel.target_ms", "CoDel target", "", "ms", 0.1, 10000, 5, "Acceptable standing queue delay")
          .Source("RFC 8289 §4.4: 5 ms")
          .Advanced());
  e.params.push_back(NumberParam("codel.interval_ms", "CoDel interval", "", "ms", 1, 100000, 100,
                                 "How long the delay may stay above target before CoDel drops (about a worst-case "
                                 "RTT)")
                         .Source("RFC 8289 §4.3: 100 ms")
                         .Advanced());
  e.params.push_back(
      EnumParam(
          "codel.law", "CoDel control law", "", {"rfc8289", "newton"}, "rfc8289",

          "How CoDel spaces its drops, interval / sqrt(count). rfc8289: the exact square root. newton: as Linux's "
          "codel and ns-3.44's CoDelQueueDisc, 1 / sqrt(count) by one Newton step per change of count in 16-bit fixed "
          "point (the second drop 50 ms after the first where the exact law waits 70.7 ms; within 2 % from the fourth)")
          .Source("RFC 8289 §5.3; Linux include/net/codel_impl.h codel_Newton_step; ns-3.44 "
                  "src/traffic-control/model/codel-queue-disc.cc NewtonStep, ControlLaw")
          .Advanced());
  e.make = [](const ParamView& link, QueueBuild b) {
    CodelQueue::Params p;
    if (link.Enum("codel.law") == "newton") p.law = CodelParams::Law::kNewton;
    p.limit_packets = b.limit_packets;
    p.target = Time::FromMillisecondsDouble(link.Number("codel.target_ms"));
    p.interval = Time::FromMillisecondsDouble(link.Number("codel.interval_ms"));
    return std::make_unique<CodelQueue>(b.pool, p);
  };
  return e;
}

}  // namespace plab
