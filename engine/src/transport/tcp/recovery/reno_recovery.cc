#include "transport/tcp/recovery/reno_recovery.h"

namespace plab {

void EnterFastRecovery(TcpState& state, RecoveryActions& actions, int inflation_segments) {
  actions.NoteFastRetransmit();  // before the window changes: the marker shows cwnd at loss
  actions.congestion_control().EnterRecovery(state, inflation_segments);  // 3 dupacks: +3 SMSS
  state.in_recovery = true;
  state.recover = state.snd_max;
  state.recover_set = true;
  state.last_loss_action = TcpState::LossAction::kFastRetransmit;
  actions.RetransmitFirstUnacked();
}

void RenoRecovery::OnDupAck(TcpState& state, RecoveryActions& actions) {
  if (state.in_recovery) {
    actions.congestion_control().InflateForDupAck();
    return;
  }
  if (state.dupacks != state.dupack_threshold) return;
  // ns-2 bug_fix_ (RenoTcpAgent::dupack_action): after a timeout, duplicate ACKs for
  // data sent before it are echoes of the go-back-N resend, not a new loss; only a
  // window that began after the timeout may fast-retransmit again.
  const bool old_data = state.recover_set && state.snd_una < state.recover;
  if (old_data && state.last_loss_action == TcpState::LossAction::kTimeout) return;
  EnterFastRecovery(state, actions, state.dupacks);
}

void RenoRecovery::OnAckInRecovery(TcpState& state, uint64_t, RecoveryActions& actions) {
  actions.congestion_control().ExitRecovery();
  state.in_recovery = false;
}

}  // namespace plab
