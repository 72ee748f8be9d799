#include "transport/tcp/recovery/early_retransmit.h"

namespace plab {

bool EarlyRetransmitDue(EarlyRetransmit mode, const TcpState& state, RecoveryActions& actions) {
  return mode != EarlyRetransmit::kOff && !state.in_recovery && state.dupacks < state.dupack_threshold &&
         FineGrainedTimeoutExpired(state, actions);
}

int RecoveryInflation(EarlyRetransmit mode, bool early, const TcpState& state, const CongestionControl& cc, int usual) {
  if (!early) return usual;
  // Algorithm 1: below 4 packets too few duplicate ACKs come back to keep the ACK clock
  // going; "we lower-bound CWND by 2 ... and inflate CWND by the same number".
  if (mode == EarlyRetransmit::kAlgorithm1 && cc.cwnd() < 4ULL * state.mss) return 2;
  return state.dupacks;
}

int InflationKeptAtRecoverAck(EarlyRetransmit mode, bool early, const TcpState& state, const CongestionControl& cc) {
  return mode == EarlyRetransmit::kAlgorithm1 && early && cc.cwnd() < 4ULL * state.mss ? 2 : 0;
}

bool ResendIfOverdue(EarlyRetransmit mode, TcpState& state, RecoveryActions& actions) {
  if (mode != EarlyRetransmit::kAlgorithm1 || !state.in_recovery) return false;
  if (actions.scoreboard().IsSacked(state.snd_una) || !FineGrainedTimeoutExpired(state, actions)) return false;
  actions.scoreboard().MarkOverdue(state.snd_una);
  actions.NoteEarlyRetransmit();
  actions.RetransmitFirstUnacked();
  return true;
}

}  // namespace plab
