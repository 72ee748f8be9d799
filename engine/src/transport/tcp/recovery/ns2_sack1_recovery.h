// SACK recovery as ns-2's Agent/TCP/Sack1 did it (Fall & Floyd 1996; ns-2.35
// tcp/tcp-sack1.cc), the SACK of the papers of that era (LE §3.1 ran it), beside the
// lab's RFC 6675 SACK. What differs is how the data in flight ("pipe") is counted:
//   entering recovery (DupThresh duplicate ACKs, not after a loss it already answered):
//     pipe = packets outstanding - DupThresh, cwnd and ssthresh halved, retransmit
//     the first hole;
//   every ACK during recovery takes one packet out of pipe, a partial ACK one more
//     (and restarts the timer); every packet sent puts one in;
//   send while pipe < cwnd: the next hole below the highest SACK not yet
//     retransmitted in this recovery, else new data;
//   recovery ends when the cumulative ACK passes the recovery point.
// RFC 6675 instead recomputes pipe from the scoreboard on every ACK, SACKed segments
// leaving at once, so it resumes sending sooner after a large loss. With Sack1 a
// window of 32 repairs about cwnd/4 = 8 losses in one RTT and needs its timer beyond
// about cwnd/2 + 2 = 18; a retransmission lost again always waits for the timer.
#pragma once

#include "transport/tcp/recovery/loss_recovery.h"

namespace plab {

class Ns2Sack1Recovery final : public LossRecovery {
 public:
  void OnDupAck(TcpState& state, RecoveryActions& actions) override;
  void OnAckInRecovery(TcpState& state, uint64_t acked_bytes, RecoveryActions& actions) override;
  void OnTimeout(TcpState& state) override;
  void OnSegmentSent(uint64_t seq, uint32_t length, uint64_t serial, bool retransmission) override;
  SendChoice NextSegment(TcpState& state, const Scoreboard& scoreboard, const SendLimits& limits) override;

  int64_t pipe() const { return pipe_; }

 private:
  bool in_recovery_ = false;
  int64_t pipe_ = 0;              // packets, counted as ns-2 counts them
  uint64_t next_retransmit_ = 0;  // holes below it were retransmitted in this recovery
};

}  // namespace plab
