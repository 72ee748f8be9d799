// NewReno (RFC 6582): Reno's fast recovery, but a partial ACK (one that does not
// cover `recover`, the highest byte sent when recovery began) keeps recovery going:
// retransmit the next hole at once, deflate cwnd by the newly acknowledged data and
// add back one SMSS. Recovery ends with the full ACK. A new fast retransmit is only
// started when the cumulative ACK covers more than `recover` (§3.2 step 1), which
// avoids multiple window reductions after a timeout.
//
// Choices the RFC leaves open: on the full ACK cwnd = min(ssthresh, max(FlightSize, SMSS) + SMSS)
// (§3.2 step 3, option 1, which avoids a burst); the retransmission timer is reset
// only on the first partial ACK ("Impatient" variant, RFC 6582 §4).
#pragma once

#include "transport/tcp/recovery/early_retransmit.h"

namespace plab {

class NewRenoRecovery final : public LossRecovery {
 public:
  // With early retransmission a duplicate ACK before the threshold also starts
  // recovery when the fine-grained timer has expired (Vegas, TCP-ER; early_retransmit.h).
  explicit NewRenoRecovery(EarlyRetransmit early = EarlyRetransmit::kOff) : early_(early) {}
  void OnDupAck(TcpState& state, RecoveryActions& actions) override;
  void OnAckInRecovery(TcpState& state, uint64_t acked_bytes, RecoveryActions& actions) override;

 private:
  EarlyRetransmit early_;
  bool partial_ack_seen_ = false;
  int kept_at_exit_ = 0;  // segments above ssthresh the full ACK keeps (TCP-ER, early_retransmit.h)
};

}  // namespace plab
