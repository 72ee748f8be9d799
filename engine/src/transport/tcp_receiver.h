// TCP receiver: reassembles in order and returns a cumulative ACK for every data
// segment it gets, in order or not (RFC 5681 §4.2: an out-of-order segment must be
// acknowledged at once; this issue has no delayed ACKs).
#pragma once

#include <cstdint>
#include <map>

#include "net/packet.h"
#include "sim/scheduler.h"

namespace plab {

class ReceiverObserver {
 public:
  virtual ~ReceiverObserver() = default;
  virtual void OnInOrderBytes(Time now, uint64_t in_order_bytes) = 0;
};

struct TcpReceiverStats {
  int64_t segments_received = 0;
  int64_t duplicate_segments = 0;
  int64_t acks_sent = 0;
};

class TcpReceiver final : public PacketSink {
 public:
  TcpReceiver(Scheduler* scheduler, PacketPool* pool, uint32_t flow, uint32_t ack_bytes)
      : scheduler_(scheduler), pool_(pool), flow_(flow), ack_bytes_(ack_bytes) {}

  void set_out(PacketSink* out) { out_ = out; }
  void set_observer(ReceiverObserver* observer) { observer_ = observer; }

  void Receive(Packet* p) override;

  // Bytes delivered in order to the application so far (= RCV.NXT).
  uint64_t in_order_bytes() const { return rcv_nxt_; }
  const TcpReceiverStats& stats() const { return stats_; }

 private:
  Scheduler* scheduler_;
  PacketPool* pool_;
  uint32_t flow_;
  uint32_t ack_bytes_;
  PacketSink* out_ = nullptr;
  ReceiverObserver* observer_ = nullptr;

  uint64_t rcv_nxt_ = 0;
  std::map<uint64_t, uint64_t> out_of_order_;  // start -> end, disjoint, above rcv_nxt_
  TcpReceiverStats stats_;
};

}  // namespace plab
