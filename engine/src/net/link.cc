#include "net/link.h"

#include <algorithm>

#include "net/route.h"

namespace plab {

Link::Link(Scheduler* scheduler, PacketPool* pool, const Params& params, std::unique_ptr<QueueDiscipline> queue,
           std::unique_ptr<ErrorModel> errors)
    : scheduler_(scheduler), pool_(pool), params_(params), queue_(std::move(queue)), errors_(std::move(errors)) {
  // A clean link asks no error model at all (one virtual call less per packet).
  if (dynamic_cast<NoErrors*>(errors_.get()) != nullptr) errors_.reset();
  drop_tail_ = dynamic_cast<DropTailQueue*>(queue_.get());
}

bool Link::WireBusy() {
  if (on_wire_ != nullptr) return true;
  if (!lazy_) return false;
  if (lazy_end_event_) return true;  // its end event has not run yet
  const Time now = scheduler_->now();
  // At the very instant it ends, the wire is still busy for an event that would have
  // run before that end event.
  if (now < wire_free_at_ || (now == wire_free_at_ && !scheduler_->Passed(wire_free_at_, lazy_mark_))) return true;
  EndLazy(wire_free_at_);
  return false;
}

void Link::EndLazy(Time finished) {
  lazy_ = false;
  lazy_end_event_ = false;
  if (queue_observer_ != nullptr) queue_observer_->OnTransmitted(wire_started_, finished);
}

// ns-3.44 NetDeviceQueue::PacketEnqueued: stopped once it could not take another packet.
void Link::StopIfFull(int64_t waiting) {
  if (params_.ns3_deferred_wake && waiting >= queue_->limit_packets()) stopped_ = true;
}

// PacketDequeued: Simulator::ScheduleNow(Wake), i.e. after the events already due now.
void Link::WakeLater() {
  if (!stopped_ || wake_pending_) return;
  wake_pending_ = true;
  wake_at_ = scheduler_->now();
  wake_mark_ = scheduler_->Mark();
}

// Whether an arrival now finds the queue still stopped (traffic control drops it).
bool Link::Stopped() {
  if (stopped_ && wake_pending_ && scheduler_->Passed(wake_at_, wake_mark_)) stopped_ = wake_pending_ = false;
  return stopped_;
}

void Link::SendOnIdleWire(Packet* p) {
  const Time now = scheduler_->now();
  if (params_.ns3_deferred_wake) {  // ns-3 enqueues it, then dequeues it at once
    StopIfFull(1);
    WakeLater();
  }
  p->enqueued_at = now;
  wire_started_ = now;
  Trace(PacketEvent::kTransmit, *p);
  lazy_ = true;
  lazy_end_event_ = false;
  lazy_mark_ = scheduler_->Mark();  // before the arrival below is scheduled, like the end event was
  wire_free_at_ = now + TransferTime(p->wire_bytes);
  lazy_prev_arrival_ = last_arrival_;
  const Time arrives = std::max(wire_free_at_ + params_.delay, last_arrival_);
  last_arrival_ = arrives;
  propagating_.push_back(p, arrives);
  if (propagating_.size() == 1) ScheduleArrival();
}

// The front packet's arrival. The lazy packet's is scheduled as its end event would
// have scheduled it: ordered as if from that event's place, when that is still ahead.
void Link::ScheduleArrival() {
  const Time at = propagating_.front().arrives_at;
  if (lazy_ && propagating_.size() == 1) {
    scheduler_->AtFrom(at, this, kArrived, arrival_generation_, wire_free_at_, lazy_mark_);
  } else {
    scheduler_->At(at, this, kArrived, arrival_generation_);
  }
}

void Link::set_delay(Time delay) {
  params_.delay = delay;
  // A lazy packet still serializing takes its arrival time from the delay in force
  // when it leaves the wire, as it did when that was an event.
  if (!lazy_ || lazy_end_event_ || scheduler_->now() >= wire_free_at_) return;
  const Time arrives = std::max(wire_free_at_ + delay, lazy_prev_arrival_);
  propagating_.back_arrives_at() = arrives;
  last_arrival_ = arrives;
  if (propagating_.size() == 1) {  // its arrival is scheduled: move it
    ++arrival_generation_;
    ScheduleArrival();
  }
}

void Link::Finish(Time end) {
  if (lazy_ && !lazy_end_event_ && wire_free_at_ <= end) EndLazy(wire_free_at_);
}

void Link::Receive(Packet* p) {
  ++stats_.packets_in;
  if (p->hop == 0) {  // entering its route: the delay figures count from here
    p->sent_at = scheduler_->now();
    p->queued = Time::Zero();
  }
  Trace(PacketEvent::kEnqueue, *p);
  if (trace_ != nullptr) {
    ReceiveTraced(p);
    return;
  }
  const bool busy = WireBusy();
  if (!busy && queue_->bypass_when_idle() && !Waiting()) {
    SendOnIdleWire(p);
    return;
  }
  // Otherwise through the discipline, even onto an idle wire, so an AQM sees every
  // arrival (ns-2 enqueues and at once dequeues); a packet that goes straight to the
  // wire never shows in the queue length.
  // A refused packet may be back in the pool once Enqueue returns: note who it was.
  const uint32_t flow = p->flow;
  const bool feedback = p->is_feedback();
  const uint64_t seq = p->trace_number();
  if (params_.ns3_deferred_wake && Stopped()) {
    queue_->CountRefused(*p);
    pool_->Release(p);
    if (packet_observer_ != nullptr) {
      packet_observer_->OnPacket(scheduler_->now(), PacketEvent::kQueueDrop, flow, feedback, seq);
    }
    NotifyQueue();
    return;
  }
  if (!Enqueue(p)) {
    if (packet_observer_ != nullptr) {
      packet_observer_->OnPacket(scheduler_->now(), PacketEvent::kQueueDrop, flow, feedback, seq);
    }
    NotifyQueue();
    return;
  }
  StopIfFull(queue_->length_packets());
  if (!busy) {
    StartNext();
  } else {
    FillDevice();
  }
  if (busy && lazy_ && !lazy_end_event_) {
    // A packet waits behind the lazy one: its end is now an event, where it would have been.
    lazy_end_event_ = true;
    scheduler_->AtMark(wire_free_at_, this, kTransmitted, 0, lazy_mark_);
  }
  NotifyQueue();
}

void Link::StartNext() {
  if (queue_->bypass_when_idle() && !Waiting()) {  // nothing to ask a drop-tail queue
    on_wire_ = nullptr;
    return;
  }
  on_wire_ = NextForWire();
  if (on_wire_ != nullptr && params_.ns3_deferred_wake) WakeLater();
  if (on_wire_ != nullptr) {
    wire_started_ = scheduler_->now();
    on_wire_->queued += wire_started_ - on_wire_->enqueued_at;
    Trace(PacketEvent::kTransmit, *on_wire_);
    scheduler_->After(TransferTime(on_wire_->wire_bytes), this, kTransmitted);
  }
}

Packet* Link::NextForWire() {
  Packet* p = nullptr;
  if (!device_.empty()) {
    p = device_.front();
    device_.pop_front();
  } else if (queue_->length_packets() > 0 || !queue_->bypass_when_idle()) {
    p = Dequeue();
  }
  FillDevice();
  return p;
}

// ns-3's QueueDisc::Run: dequeue and hand to the device until its queue stops it.
void Link::FillDevice() {
  while (static_cast<int64_t>(device_.size()) < params_.device_packets && queue_->length_packets() > 0) {
    Packet* p = Dequeue();
    if (p == nullptr) return;  // the discipline dropped what it had
    device_.push_back(p);
  }
}

void Link::ReceiveTraced(Packet* p) {
  const uint32_t flow = p->flow;
  const bool feedback = p->is_feedback();
  const uint64_t seq = p->trace_number();
  if (!Enqueue(p)) {
    if (packet_observer_ != nullptr) {
      packet_observer_->OnPacket(scheduler_->now(), PacketEvent::kQueueDrop, flow, feedback, seq);
    }
  } else {
    FillDevice();
    if (!opportunity_scheduled_) ScheduleOpportunity();
  }
  NotifyQueue();
}

// The next opportunity not yet used and not in the past (mahimahi: one at the very
// time a packet arrives serves it).
void Link::ScheduleOpportunity() {
  next_opportunity_ = std::max(next_opportunity_, trace_->FirstAtOrAfter(scheduler_->now()));
  scheduler_->At(trace_->OpportunityTime(next_opportunity_), this, kOpportunity);
  opportunity_scheduled_ = true;
}

// mahimahi's LinkQueue::use_a_delivery_opportunity: up to 1500 bytes from the head of
// the queue, a packet finishing when its last byte is sent; what is left unused of
// the opportunity is lost.
void Link::UseOpportunity() {
  opportunity_scheduled_ = false;
  ++next_opportunity_;
  const Time now = scheduler_->now();
  int64_t left = DeliveryTrace::kOpportunityBytes;
  while (left > 0) {
    if (on_wire_ == nullptr) {
      on_wire_ = Waiting() ? NextForWire() : nullptr;
      if (on_wire_ == nullptr) break;
      wire_started_ = now;
      on_wire_->queued += now - on_wire_->enqueued_at;  // waiting for an opportunity is queueing
      on_wire_bytes_left_ = on_wire_->wire_bytes;
      Trace(PacketEvent::kTransmit, *on_wire_);
    }
    const int64_t used = std::min(left, on_wire_bytes_left_);
    left -= used;
    on_wire_bytes_left_ -= used;
    if (on_wire_bytes_left_ == 0) {
      if (queue_observer_ != nullptr) queue_observer_->OnTransmitted(wire_started_, now);
      Packet* p = on_wire_;
      on_wire_ = nullptr;
      Depart(p);
    }
  }
  if (queue_observer_ != nullptr) queue_observer_->OnOpportunityUsed(now, DeliveryTrace::kOpportunityBytes - left);
  if (on_wire_ != nullptr || Waiting()) ScheduleOpportunity();
  NotifyQueue();
}

void Link::Depart(Packet* p) {
  // Arrival times never decrease (a delay made shorter mid-run holds a packet behind
  // the slower ones already on the way).
  const Time arrives = std::max(scheduler_->now() + params_.delay, last_arrival_);
  last_arrival_ = arrives;
  propagating_.push_back(p, arrives);
  if (propagating_.size() == 1) ScheduleArrival();
}

void Link::OnEvent(uint32_t tag, uint64_t arg) {
  if (tag == kOpportunity) {
    UseOpportunity();
    return;
  }
  if (tag == kArrived) {
    if (arg == arrival_generation_) Arrived();  // else moved by a delay change
    return;
  }
  if (lazy_end_event_) {  // the lazy packet is off the wire (and already on its way)
    EndLazy(scheduler_->now());
    StartNext();
    NotifyQueue();
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
    if (propagating_.size() == 1) ScheduleArrival();
    StartNext();
    NotifyQueue();
  }
}

void Link::Arrived() {
  Packet* p = propagating_.front().packet;
  propagating_.pop_front();
  if (!propagating_.empty()) ScheduleArrival();
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
  const uint64_t seq = p->trace_number();
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
