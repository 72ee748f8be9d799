#include "net/queue/drop_tail_queue.h"

namespace plab {

bool DropTailQueue::Enqueue(Packet* p, Time now) {
  if (length_packets() >= limit_packets_) {
    ++stats_.overflow_drops;
    CountDropOnRoute(*p);
    pool_->Release(p);
    return false;
  }
  p->enqueued_at = now;
  queue_.push_back(p);
  bytes_ += p->wire_bytes;
  ++stats_.enqueued;
  return true;
}

Packet* DropTailQueue::Dequeue(Time) {
  if (queue_.empty()) return nullptr;
  Packet* p = queue_.front();
  queue_.pop_front();
  bytes_ -= p->wire_bytes;
  return p;
}

}  // namespace plab
