// A flow's per-packet delays, for the contest's score (issue J §3; Winstein et al.,
// NSDI 2013, §5: throughput and the 95th-percentile per-packet delay): every data
// packet that reaches the receiver, retransmissions included, counted from the
// measurement start (metrics.start_s) like goodput. Two delays per packet:
//   one-way   from entering its route's first link to reaching the receiver
//             (queueing + serialization + propagation: what the contest's users feel)
//   queueing  the part of it spent waiting in queues (the delay the flow inflicts)
#pragma once

#include "metrics/delay_histogram.h"
#include "net/route.h"

namespace plab {

class FlowDelay final : public ArrivalObserver {
 public:
  explicit FlowDelay(Time measure_from) : measure_from_(measure_from) {}

  void OnDataArrival(const Packet& p, Time now) override {
    if (now < measure_from_) return;
    one_way_.Add(now - p.sent_at);
    queueing_.Add(p.queued);
  }

  const DelayHistogram& one_way() const { return one_way_; }
  const DelayHistogram& queueing() const { return queueing_; }

 private:
  Time measure_from_;
  DelayHistogram one_way_;
  DelayHistogram queueing_;
};

}  // namespace plab
