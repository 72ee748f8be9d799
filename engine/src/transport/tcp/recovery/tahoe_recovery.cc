#include "transport/tcp/recovery/tahoe_recovery.h"

namespace plab {

void TahoeRecovery::OnDupAck(TcpState& state, RecoveryActions& actions) {
  if (state.dupacks != state.dupack_threshold) return;
  if (state.recover_set && state.snd_una < state.recover) return;
  actions.NoteFastRetransmit();  // before the window changes: the marker shows cwnd at loss
  actions.congestion_control().RestartAfterLoss(state);
  state.recover = state.snd_max;
  state.recover_set = true;
  state.last_loss_action = TcpState::LossAction::kFastRetransmit;
  actions.GoBackN();
  actions.RetransmitFirstUnacked();
}

void TahoeRecovery::OnAckInRecovery(TcpState& state, uint64_t, RecoveryActions&) {
  state.in_recovery = false;  // never entered; kept total for safety
}

}  // namespace plab
