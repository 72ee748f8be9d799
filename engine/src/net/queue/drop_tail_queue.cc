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
  OnAdded(*p);
  return true;
}

Packet* DropTailQueue::Dequeue(Time) {
  if (queue_.empty()) return nullptr;
  Packet* p = queue_.front();
  queue_.pop_front();
  OnRemoved(*p);
  return p;
}

}  // namespace plab
