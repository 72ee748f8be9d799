#include "net/queue/codel_queue.h"

#include <cmath>

namespace plab {

bool CodelQueue::Enqueue(Packet* p, Time now) {
  if (length_packets() >= params_.limit_packets) {
    ++stats_.overflow_drops;
    CountDropOnRoute(*p);
    pool_->Release(p);
    return false;
  }
  p->enqueued_at = now;  // the RFC's tstamp
  queue_.push_back(p);
  OnAdded(*p);
  return true;
}

// RFC 8289 §5.3 dodequeue.
CodelQueue::Result CodelQueue::DoDequeue(Time now) {
  Result r{nullptr, false};
  if (queue_.empty()) {
    first_above_time_ = Time::Zero();  // an empty queue is not above target
    return r;
  }
  r.packet = queue_.front();
  queue_.pop_front();
  OnRemoved(*r.packet);
  const Time sojourn = now - r.packet->enqueued_at;
  if (sojourn < params_.target || length_bytes() <= params_.mtu_bytes) {
    first_above_time_ = Time::Zero();  // went below: stay below for at least interval
  } else if (first_above_time_ == Time::Zero()) {
    first_above_time_ = now + params_.interval;  // just went above
  } else if (now >= first_above_time_) {
    r.ok_to_drop = true;
  }
  return r;
}

// RFC 8289 §5.3: t + interval / sqrt(count), to the nanosecond (sqrt is correctly
// rounded by IEEE 754, so native and WASM agree).
Time CodelQueue::ControlLaw(Time t, uint32_t count) const {
  const double gap_ns = static_cast<double>(params_.interval.ns()) / std::sqrt(static_cast<double>(count));
  return t + Time::FromNanoseconds(static_cast<int64_t>(gap_ns));
}

void CodelQueue::DropAtHead(Packet* p, Time now) {
  ++stats_.aqm_drops;
  TraceDequeueDrop(now, *p);
  CountDropOnRoute(*p);
  pool_->Release(p);
}

// RFC 8289 §5.4 dequeue.
Packet* CodelQueue::Dequeue(Time now) {
  Result r = DoDequeue(now);
  if (dropping_) {
    if (!r.ok_to_drop) dropping_ = false;  // sojourn below target: leave the dropping state
    // A large backlog may call for several drops now, hence the loop.
    while (now >= drop_next_ && dropping_) {
      // RFC 8289 §5 ("drop" may be "mark"), as Linux codel_dequeue: an ECT packet is
      // marked CE and sent, the next signal is scheduled as after a drop.
      if (r.packet != nullptr && MarkCongestion(*r.packet)) {
        ++count_;
        drop_next_ = ControlLaw(drop_next_, count_);
        break;
      }
      DropAtHead(r.packet, now);
      ++count_;
      r = DoDequeue(now);
      if (!r.ok_to_drop) {
        dropping_ = false;
      } else {
        drop_next_ = ControlLaw(drop_next_, count_);
      }
    }
  } else if (r.ok_to_drop) {
    // Above target for a whole interval: drop (or mark an ECT packet, §5) and enter
    // the dropping state.
    if (!MarkCongestion(*r.packet)) {
      DropAtHead(r.packet, now);
      r = DoDequeue(now);
    }
    dropping_ = true;
    // Back soon after the last dropping state: resume near its drop rate (§5.4).
    const uint32_t delta = count_ - lastcount_;
    count_ = 1;
    if (delta > 1 && now - drop_next_ < params_.interval * 16) count_ = delta;
    drop_next_ = ControlLaw(now, count_);
    lastcount_ = count_;
  }
  return r.packet;
}

}  // namespace plab
