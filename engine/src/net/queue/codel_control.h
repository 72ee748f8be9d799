// CoDel's control law on one queue (RFC 8289 §5), shared by CodelQueue (one queue)
// and FqCodelQueue (one per flow, RFC 8290 §4.2: "each queue is managed by CoDel").
// It keeps CoDel's state (first_above_time, drop_next, count, lastcount, dropping) and
// runs §5.3 dodequeue and §5.4 dequeue on whatever queue it is given, which provides:
//
//   Packet* PopHead()              the head packet removed (nullptr when empty), the
//                                  queue's byte count already lowered
//   int64_t BacklogBytes() const   what that queue still holds, in bytes (§5.3's
//                                  "queue holds at most one MTU" test)
//   void DropHead(Packet*, Time)   an AQM drop of a popped packet: count, trace, release
//   bool Mark(Packet&, Time)       RFC 3168 §5: CE on an ECT packet (false: Not-ECT)
//
// Templated on that queue so the per-packet path makes no virtual call.
#pragma once

#include <cmath>
#include <cstdint>

#include "net/packet.h"
#include "sim/time.h"

namespace plab {

struct CodelParams {
  Time target = Time::FromMilliseconds(5);      // RFC 8289 §4.4
  Time interval = Time::FromMilliseconds(100);  // RFC 8289 §4.3
  int64_t mtu_bytes = 1500;                     // the maxpacket of §5.3
  // The control law's 1 / sqrt(count) (codel.law / fq_codel.law):
  //   kRfc8289: exact, as §5.3's pseudocode writes it.
  //   kNewton: as Linux's codel (include/net/codel_impl.h) and ns-3.44's CoDelQueueDisc
  //     compute it: one Newton step x' = x (3 - count x^2) / 2 in 16-bit fixed point per
  //     change of count (NewtonStep), from 1 (0xffff) when a dropping state starts at
  //     count 1 and from the last value when it resumes at count - lastcount; the gap
  //     interval x in CoDel's time unit of 1024 ns (ReciprocalDivide, CODEL_SHIFT 10).
  //     Its second drop comes 50 ms after the first (x = 1/2), not 70.7 ms.
  enum class Law { kRfc8289, kNewton };
  Law law = Law::kRfc8289;
};

class CodelControl {
 public:
  // RFC 8289 §5.4 dequeue: the next packet to send from `q`, or nullptr.
  template <typename Queue>
  Packet* Dequeue(Queue& q, const CodelParams& params, Time now);

  bool dropping() const { return dropping_; }
  uint32_t count() const { return count_; }
  Time drop_next() const { return drop_next_; }
  uint16_t rec_inv_sqrt() const { return rec_inv_sqrt_; }  // Law::kNewton's 1 / sqrt(count), x 2^16

 private:
  struct Result {
    Packet* packet;
    bool ok_to_drop;
  };
  template <typename Queue>
  Result DoDequeue(Queue& q, const CodelParams& params, Time now);
  // RFC 8289 §5.3: t + interval / sqrt(count), to the nanosecond (sqrt is correctly
  // rounded by IEEE 754, so native and WASM agree); with Law::kNewton, interval x
  // rec_inv_sqrt_ as ns-3.44's ControlLaw (ReciprocalDivide in units of 1024 ns).
  Time ControlLaw(Time t, const CodelParams& params) const {
    if (params.law == CodelParams::Law::kNewton) {
      const uint64_t interval_units = static_cast<uint32_t>(params.interval.ns() >> 10);
      const uint64_t gap_units = (interval_units * (static_cast<uint64_t>(rec_inv_sqrt_) << 16)) >> 32;
      return t + Time::FromNanoseconds(static_cast<int64_t>(gap_units << 10));
    }
    const double gap_ns = static_cast<double>(params.interval.ns()) / std::sqrt(static_cast<double>(count_));
    return t + Time::FromNanoseconds(static_cast<int64_t>(gap_ns));
  }
  // ns-3.44 CoDelQueueDisc::NewtonStep (Linux codel_Newton_step): one step of
  // x' = x (3 - count x^2) / 2 on rec_inv_sqrt_ for the new count_.
  void NewtonStep() {
    const uint32_t invsqrt = static_cast<uint32_t>(rec_inv_sqrt_) << 16;
    const uint32_t invsqrt2 = static_cast<uint32_t>((static_cast<uint64_t>(invsqrt) * invsqrt) >> 32);
    uint64_t val = (3ULL << 32) - static_cast<uint64_t>(count_) * invsqrt2;
    val >>= 2;  // avoid overflow
    val = (val * invsqrt) >> (32 - 2 + 1);
    rec_inv_sqrt_ = static_cast<uint16_t>(val >> 16);
  }

