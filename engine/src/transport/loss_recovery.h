// Loss recovery: the axis that decides what to do about duplicate ACKs and partial
// ACKs (ns-3 TcpRecoveryOps). It may change cwnd/ssthresh in TcpState and ask the
// sender to retransmit through RecoveryActions. Timeouts are the sender's (RFC 6298)
// and are the same for every variant.
#pragma once

#include <cstdint>

#include "transport/congestion_control.h"
#include "transport/tcp_state.h"

namespace plab {

// What loss recovery may ask of the sender.
class RecoveryActions {
 public:
  virtual ~RecoveryActions() = default;
  // Retransmits the segment starting at snd_una.
  virtual void RetransmitFirstUnacked() = 0;
  // Go-back-N: the next segment sent is snd_una again (Tahoe).
  virtual void GoBackN() = 0;
  // Restarts the retransmission timer (RFC 6582 partial ACK).
  virtual void RestartRetransmissionTimer() = 0;
  // For metrics: a fast retransmit / a partial ACK happened now.
  virtual void NoteFastRetransmit() = 0;
  virtual void NotePartialAck() = 0;
  virtual CongestionControl& congestion_control() = 0;
};

class LossRecovery {
 public:
  virtual ~LossRecovery() = default;
  virtual const char* name() const = 0;

  // A duplicate ACK arrived; state.dupacks already counts it.
  virtual void OnDupAck(TcpState& state, RecoveryActions& actions) = 0;

  // An ACK advanced snd_una by `acked_bytes` while state.in_recovery. snd_una is
  // already updated. The algorithm decides whether recovery ends.
  virtual void OnAckInRecovery(TcpState& state, uint64_t acked_bytes,
                               RecoveryActions& actions) = 0;

  // The retransmission timer fired (recovery state is already cleared).
  virtual void OnTimeout(TcpState& /*state*/) {}
};

}  // namespace plab
