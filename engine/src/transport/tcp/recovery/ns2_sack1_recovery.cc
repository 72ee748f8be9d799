#include "transport/tcp/recovery/ns2_sack1_recovery.h"

#include <algorithm>

namespace plab {

void Ns2Sack1Recovery::OnDupAck(TcpState& state, RecoveryActions& actions) {
  if (in_recovery_) {
    --pipe_;  // one more packet has left the network
    return;
  }
  if (state.dupacks != state.dupack_threshold) return;
  // ns-2's bug_fix_: no new fast retransmit from duplicate ACKs of data sent before
  // the last loss was answered (the same rule as the lab's Reno).
  if (state.recover_set && state.snd_una <= state.recover) return;
  in_recovery_ = true;
  state.in_recovery = true;
  state.recover = state.snd_max;
  state.recover_set = true;
  state.last_loss_action = TcpState::LossAction::kFastRetransmit;
  pipe_ = static_cast<int64_t>((state.snd_max - state.snd_una) / state.mss) - state.dupack_threshold;
  actions.congestion_control().EnterRecovery(state, 0);  // cwnd = ssthresh = half
  actions.NoteFastRetransmit();
  actions.RestartRetransmissionTimer();
  next_retransmit_ = state.snd_una;
  actions.RetransmitFirstUnacked();
  // ns-2's dupack_action() sends this retransmission with output(), which leaves pipe_
  // alone: only send_much() counts what it sends (tcp-sack1.cc).
  --pipe_;
}

void Ns2Sack1Recovery::OnAckInRecovery(TcpState& state, uint64_t, RecoveryActions& actions) {
  --pipe_;
  if (state.snd_una >= state.recover) {
    in_recovery_ = false;
    state.in_recovery = false;
    actions.congestion_control().ExitRecovery();
    return;
  }
  // A partial ACK: the packet it answers and the retransmission that made it.
  --pipe_;
  actions.NotePartialAck();
  actions.RestartRetransmissionTimer();
}

void Ns2Sack1Recovery::OnTimeout(TcpState&) {
  in_recovery_ = false;
  pipe_ = 0;
}

void Ns2Sack1Recovery::OnSegmentSent(uint64_t seq, uint32_t length, uint64_t, bool retransmission) {
  if (!in_recovery_) return;
  ++pipe_;
  if (retransmission) next_retransmit_ = std::max(next_retransmit_, seq + length);
}

SendChoice Ns2Sack1Recovery::NextSegment(TcpState& state, const Scoreboard& scoreboard, const SendLimits& limits) {
  if (!in_recovery_) return WindowedNextSegment(state, scoreboard, limits);
  if (pipe_ >= static_cast<int64_t>(limits.cwnd / state.mss)) return {};
  // The next hole below the forward-most SACK that this recovery has not resent.
  const uint64_t fack = scoreboard.ForwardMostSacked(state.snd_una);
  uint64_t seq = std::max(next_retransmit_, state.snd_una);
  while (seq < fack && scoreboard.IsSacked(seq)) seq += state.mss;
  if (seq < fack) return {true, seq};
  // New data, within the receiver's window of the cumulative ACK.
  const uint64_t next = state.snd_max;
  if (next >= limits.total_bytes || !limits.new_data_ready) return {};
  if (next + state.mss > state.snd_una + limits.rwnd) return {};
  state.snd_nxt = next;
  return {true, next};
}

}  // namespace plab
