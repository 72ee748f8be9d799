// A link's queue discipline: what waits for the wire, and what is dropped on the way
// in (drop-tail, RED) or on the way out (CoDel). The link asks for the next packet
// whenever the wire is free; the discipline answers with it or with nothing.
//
// Lengths count only packets waiting, not the one being serialized (as ns-2 and ns-3
// count a device queue). A discipline releases what it drops to the pool itself and
// counts it; the link counts what it hands on.
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "net/packet_observer.h"
#include "sim/time.h"

namespace plab {

struct QueueStats {
  int64_t enqueued = 0;
  int64_t overflow_drops = 0;  // the queue was full
  int64_t aqm_drops = 0;       // an active queue management decision (RED early drop, CoDel)
  int64_t ecn_marks = 0;       // ECT packets marked CE instead of dropped (RFC 3168 §5)
};

// Hears of each CE mark a discipline makes (the charts' marks, metrics/link_metrics.h):
// when, whose packet, and how many packets waited in the discipline then. Measurement
// only, like PacketObserver: no discipline decision may depend on it.
class MarkObserver {
 public:
  virtual ~MarkObserver() = default;
  virtual void OnCeMark(Time now, const Packet& p, int64_t queue_packets) = 0;
};

class QueueDiscipline {
 public:
  virtual ~QueueDiscipline() = default;

  // A packet arrives at `now`. Returns false if it was dropped (already released, and
  // counted in stats()). The caller must not touch a dropped packet.
  virtual bool Enqueue(Packet* p, Time now) = 0;
  // The wire is free at `now`: the next packet to send, or nullptr if none waits.
  // May drop packets on the way (CoDel), releasing them.
  virtual Packet* Dequeue(Time now) = 0;

  // What waits now. Every discipline keeps these two counts (OnAdded / OnRemoved), so
  // a link reads them on every packet without a virtual call.
  int64_t length_packets() const { return packets_; }
  int64_t length_bytes() const { return bytes_; }
  const QueueStats& stats() const { return stats_; }
  // The buffer it enforces: at most this many packets wait (what a result reports as
  // the link's queue limit, so the report is the limit in force, not one recomputed).
  virtual int64_t limit_packets() const = 0;
  // A discipline with a queue per flow (FQ-CoDel) answers how many of flow `flow`'s data
  // packets wait in theirs; -1 for one without (the queue chart then draws only the whole).
  virtual int64_t FlowQueuePackets(uint32_t /*flow*/) const { return -1; }
  // A packet that finds the queue empty and the wire free may go straight to the wire
  // without Enqueue/Dequeue (drop-tail: nothing to decide). An AQM that must see every
  // arrival (RED's average, CoDel's sojourn) says no.
  bool bypass_when_idle() const { return bypass_when_idle_; }

  // The route of a dropped packet learns of it (per-flow drop counts); call this for
  // every packet a discipline drops.
  static void CountDropOnRoute(const Packet& p);
  // A packet the link refused before Enqueue (a stopped device queue, link.h): counted
  // as an overflow drop; the link releases it.
  void CountRefused(const Packet& p) {
    ++stats_.overflow_drops;
    CountDropOnRoute(p);
  }
  // Its route learns of a CE mark (per-flow mark counts).
  static void CountMarkOnRoute(const Packet& p);

  // The packet trace, for drops made on the way out (CoDel): those happen inside
  // Dequeue, where the link cannot see them. Null unless tracing.
  void set_packet_observer(PacketObserver* observer) { packet_observer_ = observer; }
  // Who hears of the CE marks it makes (null: nobody; one null check per mark).
  void set_mark_observer(MarkObserver* observer) { mark_observer_ = observer; }

 protected:
  void OnAdded(const Packet& p) {
    ++packets_;
    bytes_ += p.wire_bytes;
    ++stats_.enqueued;
  }
  void OnRemoved(const Packet& p) {
    --packets_;
    bytes_ -= p.wire_bytes;
  }

  // RFC 3168 §5: an AQM that would signal congestion sets CE on an ECT packet instead
  // of dropping it. Returns false for a Not-ECT packet, which the caller drops.
  bool MarkCongestion(Packet& p, Time now) {
    if (!p.ect()) return false;
    p.ecn = Ecn::kCe;
    ++stats_.ecn_marks;
    CountMarkOnRoute(p);
    if (mark_observer_ != nullptr) mark_observer_->OnCeMark(now, p, packets_);
    return true;
  }

  // A drop made while dequeuing, for the packet trace; call before releasing `p`.
  void TraceDequeueDrop(Time now, const Packet& p) const {
    if (packet_observer_ != nullptr) {
      packet_observer_->OnPacket(now, PacketEvent::kQueueDrop, p.flow, p.is_feedback(), p.trace_number());
    }
  }

  QueueStats stats_;
  bool bypass_when_idle_ = false;

 private:
  int64_t packets_ = 0;
  int64_t bytes_ = 0;
  PacketObserver* packet_observer_ = nullptr;
  MarkObserver* mark_observer_ = nullptr;
};

}  // namespace plab
