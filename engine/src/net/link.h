// One direction of a link: a drop-tail queue in packets, serialization at `rate`, a
// propagation delay, then the channel's error model (htsim Queue + Pipe, joined here
// because every link in our topologies has exactly one of each).
//
//   Receive() -> [queue: capacity packets] -> serialize (wire_bytes / rate)
//             -> propagate (delay) -> error model -> sink->Receive()
#pragma once

#include <cstdint>
#include <deque>
#include <memory>

#include "net/error_model.h"
#include "net/packet.h"
#include "sim/scheduler.h"

namespace plab {

// Sees the queue length change (metrics); kept apart from the link's logic.
class QueueObserver {
 public:
  virtual ~QueueObserver() = default;
  virtual void OnQueueLength(Time now, int64_t packets) = 0;
};

struct LinkStats {
  int64_t packets_in = 0;
  int64_t queue_drops = 0;
  int64_t channel_drops = 0;
  int64_t delivered = 0;
};

class Link final : public PacketSink, public EventHandler {
 public:
  struct Params {
    Bandwidth rate;
    Time delay;
    int64_t queue_packets = 100;  // waiting room, not counting the packet on the wire
  };

  Link(Scheduler* scheduler, PacketPool* pool, const Params& params,
       std::unique_ptr<ErrorModel> errors);

  void set_sink(PacketSink* sink) { sink_ = sink; }
  void set_queue_observer(QueueObserver* observer) { queue_observer_ = observer; }

  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;

  int64_t queue_length() const { return static_cast<int64_t>(queue_.size()); }
  const LinkStats& stats() const { return stats_; }
  const Params& params() const { return params_; }

 private:
  enum Tag : uint32_t { kTransmitted, kArrived };
  void StartTransmission();
  void NotifyQueue();

  Scheduler* scheduler_;
  PacketPool* pool_;
  Params params_;
  std::unique_ptr<ErrorModel> errors_;
  PacketSink* sink_ = nullptr;
  QueueObserver* queue_observer_ = nullptr;

  std::deque<Packet*> queue_;
  Packet* on_wire_ = nullptr;
  struct InFlight {
    Packet* packet;
    Time arrives_at;
  };
  std::deque<InFlight> propagating_;  // FIFO: equal delay keeps order
  LinkStats stats_;
};

}  // namespace plab
