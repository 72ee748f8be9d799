#include "transport/tcp/recovery/prr_recovery.h"

#include <algorithm>

namespace plab {

void PrrRecovery::OnAck(const TcpHeader& ack, TcpState& state, RecoveryActions& actions) {
  // The scoreboard has taken this ACK's cumulative point and SACK blocks: what it
  // delivered is the change in snd.una plus the change in SACKed bytes (RFC 6937 §3).
  const uint64_t delivered = actions.scoreboard().delivered();
  delivered_data_ = delivered - last_delivered_;
  last_delivered_ = delivered;
  const uint64_t sacked_ever = actions.scoreboard().sacked_ever();
  sack_news_ = sacked_ever != last_sacked_ever_;
  last_sacked_ever_ = sacked_ever;
  mss_ = state.mss;
  retransmission_acked_ = false;
  if (ack.ack > state.snd_una && !retransmitted_.empty()) {
    const auto covered = [&](uint64_t seq) { return seq < ack.ack; };
    retransmission_acked_ = std::any_of(retransmitted_.begin(), retransmitted_.end(), covered);
    std::erase_if(retransmitted_, covered);
  }
  dupack_counted_ = false;
  if (mode_ != Mode::kDupAckAsSack || ack.sack_count > 0) return;
  if (in_loss_ && ack.ack >= state.recover) in_loss_ = false;
  if (ack.ack > state.snd_una && ack.ack <= state.snd_max) {
    // An ACK of k segments: k - 1 of those counted by duplicate ACKs are now acknowledged
    // (Linux tcp_remove_reno_sacks), and were delivered already (ns-3 delivers them again).
    const uint64_t segments = (ack.ack - state.snd_una + state.mss - 1) / state.mss;
    const uint64_t taken = std::min(dupack_sacked_, segments - 1);
    // ns-3.44 (ns3_reno_sacks): its Reno SACKs sit on the segments right after the head
    // (TcpTxBuffer::AddRenoSack), so the new head was one of them if the ACK covers no
    // more than they do; TcpTxBuffer::DiscardUpTo then moves its SACK to the first
    // segment after them (the count stays, if there is one) and marks the head lost,
    // in every congestion state: it is sent again at once (NextSeg rule 1).
    const bool head_was_sacked = ns3_reno_sacks_ && segments <= dupack_sacked_;
    dupack_sacked_ -= taken;
    if (ns3_reno_sacks_) {
      const uint64_t after = ack.ack < state.snd_max ? (state.snd_max - ack.ack + state.mss - 1) / state.mss : 0;
      dupack_sacked_ = std::min<uint64_t>(dupack_sacked_, after > 0 ? after - 1 : 0);
      if (head_was_sacked && ack.ack < state.snd_max) actions.scoreboard().MarkOverdue(ack.ack);
    }
    if (!ns3_counts_) delivered_data_ -= std::min<uint64_t>(delivered_data_, taken * state.mss);
  } else if (ack.ack == state.snd_una && state.snd_max > state.snd_una) {
    // ns-3.44 takes no duplicate ACK in CA_LOSS (TcpSocketBase::DupAck returns).
    if (in_loss_) return;
    // A duplicate ACK: one more segment has left the network (never more than are out).
    const uint64_t out = (state.snd_max - state.snd_una + state.mss - 1) / state.mss;
    dupack_counted_ = dupack_sacked_ + 1 < out;
    if (dupack_counted_) ++dupack_sacked_;
    if (ns3_counts_ ? !active_ || prr_delivered_ < recover_fs_ : dupack_counted_) delivered_data_ += state.mss;
  }
}

int64_t PrrRecovery::Pipe(const Scoreboard& scoreboard, uint32_t mss) const {
  const auto pipe = static_cast<int64_t>(scoreboard.Pipe());
  return std::max<int64_t>(0, pipe - static_cast<int64_t>(dupack_sacked_ * mss));
}

void PrrRecovery::OnEnterRecovery(TcpState& state, RecoveryActions& actions) {
  active_ = true;
  partial_ack_seen_ = false;
  retransmitted_.clear();
  prr_delivered_ = 0;
  prr_out_ = 0;
  recover_fs_ = state.snd_max - state.snd_una;  // snd.nxt - snd.una before any go-back
  if (mode_ == Mode::kDupAckAsSack) actions.scoreboard().MarkOverdue(state.snd_una);  // the head is lost
  if (ns3_counts_) recover_fs_ = static_cast<uint64_t>(Pipe(actions.scoreboard(), state.mss));
  dupack_counted_ = false;  // ns-3 reads the pipe afresh on entering
  // ns-3.44 with SACK: TcpPrrRecovery::EnterRecovery calls DoRecovery(isDupAck = true),
  // which counts 1 SMSS more than the ACK delivered while prr_delivered < RecoverFS.
  if (Ns3Sack() && recover_fs_ > 0) delivered_data_ += state.mss;
  Update(state, actions);  // the ACK that started recovery counts too
}

bool PrrRecovery::ShouldEnterRecovery(const TcpState& state, Scoreboard& scoreboard) {
  if (ns3_reno_sacks_ && !in_loss_ && dupack_sacked_ > 0 && scoreboard.IsMarkedLost(state.snd_una)) return true;
  return SackRecovery::ShouldEnterRecovery(state, scoreboard);
}

void PrrRecovery::OnDupAck(TcpState& state, RecoveryActions& actions) {
  const bool was_active = active_ && state.in_recovery;
  SackRecovery::OnDupAck(state, actions);  // may enter recovery (OnEnterRecovery)
  if (!was_active) return;
  if (Ns3Sack()) {
    Ns3DupAckRecovery(state, actions);
    return;
  }
  Update(state, actions);
}

// ns-3.44 with SACK: an ACK is a duplicate if it SACKed something new (ProcessAck's
// isDupack = scoreboardUpdated), and in CA_RECOVERY DupAck calls DoRecovery(isDupAck =
// true), which adds 1 SMSS to what the ACK delivered (SACKed bytes, already counted)
// while prr_delivered < RecoverFS, and leaves cwnd as it was if that is nothing; an ACK
// that SACKs nothing new does not reach DoRecovery.
bool PrrRecovery::Ns3DupAckRecovery(const TcpState& state, RecoveryActions& actions) {
  if (!sack_news_) return false;
  if (prr_delivered_ < recover_fs_) delivered_data_ += state.mss;
  if (delivered_data_ == 0) return false;
  Update(state, actions);
  return true;
}

void PrrRecovery::OnAckInRecovery(TcpState& state, uint64_t acked_bytes, RecoveryActions& actions) {
  if (mode_ == Mode::kSack) {
    SackRecovery::OnAckInRecovery(state, acked_bytes, actions);
    if (!state.in_recovery) {
      active_ = false;  // RFC 6937: cwnd = ssthresh, the congestion control's window
      return;
    }
    if (Ns3Sack()) {
      // ns-3.44's partial ACK with SACK: DupAck's DoRecovery if it SACKed something new,
      // then ProcessAck's own DoRecovery(isDupAck = false) with the same delivered bytes
      // again (TcpSocketBase::ProcessAck, `segsAcked >= 1`).
      const uint64_t delivered = delivered_data_;
      Ns3DupAckRecovery(state, actions);
      delivered_data_ = delivered;
      if (delivered_data_ >= state.mss) Update(state, actions);
      return;
    }
    Update(state, actions);
    return;
  }
  // Without SACK, partial ACKs are RFC 6582's, as our NewReno reads them.
  if (state.snd_una >= state.recover) {
    actions.congestion_control().ExitRecovery();
    state.in_recovery = false;
    active_ = false;
    return;
  }
  actions.NotePartialAck();
  // §4's "Impatient" variant: the timer restarts on the first partial ACK only, so a
  // window of many losses ends in a timeout rather than one repair per RTT.
  if (!partial_ack_seen_) actions.RestartRetransmissionTimer();
  partial_ack_seen_ = true;
  Update(state, actions);
  // The new head is the next hole: retransmit it at once, whatever PRR's count
  // (§3.2 step 5; ns-3's partial ACK does the same).
  actions.scoreboard().MarkOverdue(state.snd_una);
  actions.RetransmitFirstUnacked();
}

void PrrRecovery::OnTimeout(TcpState& state) {
  active_ = false;
  dupack_sacked_ = 0;  // every segment is now lost (Linux tcp_reset_reno_sack)
  in_loss_ = ns3_reno_sacks_;
  SackRecovery::OnTimeout(state);
}

uint64_t PrrRecovery::FlightAtTimeout(const TcpState& state, const Scoreboard& scoreboard) const {
  if (!ns3_counts_) return state.flight_size();
  return static_cast<uint64_t>(Pipe(scoreboard, state.mss));
}

void PrrRecovery::OnSegmentSent(uint64_t seq, uint32_t length, uint64_t, bool retransmission) {
  if (!active_) return;
  prr_out_ += length;
  if (retransmission && bound_ == Bound::kNs3) retransmitted_.push_back(seq);
}

void PrrRecovery::Update(const TcpState& state, RecoveryActions& actions) {
  const CongestionControl& cc = actions.congestion_control();
  // A control that set no ssthresh (none cut the window) keeps its window as the target.
  const auto ssthresh = static_cast<int64_t>(cc.ssthresh_set() ? cc.ssthresh() : cc.cwnd());
  const auto mss = static_cast<int64_t>(state.mss);
  const int64_t pipe = Pipe(actions.scoreboard(), state.mss) + (ns3_counts_ && dupack_counted_ ? mss : 0);
  const auto delivered = static_cast<int64_t>(delivered_data_);
  prr_delivered_ += delivered_data_;
  const auto prr_delivered = static_cast<int64_t>(prr_delivered_);
  const auto prr_out = static_cast<int64_t>(prr_out_);
  int64_t sndcnt = 0;
  if (Ns3Sack() || ns3_reno_sacks_) {
    sndcnt = Ns3SendCount(pipe, ssthresh, delivered);
  } else if (pipe > ssthresh) {
    // Proportional part: send ssthresh/RecoverFS of what was delivered, rounded up.
    const auto fs = static_cast<int64_t>(std::max<uint64_t>(recover_fs_, 1));
    sndcnt = (prr_delivered * ssthresh + fs - 1) / fs - prr_out;
  } else {
    int64_t limit = prr_delivered - prr_out;  // PRR-CRB
    if (bound_ == Bound::kSlowStart || (bound_ == Bound::kNs3 && retransmission_acked_)) {
      limit = std::max(limit, delivered) + mss;
    } else if (bound_ == Bound::kNs3) {
      limit = delivered;
    }
    sndcnt = std::min(ssthresh - pipe, limit);
  }
  sndcnt = std::max<int64_t>(sndcnt, prr_out == 0 ? mss : 0);
  sndcnt_ = sndcnt;
  window_ = static_cast<uint64_t>(pipe + sndcnt);
}

// TcpPrrRecovery::DoRecovery's arithmetic, on its uint32_t counters: the product
// m_prrDelivered * m_ssThresh wraps past 2^32 before it is divided, and
// std::max(m_prrDelivered - m_prrOut, deliveredBytes) wraps when prr_out > prr_delivered,
// which as the int `limit` is prr_delivered - prr_out, negative.
int64_t PrrRecovery::Ns3SendCount(int64_t pipe, int64_t ssthresh, int64_t delivered) const {
  const auto prr_delivered = static_cast<uint32_t>(prr_delivered_);
  const auto prr_out = static_cast<uint32_t>(prr_out_);
  const auto ss = static_cast<uint32_t>(ssthresh);
  if (pipe > ssthresh) {
    const uint32_t product = prr_delivered * ss;  // wraps, as ns-3's does
    const uint64_t fs = std::max<uint64_t>(static_cast<uint32_t>(recover_fs_), 1);
    return static_cast<int64_t>((product + fs - 1) / fs) - static_cast<int64_t>(prr_out);
  }
  const uint32_t wide = std::max<uint32_t>(prr_delivered - prr_out, static_cast<uint32_t>(delivered));
  int64_t limit = static_cast<int32_t>(wide);
  if (retransmission_acked_) limit += mss_;
  return std::min(limit, ssthresh - pipe);
}

uint64_t PrrRecovery::FlightToHalve(const TcpState& state, RecoveryActions& actions) const {
  if (!ns3_counts_) return state.flight_size();
  if (mode_ == Mode::kSack) {
    // ns-3.44 TcpSocketBase::EnterRecovery with SACK: the scoreboard is up to date
    // (TcpTxBuffer::Update's UpdateLostCount marks RFC 6675's losses on every SACK), the
    // head is marked lost unless it is (TcpTxBuffer::MarkHeadAsLost), and ssthresh =
    // GetSsThresh(BytesInFlight()), the pipe so left (TcpTxBuffer::BytesInFlight: sent -
    // SACKed - lost + retransmitted), which TcpPrrRecovery::EnterRecovery takes as
    // RecoverFS too (m_recoveryFlightSize = tcb->m_bytesInFlight).
    Scoreboard& scoreboard = actions.scoreboard();
    scoreboard.MarkLostByDupThresh(state.dupack_threshold);
    if (!scoreboard.IsMarkedLost(state.snd_una)) scoreboard.MarkOverdue(state.snd_una);
    return scoreboard.Pipe();
  }
  return static_cast<uint64_t>(Pipe(actions.scoreboard(), state.mss));
}

// SackRecovery sends while the scoreboard's pipe + 1 SMSS fits this; PRR's own pipe is
// smaller by the segments duplicate ACKs stand for.
uint64_t PrrRecovery::RecoveryWindow(const SendLimits&) const { return window_ + dupack_sacked_ * mss_; }

uint64_t PrrRecovery::OpenWindow(const SendLimits& limits) const {
  return ns3_reno_sacks_ ? limits.cwnd + dupack_sacked_ * mss_ : limits.cwnd;
}

}  // namespace plab
