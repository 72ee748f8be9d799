// Protocol logic that lives in the TCP receiver. A receiver-driven protocol (TCP-Real,
// whose receiver measures each wave and decides the sender's next window) plugs in
// here: it sees every data segment as it arrives, writes its decisions into the
// option block of every ACK (TcpHeader::option), and may keep timers of its own on
// the scheduler it is given and ask for an ACK to go out at once. The sender's
// congestion control reads the fields back in CongestionControl::OnAckHeader.
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "sim/scheduler.h"
#include "transport/tcp/tcp_header.h"

namespace plab {

// What a receiver algorithm may ask of its receiver.
class TcpReceiverActions {
 public:
  virtual ~TcpReceiverActions() = default;
  // Sends an ACK now (e.g. when a decision timer fires with no segment to answer).
  virtual void SendAckNow() = 0;
  virtual uint64_t rcv_nxt() const = 0;
  // Whether in-order data waits for a delayed ACK.
  virtual bool ack_pending() const = 0;
};

class TcpReceiverAlgorithm {
 public:
  virtual ~TcpReceiverAlgorithm() = default;
  // Called once before the first segment.
  virtual void Attach(Scheduler* /*scheduler*/, TcpReceiverActions* /*actions*/) {}
  // A data segment arrived (before the receiver updates RCV.NXT for it).
  virtual void OnSegment(Time now, const Packet& data) = 0;
  // An ACK is about to leave: write this algorithm's fields into ack.option (or
  // overwrite the receiver's ECN echo, ack.ece, as DCTCP does).
  virtual void OnAckBuilt(Time now, TcpHeader& ack) = 0;
};

}  // namespace plab
