#include "net/link.h"

namespace plab {

Link::Link(Scheduler* scheduler, PacketPool* pool, const Params& params,
           std::unique_ptr<ErrorModel> errors)
    : scheduler_(scheduler), pool_(pool), params_(params), errors_(std::move(errors)) {
  if (!errors_) errors_ = std::make_unique<NoErrors>();
}

void Link::Receive(Packet* p) {
  ++stats_.packets_in;
  if (on_wire_ == nullptr) {
    on_wire_ = p;
    StartTransmission();
    return;
  }
  if (queue_length() >= params_.queue_packets) {
    ++stats_.queue_drops;
    pool_->Release(p);
    return;
  }
  queue_.push_back(p);
  NotifyQueue();
}

void Link::StartTransmission() {
  scheduler_->After(params_.rate.TransferTime(on_wire_->wire_bytes), this, kTransmitted);
}

void Link::OnEvent(uint32_t tag, uint64_t) {
  if (tag == kTransmitted) {
    // Packets leave the wire in order and all take `delay`, so only the oldest one in
    // flight needs an arrival event; the next is scheduled when it lands. This keeps
    // the scheduler's heap small however long the pipe.
    propagating_.push_back({on_wire_, scheduler_->now() + params_.delay});
    if (propagating_.size() == 1) scheduler_->At(propagating_.front().arrives_at, this, kArrived);
    on_wire_ = nullptr;
    if (!queue_.empty()) {
      on_wire_ = queue_.front();
      queue_.pop_front();
      NotifyQueue();
      StartTransmission();
    }
    return;
  }
  Packet* p = propagating_.front().packet;
  propagating_.pop_front();
  if (!propagating_.empty()) scheduler_->At(propagating_.front().arrives_at, this, kArrived);
  if (errors_->Drop(*p, scheduler_->now())) {
    ++stats_.channel_drops;
    pool_->Release(p);
    return;
  }
  ++stats_.delivered;
  sink_->Receive(p);
}

void Link::NotifyQueue() {
  if (queue_observer_ != nullptr) queue_observer_->OnQueueLength(scheduler_->now(), queue_length());
}

}  // namespace plab
