#include "transport/tcp/recovery/reno_recovery.h"

namespace plab {

void EnterFastRecovery(TcpState& state, RecoveryActions& actions) {
  actions.NoteFastRetransmit();  // before the window changes: the marker shows cwnd at loss
  state.ssthresh = actions.congestion_control().SsthreshAfterLoss(state, state.flight_size());
  state.cwnd = state.ssthresh + static_cast<uint64_t>(state.dupacks) * state.mss;  // 3 dupacks: +3 SMSS
  state.in_recovery = true;
  state.recover = state.snd_max;
  state.recover_set = true;
  actions.RetransmitFirstUnacked();
}

void RenoRecovery::OnDupAck(TcpState& state, RecoveryActions& actions) {
  if (state.in_recovery) {
    state.cwnd += state.mss;
    return;
  }
  if (state.dupacks == state.dupack_threshold) EnterFastRecovery(state, actions);
}

void RenoRecovery::OnAckInRecovery(TcpState& state, uint64_t, RecoveryActions&) {
  state.cwnd = state.ssthresh;
  state.in_recovery = false;
}

}  // namespace plab
