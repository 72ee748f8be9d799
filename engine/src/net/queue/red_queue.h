// RED, Random Early Detection (Floyd & Jacobson, "Random Early Detection Gateways for
// Congestion Avoidance", 1993), as ns-2 implements it (queue/red.cc: REDQueue::enque,
// run_estimator, drop_early, calculate_p_new, modify_p), because the papers this lab
// re-runs ran ns-2.
//
//   On every arrival, with q the packets waiting (not the one on the wire):
//     avg = avg (1 - w)^(m + 1) + w q       m = packets the link could have sent while
//                                           the queue sat idle (0 if it was not idle)
//     ++count                               arrivals since the last early drop
//     q <= 1 or avg < min_th:  no drop; old = 0
//     avg >= max_th (gentle: 2 max_th):     forced drop
//     first time over min_th (old == 0):    count = 1, old = 1, no drop
//     else drop with p_a from
//       p_b = max_p (avg - min_th) / (max_th - min_th)
//             (gentle, avg above max_th: max_p + (1 - max_p)(avg - max_th) / max_th)
//       wait:    p_a = 0 if count p_b < 1; p_b / (2 - count p_b) if < 2; else 1
//       no wait: p_a = p_b / (1 - count p_b), or 1
//     and count = 0 after an early drop.  A full queue drops regardless.
//   ECN (RFC 3168 §7; ns-2 setbit_): an early drop below max_th becomes a CE mark when
//   the packet is ECT; forced drops (avg >= max_th) and overflow drop ECT packets too.
//
// Defaults are ns-2's classic ns-default.tcl (the ns-2.1b era of these papers):
// thresh_ 5, maxthresh_ 15, q_weight_ 0.002, linterm_ 10 (max_p 0.1), wait_ true,
// gentle_ false, in packets, mean_pktsize_ 500 bytes for the idle estimate. ns-2.35
// later defaulted to automatic thresholds and gentle_ true: both are parameters here.
#pragma once

#include <deque>

#include "net/queue/queue_discipline.h"
#include "sim/random.h"
#include "sim/time.h"

namespace plab {

class RedQueue final : public QueueDiscipline {
 public:
  struct Params {
    int64_t limit_packets = 100;
    double min_thresh_packets = 5;    // ns-2 thresh_
    double max_thresh_packets = 15;   // ns-2 maxthresh_
    double weight = 0.002;            // ns-2 q_weight_
    double max_p = 0.1;               // ns-2 1 / linterm_
    bool wait = true;                 // ns-2 wait_: spread drops out (count p_b >= 1 before any)
    bool gentle = false;              // ns-2 gentle_
    int64_t mean_packet_bytes = 500;  // ns-2 mean_pktsize_: sizes the idle decay
    Bandwidth link_rate = Bandwidth::FromMbpsDouble(10);
  };

  RedQueue(PacketPool* pool, const Params& params, Random rng);

  bool Enqueue(Packet* p, Time now) override;
  Packet* Dequeue(Time now) override;
  int64_t limit_packets() const override { return params_.limit_packets; }

  // Debug state (tests, plots).
  double average() const { return avg_; }
  int64_t count() const { return count_; }

 private:
  // The drop probability for the current average, before the count correction.
  double BaseProbability() const;
  // With the count since the last drop (ns-2 modify_p).
  double CountedProbability(double p_b) const;
  // Releases the packet; `overflow`: the queue was full (else RED decided). Returns false.
  bool Drop(Packet* p, bool overflow);

  PacketPool* pool_;
  Params params_;
  Random rng_;
  std::deque<Packet*> queue_;
  double avg_ = 0;
  int64_t count_ = 0;
  bool old_ = false;  // the average was above min_th at the last arrival
  bool idle_ = true;  // nothing waiting and nothing sent since idle_since_
  Time idle_since_ = Time::Zero();
};

}  // namespace plab
