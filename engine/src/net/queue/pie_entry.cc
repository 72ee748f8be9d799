#include "net/queue/pie_queue.h"
#include "net/queue/queue_entries.h"

namespace plab {

QueueEntry PieEntry() {
  QueueEntry e;
  e.name = "pie";
  e.label = "PIE";
  e.help =
      "PIE, which drops arrivals at random with a probability a PI controller steers from the queue delay "
      "(toward 15 ms)";
  e.source = "RFC 8033 (PIE)";
  e.can_mark = true;
  e.params.push_back(NumberParam("pie.target_ms", "PIE target delay", "", "ms", 0.1, 10000, 15,
                                 "QDELAY_REF: the queue delay PIE steers toward")
                         .Source("RFC 8033 §4.2: QDELAY_REF 15 ms")
                         .Advanced());
  e.params.push_back(NumberParam("pie.tupdate_ms", "PIE update interval", "", "ms", 1, 10000, 15,
                                 "T_UPDATE: how often the drop probability is recalculated")
                         .Source("RFC 8033 §4.2: T_UPDATE 15 ms")
                         .Advanced());
  e.params.push_back(NumberParam("pie.max_burst_ms", "PIE burst allowance", "", "ms", 0, 10000, 150,
                                 "MAX_BURST: how long a burst passes without random drops once the queue was calm")
                         .Source("RFC 8033 §4.4: MAX_BURST 150 ms")
                         .Advanced());
  e.params.push_back(NumberParam("pie.alpha", "PIE alpha", "", "1/s", 0, 100, 0.125,
                                 "Weight of the delay's distance from the target in each update")
                         .Source("RFC 8033 §4.2: alpha 0.125 Hz")
                         .Advanced());
  e.params.push_back(
      NumberParam("pie.beta", "PIE beta", "", "1/s", 0, 100, 1.25, "Weight of the delay's change since the last update")
          .Source("RFC 8033 §4.2: beta 1.25 Hz")
          .Advanced());
  e.make = [](const ParamView& link, QueueBuild b) {
    PieQueue::Params p;
    p.limit_packets = b.limit_packets;
    p.qdelay_ref = Time::FromMillisecondsDouble(link.Number("pie.target_ms"));
    p.t_update = Time::FromMillisecondsDouble(link.Number("pie.tupdate_ms"));
    p.max_burst = Time::FromMillisecondsDouble(link.Number("pie.max_burst_ms"));
    p.alpha = link.Number("pie.alpha");
    p.beta = link.Number("pie.beta");
    return std::make_unique<PieQueue>(b.pool, p, b.rng);
  };
  return e;
}

}  // namespace plab
