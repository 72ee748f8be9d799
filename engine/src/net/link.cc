#include "net/link.h"

#include <algorithm>

#include "net/route.h"

namespace plab {

Link::Link(Scheduler* scheduler, PacketPool* pool, const Params& params, std::unique_ptr<QueueDiscipline> queue,
           std::unique_ptr<ErrorModel> errors)
    : scheduler_(scheduler),
      pool_(pool),
      params_(params),
      queue_(std::move(queue)),
      errors_(std::move(errors)) {
  // A clean link asks no error model at all (one virtual call less per packet).
  if (dynamic_cast<NoErrors*>(errors_.get()) != nullptr) errors_.reset();
  drop_tail_ = dynamic_cast<DropTailQueue*>(queue_.get());
}

void Link::Receive(Packet* p) {
  ++stats_.packets_in;
  Trace(PacketEvent::kEnqueue, *p);
  if (on_wire_ == nullptr && queue_->bypass_when_idle() && queue_->length_packets() == 0) {
    p->enqueued_at = scheduler_->now();
    on_wire_ = p;
    wire_started_ = scheduler_->now();
    Trace(PacketEvent::kTransmit, *p);
    scheduler_->After(TransferTime(on_wire_->wire_bytes), this, kTransmitted);
    return;
  }
  // Otherwise through the discipline, even onto an idle wire, so an AQM sees every
  // arrival (ns-2 enqueues and at once dequeues); a packet that goes straight to the
  // wire never shows in the queue length.
  // A refused packet may be back in the pool once Enqueue returns: note who it was.
  const uint32_t flow = p->flow;
  const bool feedback = p->is_feedback();
  const uint64_t seq = feedback ? 0 : p->seq;
  if (!Enqueue(p)) {
    if (packet_observer_ != nullptr) {
      packet_observer_->OnPacket(scheduler_->now(), PacketEvent::kQueueDrop, flow, feedback, seq);
    }
    NotifyQueue();
    return;
  }
  if (on_wire_ == nullptr) StartNext();
  NotifyQueue();
}

void Link::StartNext() {
  if (queue_->bypass_when_idle() && queue_->length_packets() == 0) {  // nothing to ask a drop-tail queue
    on_wire_ = nullptr;
    return;
  }
  on_wire_ = Dequeue();
  if (on_wire_ != nullptr) {
    wire_started_ = scheduler_->now();
    Trace(PacketEvent::kTransmit, *on_wire_);
    scheduler_->After(TransferTime(on_wire_->wire_bytes), this, kTransmitted);
  }
}

void Link::OnEvent(uint32_t tag, uint64_t) {
  if (tag == kArrived) {
    Arrived();
    return;
  }
  {
    if (queue_observer_ != nullptr) queue_observer_->OnTransmitted(wire_started_, scheduler_->now());
    // Packets leave the wire in order; only the oldest one in flight needs an arrival
    // event, and the next is scheduled when it lands, which keeps the scheduler's heap
    // small however long the pipe. Arrival times never decrease: a delay made shorter
    // mid-run holds a packet behind the slower ones already on the way.
    const Time arrives = std::max(scheduler_->now() + params_.delay, last_arrival_);
    last_arrival_ = arrives;
    propagating_.push_back(on_wire_, arrives);
    if (propagating_.size() == 1) scheduler_->At(propagating_.front().arrives_at, this, kArrived);
    StartNext();
    NotifyQueue();
  }
}

void Link::Arrived() {
  Packet* p = propagating_.front().packet;
  propagating_.pop_front();
  if (!propagating_.empty()) scheduler_->At(propagating_.front().arrives_at, this, kArrived);
  if (errors_ != nullptr && errors_->Drop(*p, scheduler_->now())) {
    ++stats_.link_drops;
    Trace(PacketEvent::kErrorDrop, *p);
    ++p->route->stats.link_drops;
    if (p->route->witness != nullptr) p->route->witness->OnLost(*p, DropCause::kError);
    pool_->Release(p);
    return;
  }
  ++stats_.delivered;
  if (packet_observer_ != nullptr) {
    TraceForward(p);
    return;
  }
  ForwardAlongRoute(p, scheduler_->now(), pool_);
}

// Traced runs only: the flow's channel may drop (and release) the packet on the way
// out, so who it was is noted first; the arrival is traced before the next hop sees it.
void Link::TraceForward(Packet* p) {
  const Route* route = p->route;
  if (route->channel == nullptr || route->channel_hop != p->hop) {
    Trace(PacketEvent::kArrive, *p);
    ForwardAlongRoute(p, scheduler_->now(), pool_);
    return;
  }
  const uint32_t flow = p->flow;
  const bool feedback = p->is_feedback();
  const uint64_t seq = feedback ? 0 : p->seq;
  const Time now = scheduler_->now();
  if (!ForwardAlongRoute(p, now, pool_)) {
    packet_observer_->OnPacket(now, PacketEvent::kChannelDrop, flow, feedback, seq);
  } else {
    packet_observer_->OnPacket(now, PacketEvent::kArrive, flow, feedback, seq);
  }
}

void Link::NotifyQueue() {
  const int64_t length = queue_->length_packets();
  if (length == notified_length_) return;
  notified_length_ = length;
  if (queue_observer_ != nullptr) queue_observer_->OnQueueLength(scheduler_->now(), length);
}

}  // namespace plab
