// TCP receiver: reassembles in order and returns a cumulative ACK for every data
// segment it gets, in order or not (RFC 5681 §4.2: an out-of-order segment must be
// acknowledged at once). With SACK on, each ACK carries up to three SACK blocks, the
// first holding the segment that triggered it and the rest the most recently
// changed ones (RFC 2018 §4).
//
// Delayed ACKs (RFC 1122 §4.2.3.2, RFC 5681 §4.2): in-order data is acknowledged every
// `delayed_ack_count` segments or when the delayed-ACK timer fires (when, the flow's
// timer profile says: a per-segment timer, or BSD's 200 ms heartbeat), whichever comes
// first; out-of-order data, and data that fills a hole, is acknowledged at once.
// Timestamps (RFC 7323 §4.3): the ACK echoes TS.Recent, the timestamp of the latest
// segment that arrived in order, so a delayed ACK echoes the earlier of the two.
// ECN (RFC 3168 §6.1.3): after a CE data segment every ACK carries ECE until a segment
// with CWR arrives (a receiver algorithm may echo otherwise: DCTCP, RFC 8257 §3.2).
// A flow without ECN never sees CE, so its ACKs never carry ECE.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "sim/time.h"

#include "net/packet.h"
#include "net/route.h"
#include "sim/scheduler.h"
#include "transport/endpoint.h"
#include "transport/tcp/receiver_algorithm.h"
#include "transport/tcp/tcp_header.h"
#include "transport/timer_profile.h"

namespace plab {

struct TcpReceiverStats {
  int64_t segments_received = 0;
  int64_t duplicate_segments = 0;
  int64_t acks_sent = 0;
};

struct TcpReceiverParams {
  uint32_t flow = 0;
  uint32_t ack_bytes = 40;  // headers of a bare ACK (timestamps included when on)
  bool sack = false;
  bool timestamps = false;
  // tcp.option_layout = ns3: options padded together (SACK blocks beside timestamps), and
  // the SYN-ACK's extra bytes (window scale, SACK-permitted).
  bool ns3_option_layout = false;
  uint32_t syn_ack_extra_bytes = 0;
  int delayed_ack_count = 1;  // 1 = acknowledge every segment
  Time delayed_ack_timeout = Time::FromMilliseconds(200);
  // When the delayed ACK goes out (BSD: on the next fast-timer tick); null = RFC 6298's
  // per-segment timer.
  std::shared_ptr<const TimerProfile> timers;
};

class TcpReceiver final : public ReceiverEndpoint, public EventHandler, private TcpReceiverActions {
 public:
  // `algorithm` (may be null): protocol logic living in the receiver (receiver_algorithm.h).
  TcpReceiver(Scheduler* scheduler, PacketPool* pool, const TcpReceiverParams& params,
              std::unique_ptr<TcpReceiverAlgorithm> algorithm = nullptr);

  // ReceiverEndpoint
  void set_route(const Route* route) override { route_ = route; }
  void set_observer(ReceiverObserver* observer) override { observer_ = observer; }
  // Bytes delivered in order to the application so far (= RCV.NXT).
  uint64_t in_order_bytes() const override { return rcv_nxt_; }
  int64_t feedback_sent() const override { return stats_.acks_sent; }
  void Restart(uint32_t flow) override;

  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;  // the delayed-ACK timer

  const TcpReceiverStats& stats() const { return stats_; }

 private:
  // TcpReceiverActions
  void SendAckNow() override;
  uint64_t rcv_nxt() const override { return rcv_nxt_; }
  bool ack_pending() const override { return unacked_segments_ > 0; }

  Scheduler* scheduler_;
  PacketPool* pool_;
  void AddOutOfOrder(uint64_t start, uint64_t end);
  void FillSackBlocks(Packet* ack, uint64_t trigger_seq);
  // Turns `p` (or a fresh packet) into an ACK and sends it.
  void SendAck(Packet* p, uint64_t trigger_seq);

  TcpReceiverParams params_;
  int unacked_segments_ = 0;
  uint64_t timer_generation_ = 0;
  bool timer_armed_ = false;
  Time ts_recent_;
  uint64_t last_trigger_seq_ = 0;
  uint64_t last_trigger_serial_ = 0;  // the serial of the newest segment, echoed in ACKs
  bool ece_ = false;                  // RFC 3168 §6.1.3: CE seen, no CWR since
  const Route* route_ = nullptr;
  ReceiverObserver* observer_ = nullptr;
  std::unique_ptr<TcpReceiverAlgorithm> algorithm_;

  uint64_t rcv_nxt_ = 0;
  std::map<uint64_t, uint64_t> out_of_order_;  // start -> end: disjoint, non-adjacent, above rcv_nxt_
  uint64_t buffered_bytes_ = 0;                // the bytes out_of_order_ holds
  std::vector<uint64_t> recent_;               // recently received out-of-order seqs, newest first
  TcpReceiverStats stats_;
};

}  // namespace plab