  Time first_above_time_ = Time::Zero();  // 0: not above target
  Time drop_next_ = Time::Zero();
  uint32_t count_ = 0;
  uint32_t lastcount_ = 0;
  bool dropping_ = false;
  uint16_t rec_inv_sqrt_ = 0xffff;  // Law::kNewton: 1 / sqrt(count) in 16 bits
};

// RFC 8289 §5.3 dodequeue.
template <typename Queue>
CodelControl::Result CodelControl::DoDequeue(Queue& q, const CodelParams& params, Time now) {
  Result r{q.PopHead(), false};
  if (r.packet == nullptr) {
    first_above_time_ = Time::Zero();  // an empty queue is not above target
    return r;
  }
  const Time sojourn = now - r.packet->enqueued_at;
  if (sojourn < params.target || q.BacklogBytes() <= params.mtu_bytes) {
    first_above_time_ = Time::Zero();  // went below: stay below for at least interval
  } else if (first_above_time_ == Time::Zero()) {
    first_above_time_ = now + params.interval;  // just went above
  } else if (now >= first_above_time_) {
    r.ok_to_drop = true;
  }
  return r;
}

// RFC 8289 §5.4 dequeue.
template <typename Queue>
Packet* CodelControl::Dequeue(Queue& q, const CodelParams& params, Time now) {
  Result r = DoDequeue(q, params, now);
  if (dropping_) {
    if (!r.ok_to_drop) dropping_ = false;  // sojourn below target: leave the dropping state
    // A large backlog may call for several drops now, hence the loop.
    while (now >= drop_next_ && dropping_) {
      // RFC 8289 §5 ("drop" may be "mark"), as Linux codel_dequeue: an ECT packet is
      // marked CE and sent, the next signal is scheduled as after a drop.
      if (r.packet != nullptr && q.Mark(*r.packet, now)) {
        ++count_;
        NewtonStep();  // kept in either law; only Law::kNewton reads it
        drop_next_ = ControlLaw(drop_next_, params);
        break;
      }
      q.DropHead(r.packet, now);
      ++count_;
      NewtonStep();
      r = DoDequeue(q, params, now);
      if (!r.ok_to_drop) {
        dropping_ = false;
      } else {
        drop_next_ = ControlLaw(drop_next_, params);
      }
    }
  } else if (r.ok_to_drop) {
    // Above target for a whole interval: drop (or mark an ECT packet, §5) and enter
    // the dropping state.
    if (!q.Mark(*r.packet, now)) {
      q.DropHead(r.packet, now);
      r = DoDequeue(q, params, now);
    }
    dropping_ = true;
    // Back soon after the last dropping state: resume near its drop rate (§5.4).
    const uint32_t delta = count_ - lastcount_;
    if (delta > 1 && now - drop_next_ < params.interval * 16) {
      count_ = delta;
      NewtonStep();  // ns-3 and Linux: one step from the last value
    } else {
      count_ = 1;
      rec_inv_sqrt_ = 0xffff;
    }
    drop_next_ = ControlLaw(now, params);
    lastcount_ = count_;
  }
  return r.packet;
}

}  // namespace plab
