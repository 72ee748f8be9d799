#include "transport/tcp/recovery/newreno_recovery.h"

#include <algorithm>

#include "transport/tcp/recovery/reno_recovery.h"

namespace plab {

void NewRenoRecovery::OnDupAck(TcpState& state, RecoveryActions& actions) {
  if (state.in_recovery) {
    actions.congestion_control().InflateForDupAck();
    ResendIfOverdue(early_, state, actions);
    return;
  }
  const bool early = EarlyRetransmitDue(early_, state, actions);
  if (state.dupacks != state.dupack_threshold && !early) return;
  // RFC 6582 §3.2 step 1: only if the ACK covers more than `recover`.
  if (state.recover_set && state.snd_una < state.recover) return;
  partial_ack_seen_ = false;
  if (early) actions.NoteEarlyRetransmit();
  const int inflation = RecoveryInflation(early_, early, state, actions.congestion_control(), state.dupacks);
  kept_at_exit_ = InflationKeptAtRecoverAck(early_, early, state, actions.congestion_control());
  EnterFastRecovery(state, actions, inflation);
}

void NewRenoRecovery::OnAckInRecovery(TcpState& state, uint64_t acked_bytes, RecoveryActions& actions) {
  if (state.snd_una >= state.recover) {  // full ACK: covers all data sent before recovery
    if (kept_at_exit_ > 0) {
      actions.congestion_control().ExitRecoveryKeeping(static_cast<uint64_t>(kept_at_exit_) * state.mss);
    } else {
      actions.congestion_control().ExitRecovery(std::max<uint64_t>(state.flight_size(), state.mss) + state.mss);
    }
    state.in_recovery = false;
    return;
  }
  // Partial ACK (§3.2 step 5).
  actions.NotePartialAck();
  actions.RetransmitFirstUnacked();
  actions.congestion_control().DeflateOnPartialAck(acked_bytes);
  if (!partial_ack_seen_) actions.RestartRetransmissionTimer();
  partial_ack_seen_ = true;
}

}  // namespace plab
