// One direction of a link: a queue discipline, serialization at `rate`, a propagation
// delay, then the link's own error model (htsim Queue + Pipe, joined here because
// every link in our topologies has exactly one of each). A packet that gets through
// goes on along its own route (net/route.h), so one link serves any number of flows.
//
//   Receive() -> [queue discipline] -> serialize (wire_bytes / rate)
//             -> propagate (delay) -> link error model -> the flow's channel, if here
//             -> next hop of the packet's route
//
// With `device_packets` > 0 a device stage sits between the discipline and the wire, as
// a router's interface queue below its qdisc (ns-3's NetDevice queue, which ns-3's
// traffic control fills from the queue disc only while it has room; a Linux driver's
// ring under BQL): the discipline is dequeued when the device has room, so an AQM's
// sojourn ends there and its queue length leaves the device's packets out, as ns-3 and
// `tc` count them.
//
// With `ns3_deferred_wake` (topology.bottleneck.device_wake = ns3; with no device stage
// and no delivery trace) a full queue takes packets again as ns-3.44's device queue does:
// not at the instant one leaves, but after the events already due then (see Params).
//
// With a delivery trace (net/delivery_trace.h, mahimahi's format) a direction sends
// at the trace's opportunities instead of at `rate`: the queue discipline still holds
// (and drops) what waits, and each opportunity takes up to 1500 bytes from its head.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "net/delivery_trace.h"
#include "net/error_model.h"
#include "net/in_flight_fifo.h"
#include "net/packet.h"
#include "net/packet_observer.h"
#include "net/queue/drop_tail_queue.h"
#include "net/queue/queue_discipline.h"
#include "sim/scheduler.h"

namespace plab {

// Sees the queue length change (metrics); kept apart from the link's logic.
class QueueObserver {
 public:
  virtual ~QueueObserver() = default;
  virtual void OnQueueLength(Time now, int64_t packets) = 0;
  // The wire was busy sending one packet over [started, finished] (utilization).
  virtual void OnTransmitted(Time /*started*/, Time /*finished*/) {}
  // A traced link used `bytes` of an opportunity at `now` (utilization by the trace).
  virtual void OnOpportunityUsed(Time /*now*/, int64_t /*bytes*/) {}
};

struct LinkStats {
  int64_t packets_in = 0;
  int64_t link_drops = 0;  // lost to the link's own error model
  int64_t delivered = 0;   // handed to the next hop (before any flow channel)
};

class Link final : public PacketSink, public EventHandler {
 public:
  struct Params {
    Bandwidth rate;
    Time delay;
    int64_t device_packets = 0;  // the device stage's room; 0: the discipline feeds the wire
    // ns-3.44's NetDeviceQueue (net-device-queue-interface.h): a drop-tail device queue
    // that an arrival left full is stopped, and a departure wakes it only by
    // Simulator::ScheduleNow, after the events already due at that instant; traffic
    // control drops what arrives while it is stopped. False: room at once.
    bool ns3_deferred_wake = false;
  };

  // `errors` may be null (a clean link).
  Link(Scheduler* scheduler, PacketPool* pool, const Params& params, std::unique_ptr<QueueDiscipline> queue,
       std::unique_ptr<ErrorModel> errors);

  void set_queue_observer(QueueObserver* observer) { queue_observer_ = observer; }
  // The queue discipline sees it too, for the drops it makes as packets leave (CoDel).
  void set_packet_observer(PacketObserver* observer) {
    packet_observer_ = observer;
    queue_->set_packet_observer(observer);
  }
  PacketObserver* packet_observer() const { return packet_observer_; }

  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;

  // From then on this direction delivers at the trace's opportunities; `rate` is no
  // longer used for serialization. Set before the first packet.
  void set_trace(std::unique_ptr<DeliveryTrace> trace) { trace_ = std::move(trace); }
  const DeliveryTrace* trace() const { return trace_.get(); }

  // Live changes (Simulation::Set): take effect from the next packet serialized.
  void set_rate(Bandwidth rate) { params_.rate = rate; }
  void set_delay(Time delay);
  // At the end of a run: a packet sent straight onto the idle wire and done by `end`
  // is reported to the queue observer (utilization), as its end event would have.
  void Finish(Time end);

  // The discipline's packets (not the device stage's, not the one being sent).
  int64_t queue_length() const { return queue_->length_packets(); }
  int64_t device_length() const { return static_cast<int64_t>(device_.size()); }
  const LinkStats& stats() const { return stats_; }
  const QueueStats& queue_stats() const { return queue_->stats(); }
  const Params& params() const { return params_; }
  QueueDiscipline& queue() { return *queue_; }
  const QueueDiscipline& queue() const { return *queue_; }

