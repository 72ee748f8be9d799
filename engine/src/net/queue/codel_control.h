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
};

class CodelControl {
 public:
  // RFC 8289 §5.4 dequeue: the next packet to send from `q`, or nullptr.
  template <typename Queue>
  Packet* Dequeue(Queue& q, const CodelParams& params, Time now);

  bool dropping() const { return dropping_; }
  uint32_t count() const { return count_; }
  Time drop_next() const { return drop_next_; }

 private:
  struct Result {
    Packet* packet;
    bool ok_to_drop;
  };
  template <typename Queue>
  Result DoDequeue(Queue& q, const CodelParams& params, Time now);
  // RFC 8289 §5.3: t + interval / sqrt(count), to the nanosecond (sqrt is correctly
  // rounded by IEEE 754, so native and WASM agree).
  static Time ControlLaw(Time t, Time interval, uint32_t count) {
    const double gap_ns = static_cast<double>(interval.ns()) / std::sqrt(static_cast<double>(count));
    return t + Time::FromNanoseconds(static_cast<int64_t>(gap_ns));
  }

  Time first_above_time_ = Time::Zero();  // 0: not above target
  Time drop_next_ = Time::Zero();
  uint32_t count_ = 0;
  uint32_t lastcount_ = 0;
  bool dropping_ = false;
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
        drop_next_ = ControlLaw(drop_next_, params.interval, count_);
        break;
      }
      q.DropHead(r.packet, now);
      ++count_;
      r = DoDequeue(q, params, now);
      if (!r.ok_to_drop) {
        dropping_ = false;
      } else {
        drop_next_ = ControlLaw(drop_next_, params.interval, count_);
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
    count_ = 1;
    if (delta > 1 && now - drop_next_ < params.interval * 16) count_ = delta;
    drop_next_ = ControlLaw(now, params.interval, count_);
    lastcount_ = count_;
  }
  return r.packet;
}

}  // namespace plab
