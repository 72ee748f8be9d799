// DualPI2, the Dual-Queue Coupled AQM (RFC 9332; the example algorithm of its
// Appendix A.1, Figures 2 and 3, cited below as A.1 Fig. 2 / Fig. 3 with the
// statement). Two queues share the link: the L4S queue takes ECT(1) and CE, the
// classic queue everything else (Not-ECT, ECT(0)). One PI controller on the classic
// queue's delay makes a base probability p'; the classic queue drops (or, ECT(0),
// marks) with p'^2, the L4S queue marks with k p' or its own shallow ramp, whichever
// is larger. A Reno-like classic flow's rate goes as 1/sqrt(p_C) = 1/p', a scalable
// (DCTCP, Prague) flow's as 1/p_L: coupling them through p' is what gives the two
// roughly equal rates with k = 2 (§2.4, "rate fairness"), while the L4S queue stays
// near its ~1 ms threshold and the classic one near its 15 ms target.
//
//   enqueue (A.1 Fig. 2, dualpi2_enqueue):
//     lq.len() + cq.len() at the limit:     drop                     ("if buffer is full")
//     timestamp(pkt)
//     ecn(pkt) modulo 2 == 1 (ECT(1), CE):  lq.enqueue(pkt)          (the classifier)
//     else (Not-ECT, ECT(0)):               cq.enqueue(pkt)
//
//   every Tupdate (A.1 Fig. 3, dualpi2_update):
//     curq = cq.time()                      the classic head packet's queuing time
//     p' = p' + alpha (curq - target) + beta (curq - prevq)     (clamped to [0, 1])
//     p_CL = k p'                           coupled L4S probability (at most 1)
//     p_C  = p'^2                           classic probability
//     prevq = curq
//
//   dequeue (A.1 Fig. 2, dualpi2_dequeue), while a packet waits:
//     scheduler() == lq:
//       p'_L = laqm(lq.time())              the native ramp (Fig. 3, laqm): 0 below
//                                           minTh, 1 from minTh + range, linear
//                                           between; not while the L queue holds at
//                                           most Th_len packets
//       p_L = max(p'_L, p_CL)               the combining function
//       mark with probability p_L
//     else (cq):
//       with probability p_C: Not-ECT -> drop and try again; ECT -> mark
//
//   scheduler(): the time-shifted FIFO (§4.1 and A.1): the head packet that arrived
//   first, the L4S head's arrival shifted earlier by tshift, is served. With tshift
//   = 40 ms an L4S packet is served ahead of classic ones that arrived up to 40 ms
//   before it: the L queue has priority while the classic delay stays under tshift.
//
// The update runs on a clock of its own in the RFC; here it is caught up at each
// enqueue and dequeue, which is exact: the queues do not change between those calls,
// so the classic head's queuing time at every update instant is known then.
//
// Defaults: target 15 ms (A.1 Fig. 2 "target = 15 ms"); Tupdate 16 ms, alpha 0.16 Hz,
// beta 3.2 Hz, the values Linux sch_dualpi2 ships (Fig. 2's formulas give alpha =
// 0.1 Tupdate / RTT_max^2 = 0.16 Hz at Tupdate = 16 ms, RTT_max = 100 ms); k = 2
// (Fig. 2 "k = 2", §2.4); minTh 800 us and range 400 us, Th_len 1 packet (Fig. 2's
// L4S ramp); tshift 40 ms. The overload regime (§4.2.3, p_C above p_Cmax = 1/k^2,
// where the L queue would switch to drop) is not modelled beyond clamping.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "net/queue/queue_discipline.h"
#include "sim/random.h"

namespace plab {

class DualPi2Queue final : public QueueDiscipline {
 public:
  struct Params {
    int64_t limit_packets = 100;  // both queues together (A.1 Fig. 2, "limit")
    Time target = Time::FromMilliseconds(15);
    Time t_update = Time::FromMilliseconds(16);
    double alpha_hz = 0.16;                     // integral gain
    double beta_hz = 3.2;                       // proportional gain
    double k = 2;                               // coupling factor
    Time min_th = Time::FromMicroseconds(800);  // L4S ramp start
    Time range = Time::FromMicroseconds(400);   // L4S ramp width
    int64_t th_len_packets = 1;                 // no native L4S mark while the L queue holds at most this
    Time tshift = Time::FromMilliseconds(40);   // time-shifted FIFO
  };

  DualPi2Queue(PacketPool* pool, const Params& params, Random rng);

  bool Enqueue(Packet* p, Time now) override;
  Packet* Dequeue(Time now) override;
  int64_t limit_packets() const override { return params_.limit_packets; }
  // The queue a flow's data waits in, L4S or classic (by its last data packet's ECN
  // codepoint): its length, for the queue chart's sub-queues; 0 before the flow's first.
  int64_t FlowQueuePackets(uint32_t flow) const override;

  // Debug state (tests, probes): the base probability p', and what derives from it.
  double base_probability() const { return p_base_; }
  double classic_probability() const { return p_base_ * p_base_; }                                      // p_C
  double coupled_l4s_probability() const { return p_base_ * params_.k < 1 ? p_base_ * params_.k : 1; }  // p_CL
  // The native L4S ramp at queuing time `qdelay` (A.1 Fig. 3, laqm).
  double NativeL4sProbability(Time qdelay) const;
  int64_t l4s_length_packets() const { return static_cast<int64_t>(l4s_.size()); }
  int64_t classic_length_packets() const { return static_cast<int64_t>(classic_.size()); }
  int64_t updates() const { return updates_; }

 private:
  // Every PI update due at or before `now` (A.1 Fig. 3, dualpi2_update).
  void CatchUpUpdates(Time now);
  void Update(Time at);
  // A.1 §4.1: true when the L4S head is served next (both queues non-empty).
  bool ServeL4s() const;
  void DropAtDequeue(Time now, Packet* p);

  PacketPool* pool_;
  Params params_;
  Random rng_;
  std::deque<Packet*> l4s_;
  std::deque<Packet*> classic_;
  std::vector<int8_t> flow_in_l4s_;  // per flow: -1 none seen yet, 0 classic, 1 L4S
  double p_base_ = 0;                // p'
  Time prevq_;
  Time next_update_;
  int64_t updates_ = 0;
};

}  // namespace plab
