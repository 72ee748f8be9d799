#include "net/queue/dualpi2_queue.h"
#include "net/queue/queue_entries.h"

namespace plab {

QueueEntry DualPi2Entry() {
  QueueEntry e;
  e.name = "dualpi2";
  e.label = "DualPI2 (L4S)";
  e.help =
      "two coupled queues: ECT(1) and CE packets (L4S) wait in a shallow queue marked at about 1 ms, the rest in a "
      "classic queue a PI controller holds near 15 ms; the classic queue drops or marks with p'^2, the L4S queue "
      "marks with k p', so L4S and classic flows get about equal rates";
  e.source = "RFC 9332 (DualQ Coupled AQM), Appendix A.1";
  e.can_mark = true;
  const std::string src = "RFC 9332 Appendix A.1, Fig. 2";
  e.params.push_back(NumberParam("dualpi2.target_ms", "DualPI2 target", "", "ms", 0.1, 1000, 15,
                                 "The classic queue delay the PI controller holds")
                         .Source(src + ": target = 15 ms")
                         .Advanced());
  e.params.push_back(NumberParam("dualpi2.coupling_k", "DualPI2 coupling k", "", "", 0.5, 10, 2,
                                 "The L4S queue marks with k times the base probability p' (the classic queue "
                                 "with p'^2): k = 2 gives an L4S and a classic flow about equal rates")
                         .Source(src + ": k = 2; §2.4")
                         .Advanced());
  e.params.push_back(NumberParam("dualpi2.t_update_ms", "DualPI2 update interval", "", "ms", 1, 1000, 16,
                                 "How often the PI controller updates p'")
                         .Source("Linux sch_dualpi2: tupdate 16 ms; RFC 9332 A.1 Fig. 2: Tupdate = min(target, "
                                 "RTT_max / 3)")
                         .Advanced());
  e.params.push_back(NumberParam("dualpi2.alpha_hz", "DualPI2 alpha", "", "Hz", 0.001, 100, 0.16,
                                 "Integral gain: how much p' moves per second of classic delay above target")
                         .Source("Linux sch_dualpi2: alpha 0.16 Hz; RFC 9332 A.1 Fig. 2: 0.1 Tupdate / RTT_max^2")
                         .Advanced());
  e.params.push_back(NumberParam("dualpi2.beta_hz", "DualPI2 beta", "", "Hz", 0.001, 1000, 3.2,
                                 "Proportional gain: how much p' moves per second of change in the classic delay")
                         .Source("Linux sch_dualpi2: beta 3.2 Hz; RFC 9332 A.1 Fig. 2: 0.3 / RTT_max")
                         .Advanced());
  e.params.push_back(NumberParam("dualpi2.min_th_us", "DualPI2 L4S ramp start", "", "us", 1, 100000, 800,
                                 "The L4S queue's own marking starts at this queuing time")
                         .Source(src + ": minTh = 800 us")
                         .Advanced());
  e.params.push_back(NumberParam("dualpi2.range_us", "DualPI2 L4S ramp range", "", "us", 1, 100000, 400,
                                 "The L4S queue's own marking rises linearly to 1 over this much more queuing time")
                         .Source(src + ": range = 400 us")
                         .Advanced());
  e.params.push_back(NumberParam("dualpi2.tshift_ms", "DualPI2 time shift", "", "ms", 0, 1000, 40,
                                 "The scheduler serves the L4S head ahead of classic packets that arrived up to "
                                 "this much earlier (time-shifted FIFO)")
                         .Source("RFC 9332 §4.1 and A.1: time-shifted FIFO")
                         .Advanced());
  e.make = [](const ParamView& link, QueueBuild b) {
    DualPi2Queue::Params p;
    p.limit_packets = b.limit_packets;
    p.target = Time::FromMillisecondsDouble(link.Number("dualpi2.target_ms"));
    p.k = link.Number("dualpi2.coupling_k");
    p.t_update = Time::FromMillisecondsDouble(link.Number("dualpi2.t_update_ms"));
    p.alpha_hz = link.Number("dualpi2.alpha_hz");
    p.beta_hz = link.Number("dualpi2.beta_hz");
    p.min_th = Time::FromMillisecondsDouble(link.Number("dualpi2.min_th_us") / 1e3);
    p.range = Time::FromMillisecondsDouble(link.Number("dualpi2.range_us") / 1e3);
    p.tshift = Time::FromMillisecondsDouble(link.Number("dualpi2.tshift_ms"));
    return std::make_unique<DualPi2Queue>(b.pool, p, b.rng);
  };
  return e;
}

}  // namespace plab