 private:
  enum Tag : uint32_t { kTransmitted, kArrived, kOpportunity };
  // A traced direction: packets wait in the discipline until an opportunity.
  void ReceiveTraced(Packet* p);
  void ScheduleOpportunity();
  void UseOpportunity();
  void Depart(Packet* p);  // off the wire now: on to the propagation delay
  void StartNext();
  // The next packet for the wire: the device stage's oldest, else the discipline's
  // (null: none, or the discipline dropped what it had). Refills the device stage.
  Packet* NextForWire();
  void FillDevice();  // moves packets from the discipline while the device has room
  bool Waiting() const { return queue_->length_packets() > 0 || !device_.empty(); }
  bool Enqueue(Packet* p) {
    return drop_tail_ != nullptr ? drop_tail_->Enqueue(p, scheduler_->now()) : queue_->Enqueue(p, scheduler_->now());
  }
  Packet* Dequeue() {
    return drop_tail_ != nullptr ? drop_tail_->Dequeue(scheduler_->now()) : queue_->Dequeue(scheduler_->now());
  }
  void Arrived();  // the oldest packet in flight reaches the far end
  // Serialization time of `wire_bytes` at the current rate. Packets of a flow come in
  // a few sizes (data, ACK): the last answer is kept, saving a 64-bit division each.
  Time TransferTime(uint32_t wire_bytes) {
    if (wire_bytes != cached_bytes_ || params_.rate.bps() != cached_rate_bps_) {
      cached_bytes_ = wire_bytes;
      cached_rate_bps_ = params_.rate.bps();
      cached_transfer_ = params_.rate.TransferTime(wire_bytes);
    }
    return cached_transfer_;
  }
  void NotifyQueue();

  Scheduler* scheduler_;
  PacketPool* pool_;
  Params params_;
  std::unique_ptr<QueueDiscipline> queue_;
  DropTailQueue* drop_tail_ = nullptr;  // queue_ when it is drop-tail: called directly
  std::unique_ptr<ErrorModel> errors_;  // null: a clean link
  QueueObserver* queue_observer_ = nullptr;
  PacketObserver* packet_observer_ = nullptr;
  void Trace(PacketEvent event, const Packet& p) {
    if (packet_observer_ != nullptr) {
      packet_observer_->OnPacketSeen(scheduler_->now(), event, p);
    }
  }
  void TraceForward(Packet* p);
  int64_t notified_length_ = 0;
  uint32_t cached_bytes_ = 0;
  int64_t cached_rate_bps_ = -1;  // none cached yet
  Time cached_transfer_;

  Packet* on_wire_ = nullptr;
  std::deque<Packet*> device_;  // the device stage (params_.device_packets), oldest first
  Time wire_started_;           // when on_wire_ began serializing (for the observer only)

  // A packet that finds the wire idle and nothing queued is sent at once: it goes
  // straight into propagating_ with its arrival time, and the wire is busy until
  // wire_free_at_ with no event to say so. Only when a packet queues behind it is its
  // end scheduled (kTransmitted at lazy_mark_, where the per-packet event would have
  // sorted), so every event still runs in the same order and the results are the
  // same bit for bit; the access links and the ACK path, whose queues are nearly
  // always empty, take one event per packet instead of two.
  bool WireBusy();  // ends a lazy packet whose time is up
  void SendOnIdleWire(Packet* p);
  void ScheduleArrival();
  void EndLazy(Time finished);
  bool lazy_ = false;            // the wire is (or was until wire_free_at_) busy with a lazy packet
  bool lazy_end_event_ = false;  // its kTransmitted event is scheduled
  Time wire_free_at_;
  Time lazy_prev_arrival_;  // last_arrival_ before it (a delay change recomputes its arrival)
  uint64_t lazy_mark_ = 0;
  uint64_t arrival_generation_ = 0;       // an arrival event with another generation is stale
  std::unique_ptr<DeliveryTrace> trace_;  // null: serialization at params_.rate
  uint64_t next_opportunity_ = 0;         // the first opportunity not yet used (or passed)
  bool opportunity_scheduled_ = false;
  int64_t on_wire_bytes_left_ = 0;  // traced: bytes of on_wire_ still to send
  InFlightFifo propagating_;        // FIFO: a delay change only applies to later packets
  Time last_arrival_;               // of the newest packet in flight: arrivals never go back
  LinkStats stats_;
  // params_.ns3_deferred_wake: the queue is stopped (an arrival left it full); a
  // departure since then wakes it at (wake_at_, wake_mark_), its ScheduleNow's place.
  void StopIfFull(int64_t waiting);
  void WakeLater();
  bool Stopped();
  bool stopped_ = false;
  bool wake_pending_ = false;
  Time wake_at_;
  uint64_t wake_mark_ = 0;
};

}  // namespace plab
