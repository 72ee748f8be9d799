// PIE, Proportional Integral controller Enhanced (RFC 8033). Arrivals are dropped at
// random with probability drop_prob, which a PI controller moves every T_UPDATE from
// the queue delay (§4.2):
//
//   p = alpha (qdelay - QDELAY_REF) + beta (qdelay - qdelay_old)
//   p scaled by drop_prob's size (§4.2 auto-tuning): / 2048 below 1e-6, / 512 below
//     1e-5, / 128 below 1e-4, / 32 below 1e-3, / 8 below 1 %, / 2 below 10 %
//   at drop_prob >= 10 % a step is capped at 2 % (§5.5)
//   drop_prob += p; decayed x 0.98 while qdelay and qdelay_old are both 0 (§4.2: an
//   idle queue); bounded to [0, 1]; qdelay_old = qdelay
//   burst_allowance = max(0, burst_allowance - T_UPDATE), back to MAX_BURST once
//   drop_prob is 0 and both delays are below QDELAY_REF / 2 (§4.4)
//
// An arrival (§4.1, §4.3) is dropped when the buffer is full; else, while no burst
// allowance is left, at random with drop_prob unless a safeguard holds: qdelay_old
// below QDELAY_REF / 2 with drop_prob below 20 %, or at most 2 packets waiting (the
// RFC's 2 x MEAN_PKTSIZE bytes, counted in packets as ns-3 does for a packet limit).
// ECN (§5.1): an ECT packet the coin picks is marked CE instead while drop_prob is at
// most 10 %; above, it is dropped.
//
// The queue delay (§5.3 allows either): the sojourn of the last departing packet, 0
// when it left the queue empty, from enqueue timestamps as Linux's and ns-3's PIE do
// by default, not the departure-rate estimate of §4.2's pseudocode. T_UPDATE's timer
// is run lazily: every update due by an arrival or departure is run before it, in
// order, exactly as a timer firing at 0, T_UPDATE, 2 T_UPDATE... would have.
// The random coin is the queue's own stream (QueueBuild::rng): deterministic.
// Not modelled: §5.2's activation threshold and §5.4's derandomization (both optional,
// off in ns-3's defaults), and the byte-mode scaling of p by packet size.
#pragma once

#include <cstdint>
#include <deque>

#include "net/queue/queue_discipline.h"
#include "sim/random.h"
#include "sim/time.h"

namespace plab {

class PieQueue final : public QueueDiscipline {
 public:
  struct Params {
    int64_t limit_packets = 1000;
    Time qdelay_ref = Time::FromMilliseconds(15);  // RFC 8033 §4.2 QDELAY_REF
    Time t_update = Time::FromMilliseconds(15);    // §4.2 T_UPDATE
    Time max_burst = Time::FromMilliseconds(150);  // §4.4 MAX_BURST
    double alpha = 0.125;                          // §4.2, per second of delay
    double beta = 1.25;                            // §4.2
    double mark_ecn_threshold = 0.1;               // §5.1: mark below 10 %
    bool cap_drop_adjustment = true;               // §5.5
  };

  PieQueue(PacketPool* pool, const Params& params, Random rng);

  bool Enqueue(Packet* p, Time now) override;
  Packet* Dequeue(Time now) override;
  int64_t limit_packets() const override { return params_.limit_packets; }

  // Runs every T_UPDATE due by `now` (Enqueue and Dequeue do this themselves).
  void CatchUp(Time now);

  // State (tests, plots).
  double drop_prob() const { return drop_prob_; }
  Time qdelay() const { return qdelay_; }
  Time qdelay_old() const { return qdelay_old_; }
  Time burst_allowance() const { return burst_allowance_; }

 private:
  // RFC 8033 §4.2 calculate_drop_prob and §4.4's burst allowance, once.
  void Update();
  // §4.1 drop_early: whether the coin drops (or marks) this arrival.
  bool DropEarly();

  PacketPool* pool_;
  Params params_;
  Random rng_;
  std::deque<Packet*> queue_;
  double drop_prob_ = 0;
  Time qdelay_ = Time::Zero();       // the last departure's sojourn
  Time qdelay_old_ = Time::Zero();   // qdelay at the last update
  Time burst_allowance_;             // §4.4: MAX_BURST at the start
  Time next_update_ = Time::Zero();  // the timer's next firing (the first at 0)
};

}  // namespace plab
