// Tahoe (Jacobson 1988; RFC 5681 §3.2 without fast recovery): on the third duplicate
// ACK retransmit the missing segment, set ssthresh, drop cwnd to one segment and slow
// start again from snd_una (go-back-N). There is no recovery phase.
//
// Like ns-2's Tahoe with its default bug fix, a second fast retransmit is not started
// by duplicate ACKs for data sent before the last one (snd_una < recover, recover = snd_max when it began), which
// stops one loss episode from halving ssthresh twice.
#pragma once

#include "transport/tcp/recovery/loss_recovery.h"

namespace plab {

class TahoeRecovery final : public LossRecovery {
 public:
  void OnDupAck(TcpState& state, RecoveryActions& actions) override;
  void OnAckInRecovery(TcpState& state, uint64_t acked_bytes, RecoveryActions& actions) override;
};

}  // namespace plab
