#include "transport/tcp/cc/bbr.h"

#include <algorithm>

namespace plab {

void Bbr::OnRttUpdated(Time now) {
  const Time rtt = this->rtt().latest_rtt();
  // RTprop filter: a lower sample, or any sample once the old one is 10 s stale.
  if (rtt <= min_rtt_ || now > min_rtt_stamp_ + params_.min_rtt_window) {
    min_rtt_ = rtt;
    min_rtt_stamp_ = now;
  }
}

double Bbr::Bdp() const {
  if (min_rtt_.IsInfinite() || btl_bw_bps_ <= 0) return 0;
  return btl_bw_bps_ / 8 * min_rtt_.seconds();
}

int64_t Bbr::PacingRateBps() const {
  // Before a bandwidth sample: high_gain x initial window / RTT (1 ms without an RTT
  // sample), as Linux bbr_init_pacing_rate_from_rtt; during Startup the rate never
  // falls below it.
  const Time rtt = min_rtt_.IsInfinite() ? Time::FromMilliseconds(1) : min_rtt_;
  const double initial =
      params_.high_gain * static_cast<double>(initial_cwnd_ == 0 ? 10000 : initial_cwnd_) * 8 / rtt.seconds();
  const double model = pacing_gain_ * btl_bw_bps_;
  if (btl_bw_bps_ <= 0) return static_cast<int64_t>(initial);
  return static_cast<int64_t>(filled_pipe_ ? model : std::max(model, initial));
}

void Bbr::UpdateRound(const RateSample& rs) {
  round_start_ = false;
  // Linux and ns-3 return before the round on a void sample (bbr.rounds = valid_samples).
  if (params_.rounds_on_valid_samples && !rs.valid) return;
  if (rs.newly_delivered > 0 && rs.prior_delivered >= next_round_delivered_) {
    next_round_delivered_ = rs.total_delivered;
    ++round_count_;
    round_start_ = true;
    recovery_window_.OnRoundStart();  // draft §4.2.3.4: conservation lasts one round of recovery
  }
}

void Bbr::UpdateBtlBw(const RateSample& rs) {
  if (!rs.valid) return;
  // App-limited samples only count when they raise the estimate (draft §4.1.1).
  if (rs.is_app_limited && rs.delivery_rate_bps < btl_bw_bps_) return;
  btl_bw_bps_ = btl_bw_filter_.Update(round_count_, rs.delivery_rate_bps);
}

void Bbr::CheckFullPipe(const RateSample& rs) {
  if (filled_pipe_ || !round_start_ || rs.is_app_limited) return;
  if (btl_bw_bps_ >= full_bw_bps_ * params_.full_bw_threshold) {
    full_bw_bps_ = btl_bw_bps_;
    full_bw_count_ = 0;
    return;
  }
  if (++full_bw_count_ >= params_.full_bw_rounds) filled_pipe_ = true;
}

void Bbr::EnterProbeBw(Time now) {
  mode_ = Mode::kProbeBw;
  cwnd_gain_ = params_.cwnd_gain;
  cycle_index_ = params_.start_phase;
  pacing_gain_ = kGainCycle[static_cast<size_t>(cycle_index_)];
  cycle_stamp_ = now;
}

void Bbr::AdvanceCyclePhase(const TcpState& state, Time now) {
  const double inflight = static_cast<double>(state.pipe);
  bool advance = now - cycle_stamp_ > min_rtt_;
  if (pacing_gain_ > 1) advance = advance && inflight >= pacing_gain_ * Bdp();
  if (pacing_gain_ < 1) advance = advance || inflight <= Bdp();
  if (!advance) return;
  cycle_index_ = (cycle_index_ + 1) % static_cast<int>(kGainCycle.size());
  pacing_gain_ = kGainCycle[static_cast<size_t>(cycle_index_)];
  cycle_stamp_ = now;
}

void Bbr::UpdateMode(const TcpState& state, Time now) {
  if (mode_ == Mode::kStartup && filled_pipe_) {
    mode_ = Mode::kDrain;
    pacing_gain_ = 1 / params_.high_gain;
    cwnd_gain_ = params_.high_gain;
  }
  if (mode_ == Mode::kDrain && static_cast<double>(state.pipe) <= Bdp()) EnterProbeBw(now);
  if (mode_ == Mode::kProbeBw) AdvanceCyclePhase(state, now);

  const bool rtt_expired = !min_rtt_.IsInfinite() && now > min_rtt_stamp_ + params_.min_rtt_window;
  if (rtt_expired && mode_ != Mode::kProbeRtt) {
    mode_ = Mode::kProbeRtt;
    pacing_gain_ = 1;
    cwnd_gain_ = 1;
    recovery_window_.set_prior_cwnd(std::max(recovery_window_.prior_cwnd(), cwnd_));
    probe_rtt_done_ = Time::Infinite();
    probe_rtt_round_done_ = false;
  }
  if (mode_ == Mode::kProbeRtt) {
    const uint64_t min_cwnd = static_cast<uint64_t>(params_.min_cwnd_segments) * state.mss;
    if (probe_rtt_done_.IsInfinite() && state.pipe <= min_cwnd) {
      probe_rtt_done_ = now + params_.probe_rtt_duration;
      probe_rtt_round_done_ = false;
      next_round_delivered_ = 0;  // the next delivery starts a round
    } else if (!probe_rtt_done_.IsInfinite()) {
      if (round_start_) probe_rtt_round_done_ = true;
      if (probe_rtt_round_done_ && now > probe_rtt_done_) {
        min_rtt_stamp_ = now;  // RTprop refreshed
        cwnd_ = std::max(cwnd_, recovery_window_.prior_cwnd());
        recovery_window_.set_prior_cwnd(0);
        if (filled_pipe_) {
          EnterProbeBw(now);
        } else {
          mode_ = Mode::kStartup;
          pacing_gain_ = cwnd_gain_ = params_.high_gain;
        }
      }
    }
  }
}

void Bbr::SetCwnd(const TcpState& state, const RateSample& rs) {
  const uint64_t min_cwnd = static_cast<uint64_t>(params_.min_cwnd_segments) * state.mss;
  const bool conserving =
      recovery_window_.Modulate(cwnd_, state, rs, [&] { next_round_delivered_ = rs.total_delivered; });
  if (mode_ == Mode::kProbeRtt) {
    cwnd_ = std::min(cwnd_, min_cwnd);
    return;
  }
  if (conserving) return;
  // Linux bbr_set_cwnd: without an RTT sample the target is the initial window; with
  // one but no bandwidth yet it is only the 3-segment headroom kept for delayed and
  // stretched ACKs (bbr_quantization_budget), and growth continues only while less
  // than an initial window has been delivered.
  const uint64_t target = min_rtt_.IsInfinite()
                              ? initial_cwnd_
                              : static_cast<uint64_t>(cwnd_gain_ * Bdp()) + 3ULL * state.mss + WindowExtras(state);
  if (filled_pipe_) {
    cwnd_ = std::min<uint64_t>(cwnd_ + rs.newly_delivered, target);
  } else if (cwnd_ < target || rs.total_delivered < initial_cwnd_) {
    cwnd_ += rs.newly_delivered;
  }
  cwnd_ = std::max(cwnd_, min_cwnd);
}

void Bbr::UpdateAckAggregation(const RateSample& rs, Time now) {
  // ns-3: m_ackedSacked <= 0 || m_delivered < 0 (a sample without timing; one below the min
  // RTT still counts here).
  if (rs.newly_delivered == 0 || rs.interval <= Time::Zero()) return;
  if (round_start_) {
    extra_acked_win_rtts_ = std::min(31, extra_acked_win_rtts_ + 1);
    if (extra_acked_win_rtts_ >= 5) {  // ExtraAckedRttWindowLength
      extra_acked_win_rtts_ = 0;
      extra_acked_index_ = 1 - extra_acked_index_;
      extra_acked_[static_cast<size_t>(extra_acked_index_)] = 0;
    }
  }
  // uint32_t epochProp = Now().GetSeconds() - m_ackEpochTime.GetSeconds(): whole seconds.
  const auto epoch_s = static_cast<uint32_t>(now.seconds() - ack_epoch_time_.seconds());
  uint64_t expected = static_cast<uint64_t>(btl_bw_bps_ * epoch_s / 8);
  if (ack_epoch_acked_ <= expected || ack_epoch_acked_ + rs.newly_delivered >= 4096) {  // AckEpochAckedResetThresh
    ack_epoch_acked_ = 0;
    ack_epoch_time_ = now;
    expected = 0;
  }
  ack_epoch_acked_ += rs.newly_delivered;
  const uint64_t extra = std::min(ack_epoch_acked_ - std::min(ack_epoch_acked_, expected), cwnd_);
  uint64_t& slot = extra_acked_[static_cast<size_t>(extra_acked_index_)];
  slot = std::max(slot, extra);
}

uint64_t Bbr::WindowExtras(const TcpState& state) const {
  if (!params_.ns3_window_extras) return 0;
  uint64_t extras = 0;
  // InFlight: 2 more segments in the 1.25 phase of the gain cycle (Linux bbr_quantization_budget).
  if (mode_ == Mode::kProbeBw && cycle_index_ == 0) extras += 2ULL * state.mss;
  // AckAggregationCwnd: gain 1, at most 100 ms of BtlBw, once the pipe is full.
  if (filled_pipe_) {
    const auto cap = static_cast<uint64_t>(btl_bw_bps_ / 80);
    extras += std::min(std::max(extra_acked_[0], extra_acked_[1]), cap);
  }
  return extras;
}

void Bbr::OnAckReceived(const TcpState& state, const RateSample& rs, Time now) {
  if (initial_cwnd_ == 0) initial_cwnd_ = cwnd_;
  if (params_.ns3_window_extras && ack_epoch_time_ == Time()) ack_epoch_time_ = now;
  UpdateRound(rs);
  UpdateBtlBw(rs);
  if (params_.ns3_window_extras) UpdateAckAggregation(rs, now);
  CheckFullPipe(rs);
  UpdateMode(state, now);
  SetCwnd(state, rs);
}

uint64_t Bbr::SsthreshAfterLoss(const TcpState& state, uint64_t) {
  // v1 keeps its model through a loss. BBR never reads ssthresh; it is kept at the
  // pre-loss window so that the sender's slow-start test (cwnd < ssthresh) reads as before.
  return std::max<uint64_t>(cwnd_, 4ULL * state.mss);
}

void Bbr::EnterRecovery(const TcpState& state, int) {
  // Draft §4.2.3.4 "upon entering Fast Recovery": save the window; packet conservation
  // starts on this ACK's window update (ModulateCwndForRecovery), where the delivered
  // bytes are known. No RFC 5681 inflation: the per-ACK rule replaces it.
  recovery_window_.EnterFastRecovery(cwnd_, mode_ == Mode::kProbeRtt);
  ssthresh_ = SsthreshAfterLoss(state, state.flight_size());
}

void Bbr::ExitRecovery(uint64_t) {
  // Draft §4.2.3.4 "upon exiting loss recovery": restore the saved window; this ACK's
  // window update then bounds it by the model (Linux bbr_set_cwnd). The cap a NewReno
  // recovery passes against a burst does not apply: BBR paces what it sends.
  recovery_window_.ExitFastRecovery(cwnd_);
}

void Bbr::AfterRetransmissionTimeout(const TcpState&) {
  // Draft §4.2.3.4 "upon retransmission timeout": save the window (Linux bbr_save_cwnd
  // from bbr_ssthresh), cwnd = 1 segment (the base class set it), and restore the saved
  // window when the recovery the timeout began has repaired its losses.
  recovery_window_.EnterTimeoutRecovery(cwnd_before_timeout_, mode_ == Mode::kProbeRtt);
}

}  // namespace plab
