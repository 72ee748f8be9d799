#include "net/queue/fq_codel_queue.h"

namespace plab {

FqCodelQueue::FqCodelQueue(PacketPool* pool, const Params& params)
    : pool_(pool), params_(params), queues_(static_cast<size_t>(params.flows)) {}

int64_t FqCodelQueue::SubQueueOf(const Packet& p) const {
  const uint64_t tuple = 2 * static_cast<uint64_t>(p.flow) + (p.is_feedback() ? 1 : 0);
  return static_cast<int64_t>(tuple % static_cast<uint64_t>(params_.flows));
}

int64_t FqCodelQueue::FlowQueuePackets(uint32_t flow) const {
  return SubQueuePackets(
      static_cast<int64_t>((2 * static_cast<uint64_t>(flow)) % static_cast<uint64_t>(params_.flows)));
}

FqCodelQueue::SubQueue& FqCodelQueue::At(int64_t i) {
  std::unique_ptr<SubQueue>& q = queues_[static_cast<size_t>(i)];
  if (q == nullptr) q = std::make_unique<SubQueue>();
  return *q;
}

int64_t FqCodelQueue::SubQueuePackets(int64_t i) const {
  const auto& q = queues_[static_cast<size_t>(i)];
  return q == nullptr ? 0 : static_cast<int64_t>(q->packets.size());
}

int64_t FqCodelQueue::SubQueueBytes(int64_t i) const {
  const auto& q = queues_[static_cast<size_t>(i)];
  return q == nullptr ? 0 : q->bytes;
}

int64_t FqCodelQueue::deficit(int64_t i) const {
  const auto& q = queues_[static_cast<size_t>(i)];
  return q == nullptr ? 0 : q->deficit;
}

const CodelControl* FqCodelQueue::codel(int64_t i) const {
  const auto& q = queues_[static_cast<size_t>(i)];
  return q == nullptr ? nullptr : &q->codel;
}

void FqCodelQueue::Release(Packet* p) {
  CountDropOnRoute(*p);
  pool_->Release(p);
}

Packet* FqCodelQueue::CodelView::PopHead() {
  if (q_->packets.empty()) return nullptr;
  Packet* p = q_->packets.front();
  q_->packets.pop_front();
  q_->bytes -= p->wire_bytes;
  fq_->OnRemoved(*p);
  return p;
}

void FqCodelQueue::CodelView::DropHead(Packet* p, Time now) {
  ++fq_->stats_.aqm_drops;
  fq_->TraceDequeueDrop(now, *p);
  fq_->Release(p);
}

// RFC 8290 §4.1.
bool FqCodelQueue::Enqueue(Packet* p, Time now) {
  const int64_t i = SubQueueOf(*p);
  SubQueue& q = At(i);
  p->enqueued_at = now;  // CoDel's timestamp
  q.packets.push_back(p);
  q.bytes += p->wire_bytes;
  OnAdded(*p);
  if (q.list == List::kNone) {
    // A flow with no queue becomes a new flow, with a quantum of credit.
    new_flows_.push_back(i);
    q.list = List::kNew;
    q.deficit = params_.quantum_bytes;
  }
  if (length_packets() <= params_.limit_packets) return true;
  return DropFromFattest(p, now);
}

// RFC 8290 §4.1: "drop packets from the head of the queue with the largest current byte
// count"; Linux's fq_codel_drop drops a batch from it: until half its bytes are gone, at
// most drop_batch packets.
bool FqCodelQueue::DropFromFattest(const Packet* arrived, Time now) {
  int64_t fattest = -1;
  int64_t most = -1;
  for (const auto* list : {&new_flows_, &old_flows_}) {
    for (int64_t i : *list) {
      const int64_t bytes = queues_[static_cast<size_t>(i)]->bytes;
      if (bytes > most || (bytes == most && i < fattest)) {
        most = bytes;
        fattest = i;
      }
    }
  }
  SubQueue& q = *queues_[static_cast<size_t>(fattest)];
  const int64_t threshold = q.bytes / 2;
  int64_t dropped_bytes = 0;
  bool arrived_dropped = false;
  for (int64_t n = 0; n < params_.drop_batch && dropped_bytes < threshold && !q.packets.empty(); ++n) {
    Packet* p = q.packets.front();
    q.packets.pop_front();
    q.bytes -= p->wire_bytes;
    OnRemoved(*p);
    dropped_bytes += p->wire_bytes;
    ++stats_.overflow_drops;
    if (p == arrived) {
      arrived_dropped = true;  // the link traces a refused arrival itself
    } else {
      TraceDequeueDrop(now, *p);
    }
    Release(p);
  }
  return !arrived_dropped;
}

// RFC 8290 §4.2-§4.3.
Packet* FqCodelQueue::Dequeue(Time now) {
  while (true) {
    std::deque<int64_t>* head = &new_flows_;
    if (head->empty()) head = &old_flows_;
    if (head->empty()) return nullptr;
    const int64_t i = head->front();
    SubQueue& q = *queues_[static_cast<size_t>(i)];
    if (q.deficit <= 0) {
      // Its credit is spent: a quantum more, and to the back of the old flows.
      q.deficit += params_.quantum_bytes;
      head->pop_front();
      old_flows_.push_back(i);
      q.list = List::kOld;
      continue;
    }
    CodelView view(this, &q);
    Packet* p = q.codel.Dequeue(view, params_.codel, now);
    if (p == nullptr) {
      head->pop_front();
      if (head == &new_flows_ && !old_flows_.empty()) {
        // An emptied new flow passes through old_flows before it may be new again.
        old_flows_.push_back(i);
        q.list = List::kOld;
      } else {
        q.list = List::kNone;
      }
      continue;
    }
    q.deficit -= p->wire_bytes;
    return p;
  }
}

}  // namespace plab
