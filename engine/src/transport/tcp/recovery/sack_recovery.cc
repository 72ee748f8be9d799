#include "transport/tcp/recovery/sack_recovery.h"

#include <algorithm>

namespace plab {

int SackRecovery::MarkLosses(const TcpState& state, Scoreboard& scoreboard) {
  return scoreboard.MarkLostByDupThresh(state.dupack_threshold);
}

bool SackRecovery::ShouldEnterRecovery(const TcpState& state, Scoreboard& scoreboard) {
  MarkLosses(state, scoreboard);
  // IsLost(HighACK + 1): DupThresh SACKed segments above it, even if it was retransmitted
  // already (a segment sent in the last recovery and lost, its retransmission still out,
  // when that recovery ended). NextSeg's "lost, not yet retransmitted" missed that head
  // and waited for DupThresh duplicates.
  return scoreboard.IsLost(state.snd_una);
}

int FackRecovery::MarkLosses(const TcpState&, Scoreboard& scoreboard) { return scoreboard.MarkLostBelowFack(); }

bool FackRecovery::ShouldEnterRecovery(const TcpState& state, Scoreboard& scoreboard) {
  const uint64_t fack = scoreboard.ForwardMostSacked(state.snd_una);
  if (fack - state.snd_una <= static_cast<uint64_t>(state.dupack_threshold) * state.mss) return false;
  MarkLosses(state, scoreboard);
  return true;
}

void SackRecovery::Enter(TcpState& state, RecoveryActions& actions, bool early) {
  actions.NoteFastRetransmit();
  // RFC 6675 §5 step 4.2 inflates nothing: pipe counts what left. SACK-ER inflates
  // per Algorithm 1 on an early retransmission.
  const int inflation = RecoveryInflation(early_, early, state, actions.congestion_control(), 0);
  kept_at_exit_ = InflationKeptAtRecoverAck(early_, early, state, actions.congestion_control());
  actions.congestion_control().EnterRecovery(WithFlightSize(state, FlightToHalve(state, actions)), inflation);
  state.in_recovery = true;
  state.recover = state.snd_max;  // RecoveryPoint = HighData
  state.recover_set = true;
  rescue_sent_ = false;
  partial_ack_seen_ = false;
  MarkLosses(state, actions.scoreboard());
  if (early) {
    actions.NoteEarlyRetransmit();
    actions.scoreboard().MarkOverdue(state.snd_una);  // out of the pipe: its timer says it is lost
  }
  OnEnterRecovery(state, actions);
  actions.RetransmitFirstUnacked();
}

void SackRecovery::OnDupAck(TcpState& state, RecoveryActions& actions) {
  if (state.in_recovery) {
    MarkLosses(state, actions.scoreboard());
    ResendIfOverdue(early_, state, actions);
    return;
  }
  if (recover_after_timeout_ && state.recover_set && state.snd_una < state.recover)
    return;  // RFC 6675 §5 step 4 / RFC 6582
  if (state.dupacks >= state.dupack_threshold || ShouldEnterRecovery(state, actions.scoreboard())) {
    Enter(state, actions, false);
  } else if (EarlyRetransmitDue(early_, state, actions)) {
    Enter(state, actions, true);
  }
}

void SackRecovery::OnAckInRecovery(TcpState& state, uint64_t, RecoveryActions& actions) {
  if (state.snd_una >= state.recover) {
    if (kept_at_exit_ > 0) {
      actions.congestion_control().ExitRecoveryKeeping(static_cast<uint64_t>(kept_at_exit_) * state.mss);
    } else {
      actions.congestion_control().ExitRecovery();
    }
    state.in_recovery = false;
    return;
  }
  actions.NotePartialAck();
  MarkLosses(state, actions.scoreboard());
  // RFC 6298 §5.3: new data was acknowledged; with timer_on_first_partial_ack_, only the
  // first partial ACK of a recovery restarts it.
  if (!timer_on_first_partial_ack_ || !partial_ack_seen_) actions.RestartRetransmissionTimer();
  partial_ack_seen_ = true;
  ResendIfOverdue(early_, state, actions);  // SACK-ER: the "first and second non-DUPACK" check
}

SendChoice SackRecovery::NextSegment(TcpState& state, const Scoreboard& scoreboard, const SendLimits& limits) {
  if (after_timeout_ && state.snd_una >= state.recover) after_timeout_ = false;
  if (!state.in_recovery && !after_timeout_ && !pipe_always_) return WindowedNextSegment(state, scoreboard, limits);
  const uint64_t pipe = scoreboard.Pipe();
  if (pipe + state.mss > (state.in_recovery ? RecoveryWindow(limits) : OpenWindow(limits))) return {};
  if (const auto lost = scoreboard.NextLostSegment()) return {true, *lost};  // NextSeg rule 1
  // Rule 2: new data the application offers, within the receiver's window.
  if (state.snd_max < limits.total_bytes && limits.new_data_ready) {
    const uint64_t len = std::min<uint64_t>(state.mss, limits.total_bytes - state.snd_max);
    if (state.snd_max + len <= state.snd_una + limits.rwnd) {
      state.snd_nxt = state.snd_max;
      return {true, state.snd_max};
    }
  }
  // Rule 3: an un-SACKed hole below the highest SACK, even if not yet judged lost.
  if (state.in_recovery || !pipe_always_) {
    if (const auto hole = scoreboard.NextUnsackedBelowHighestSack()) return {true, *hole};
  }
  // Rule 4: one rescue retransmission per recovery, of the highest un-SACKed segment,
  // so a loss at the tail of the flight does not wait for the RTO.
  if (rescue_enabled_ && !rescue_sent_ && state.in_recovery) {
    if (const auto tail = scoreboard.HighestUnsacked()) {
      rescue_sent_ = true;
      return {true, *tail};
    }
  }
  return {};
}

}  // namespace plab
