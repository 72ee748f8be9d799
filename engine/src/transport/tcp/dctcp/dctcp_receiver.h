// DCTCP's receiver (RFC 8257 §3.2; Alizadeh et al. 2010 §3.1, Fig. 10): it echoes the
// CE codepoint of the data it acknowledges exactly, not RFC 3168's "ECE until CWR",
// so the sender can count the marked bytes. With delayed ACKs that takes a two-state
// machine on DCTCP.CE, the CE of the last data segment:
//
//              CE segment: ACK now what waits, ECE = 0
//          .------------------------------------------------.
//          |                                                 v
//     [DCTCP.CE = 0]                                   [DCTCP.CE = 1]
//          ^                                                 |
//          '------------------------------------------------'
//            segment without CE: ACK now what waits, ECE = 1
//
// Between changes the receiver delays its ACKs as usual; every ACK carries
// ECE = DCTCP.CE. Without delayed ACKs each ACK echoes the segment that made it.
#pragma once

#include "transport/tcp/receiver_algorithm.h"

namespace plab {

class DctcpReceiver final : public TcpReceiverAlgorithm {
 public:
  void Attach(Scheduler* scheduler, TcpReceiverActions* actions) override;
  void OnSegment(Time now, const Packet& data) override;
  void OnAckBuilt(Time now, TcpHeader& ack) override;

  bool ce_state() const { return ce_; }

 private:
  TcpReceiverActions* actions_ = nullptr;
  bool ce_ = false;  // DCTCP.CE
};

}  // namespace plab
