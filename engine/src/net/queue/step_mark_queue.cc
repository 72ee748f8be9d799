#include "net/queue/step_mark_queue.h"

namespace plab {

bool StepMarkQueue::Drop(Packet* p, bool overflow) {
  ++(overflow ? stats_.overflow_drops : stats_.aqm_drops);
  CountDropOnRoute(*p);
  pool_->Release(p);
  return false;
}

bool StepMarkQueue::Enqueue(Packet* p, Time now) {
  const int64_t q = length_packets();
  if (q >= params_.limit_packets) return Drop(p, true);
  // DCTCP §3.1: the instantaneous queue at or above K marks (or, Not-ECT, drops).
  if (q >= params_.k_packets && !MarkCongestion(*p, now)) return Drop(p, false);
  p->enqueued_at = now;
  queue_.push_back(p);
  OnAdded(*p);
  return true;
}

Packet* StepMarkQueue::Dequeue(Time) {
  if (queue_.empty()) return nullptr;
  Packet* p = queue_.front();
  queue_.pop_front();
  OnRemoved(*p);
  return p;
}

}  // namespace plab
