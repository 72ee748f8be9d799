#include "transport/tcp/recovery/reno_recovery.h"

namespace plab {

void EnterFastRecovery(TcpState& state, RecoveryActions& actions) {
  actions.NoteFastRetransmit();  // before the window changes: the marker shows cwnd at loss
  actions.congestion_control().EnterRecovery(state, state.dupacks);  // 3 dupacks: +3 SMSS
  state.in_recovery = true;
  state.recover = state.snd_max;
  state.recover_set = true;
  actions.RetransmitFirstUnacked();
}

void RenoRecovery::OnDupAck(TcpState& state, RecoveryActions& actions) {
  if (state.in_recovery) {
    actions.congestion_control().InflateForDupAck();
    return;
  }
  if (state.dupacks == state.dupack_threshold) EnterFastRecovery(state, actions);
}

void RenoRecovery::OnAckInRecovery(TcpState& state, uint64_t, RecoveryActions& actions) {
  actions.congestion_control().ExitRecovery();
  state.in_recovery = false;
}

}  // namespace plab
