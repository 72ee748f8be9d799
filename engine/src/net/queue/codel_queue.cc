#include "net/queue/codel_queue.h"

namespace plab {

bool CodelQueue::Enqueue(Packet* p, Time now) {
  if (length_packets() >= limit_packets_) {
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

Packet* CodelQueue::PopHead() {
  if (queue_.empty()) return nullptr;
  Packet* p = queue_.front();
  queue_.pop_front();
  OnRemoved(*p);
  return p;
}

void CodelQueue::DropHead(Packet* p, Time now) {
  ++stats_.aqm_drops;
  TraceDequeueDrop(now, *p);
  CountDropOnRoute(*p);
  pool_->Release(p);
}

// RFC 8289 §5.4 (codel_control.h).
Packet* CodelQueue::Dequeue(Time now) { return codel_.Dequeue(*this, codel_params_, now); }

}  // namespace plab
