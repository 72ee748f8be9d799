// Reno fast retransmit / fast recovery (RFC 5681 §3.2):
//   3rd dupack: ssthresh = max(FlightSize/2, 2 SMSS); retransmit; cwnd = ssthresh + 3 SMSS
//   each further dupack: cwnd += SMSS (inflation: each one is a packet that left)
//   the next ACK of new data (even partial): cwnd = ssthresh, recovery ends.
// With several losses in one window the partial ACK ends recovery early, and the
// next loss needs three more dupacks or, usually, a timeout (Fall & Floyd 1996).
#pragma once

#include "transport/tcp/recovery/loss_recovery.h"

namespace plab {

class RenoRecovery final : public LossRecovery {
 public:
  void OnDupAck(TcpState& state, RecoveryActions& actions) override;
  void OnAckInRecovery(TcpState& state, uint64_t acked_bytes, RecoveryActions& actions) override;
};

// Shared by Reno and NewReno: enter fast recovery (RFC 5681 §3.2 steps 2-4), cwnd =
// ssthresh + `inflation_segments` SMSS (3 on the third dupack; early_retransmit.h).
void EnterFastRecovery(TcpState& state, RecoveryActions& actions, int inflation_segments);

}  // namespace plab
