// TCP receiver: reassembles in order and returns a cumulative ACK for every data
// segment it gets, in order or not (RFC 5681 §4.2: an out-of-order segment must be
// acknowledged at once). With SACK on, each ACK carries up to three SACK blocks, the
// first holding the segment that triggered it and the rest the most recently
// changed ones (RFC 2018 §4).
#pragma once

#include <cstdint>
#include <map>
#include <vector>

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
  TcpReceiver(Scheduler* scheduler, PacketPool* pool, uint32_t flow, uint32_t ack_bytes, bool sack)
      : scheduler_(scheduler), pool_(pool), flow_(flow), ack_bytes_(ack_bytes), sack_(sack) {}

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
  void AddOutOfOrder(uint64_t start, uint64_t end);
  void FillSackBlocks(Packet* ack, uint64_t trigger_seq);

  uint32_t ack_bytes_;
  bool sack_;
  PacketSink* out_ = nullptr;
  ReceiverObserver* observer_ = nullptr;

  uint64_t rcv_nxt_ = 0;
  std::map<uint64_t, uint64_t> out_of_order_;  // start -> end: disjoint, non-adjacent, above rcv_nxt_
  std::vector<uint64_t> recent_;                // recently received out-of-order seqs, newest first
  TcpReceiverStats stats_;
};

}  // namespace plab
