#include "transport/tcp/bbr3/bbr3.h"

#include <algorithm>

namespace plab {

const char* Bbr3::StateName(State s) {
  switch (s) {
    case State::kStartup:
      return "Startup";
    case State::kDrain:
      return "Drain";
    case State::kProbeBwDown:
      return "ProbeBW_DOWN";
    case State::kProbeBwCruise:
      return "ProbeBW_CRUISE";
    case State::kProbeBwRefill:
      return "ProbeBW_REFILL";
    case State::kProbeBwUp:
      return "ProbeBW_UP";
    case State::kProbeRtt:
      return "ProbeRTT";
  }
  return "?";
}

// ---- the model's inputs --------------------------------------------------------------

void Bbr3::OnRttUpdated(Time now) {
  // §5.5.3 BBRUpdateMinRTT: probe_rtt_min_delay is the least RTT of the last
  // ProbeRTTInterval (5 s); min_rtt takes it when lower or after MinRTTFilterLen (10 s).
  const Time rtt = this->rtt().latest_rtt();
  const bool expired = !probe_rtt_min_delay_.IsInfinite() && now > probe_rtt_min_stamp_ + params_.probe_rtt_interval;
  if (expired) probe_rtt_expiry_seen_ = true;  // CheckProbeRtt reads it on this ACK
  if (rtt < probe_rtt_min_delay_ || expired) {
    probe_rtt_min_delay_ = rtt;
    probe_rtt_min_stamp_ = now;
  }
  const bool min_rtt_expired = now > min_rtt_stamp_ + params_.min_rtt_window;
  if (probe_rtt_min_delay_ < min_rtt_ || min_rtt_expired) {
    min_rtt_ = probe_rtt_min_delay_;
    min_rtt_stamp_ = probe_rtt_min_stamp_;
  }
}

void Bbr3::UpdateRound(const RateSample& rs) {
  // §5.5.1: a round ends when a packet sent after the round began is delivered.
  round_start_ = false;
  if (rs.newly_delivered > 0 && rs.prior_delivered >= next_round_delivered_) {
    StartRound();
    ++round_count_;
    ++rounds_since_bw_probe_;
    round_start_ = true;
    recovery_window_.OnRoundStart();  // §5.6.4.4: conservation lasts the first round of recovery
  }
}

void Bbr3::UpdateLatestDeliverySignals(const TcpState& /*state*/, const RateSample& rs) {
  // §5.5.10.1 BBRUpdateLatestDeliverySignals: the best rate and volume of this loss
  // round, and whether this ACK starts a new one.
  loss_round_start_ = false;
  if (rs.valid) bw_latest_ = std::max(bw_latest_, rs.delivery_rate_bps);
  inflight_latest_ = std::max(inflight_latest_, rs.delivered);
  if (rs.newly_delivered > 0 && rs.prior_delivered >= loss_round_delivered_) {
    loss_round_delivered_ = delivered_;
    loss_round_start_ = true;
  }
}

void Bbr3::UpdateCongestionSignals(const TcpState& state, const RateSample& rs) {
  // §5.5.2 BBRUpdateMaxBw: a sample counts unless it is app-limited and lower; the filter
  // keeps the best of the last MaxBwFilterLen (2) ProbeBW cycles.
  if (rs.valid && (rs.delivery_rate_bps >= max_bw_ || !rs.is_app_limited)) {
    max_bw_ = max_bw_filter_.Update(cycle_count_, rs.delivery_rate_bps);
  }
  // The loss of this round (header: the draft's per-flight rs.lost / rs.tx_in_flight read
  // over a packet-timed round). Counters of a closed round are kept until this ACK so that
  // the round's end could be judged on the last one.
  if (round_counters_stale_) {
    round_counters_stale_ = false;
    lost_in_round_ = 0;
    delivered_in_round_ = 0;
    loss_events_in_round_ = 0;
    tx_in_flight_ = state.pipe + rs.newly_delivered + rs.newly_lost;
  }
  lost_in_round_ += rs.newly_lost;
  delivered_in_round_ += rs.newly_delivered;
  // Linux v3 counts each ACK that reports losses as a loss event (bbr->loss_events_in_round).
  if (rs.newly_lost > 0) {
    ++loss_events_in_round_;
    loss_in_round_ = true;  // §5.5.10.2 BBRUpdateCongestionSignals
  }
  if (!loss_round_start_) return;  // wait until the end of the round
  AdaptLowerBoundsFromCongestion();
  loss_in_round_ = false;
  round_counters_stale_ = true;
}

bool Bbr3::IsInflightTooHigh() const {
  // §5.5.6 IsInflightTooHigh: rs.lost > rs.tx_in_flight x BBRLossThresh.
  const uint64_t flight = std::max(tx_in_flight_, delivered_in_round_ + lost_in_round_);
  return static_cast<double>(lost_in_round_) > params_.loss_thresh * static_cast<double>(flight);
}

void Bbr3::AdaptLowerBoundsFromCongestion() {
  // §5.5.10.3: once per round with loss, outside bandwidth probing, bw_lo and inflight_lo
  // are cut to max(latest, BBRBeta x bound) (BBRInitLowerBounds, BBRLossLowerBounds).
  if (IsProbingBw() || !loss_in_round_) return;
  if (!bw_lo_set_) {
    bw_lo_ = max_bw_;
    bw_lo_set_ = true;
  }
  if (inflight_lo_ == kUnbounded) inflight_lo_ = cwnd_;
  bw_lo_ = std::max(bw_latest_, params_.beta * bw_lo_);
  inflight_lo_ = std::max(inflight_latest_, static_cast<uint64_t>(params_.beta * static_cast<double>(inflight_lo_)));
}

void Bbr3::AdvanceLatestDeliverySignals(const RateSample& rs) {
  // §5.5.10.1 BBRAdvanceLatestDeliverySignals: a new loss round starts from this sample.
  if (!loss_round_start_) return;
  bw_latest_ = rs.valid ? rs.delivery_rate_bps : 0;
  inflight_latest_ = rs.delivered;
}

void Bbr3::ResetLowerBounds() {
  // §5.5.10 BBRResetLowerBounds
  bw_lo_set_ = false;
  bw_lo_ = 0;
  inflight_lo_ = kUnbounded;
}

// ---- in-flight volumes ---------------------------------------------------------------

double Bbr3::BdpMultiple(double gain) const {
  // §5.6.4.2 BBRBDPMultiple: the initial window before an RTT sample.
  if (min_rtt_.IsInfinite()) return static_cast<double>(initial_cwnd_);
  return gain * bw_ / 8 * min_rtt_.seconds();
}

uint64_t Bbr3::Inflight(double gain) const {
  // §5.6.4.2 BBRInflight = BBRQuantizationBudget(BBRBDPMultiple(bw, gain)): at least the
  // offload budget (3 send quanta; one segment a quantum here, no TSO) and BBRMinPipeCwnd,
  // plus 2 segments in ProbeBW_UP.
  uint64_t inflight = static_cast<uint64_t>(BdpMultiple(gain));
  inflight = std::max<uint64_t>(inflight, 3ULL * mss_);
  inflight = std::max(inflight, MinPipeCwnd());
  if (state_ == State::kProbeBwUp) inflight += 2ULL * mss_;
  return inflight;
}

uint64_t Bbr3::InflightWithHeadroom() const {
  // §5.3.3.6 BBRInflightWithHeadroom: leave BBRHeadroom (15 %) of inflight_hi free for
  // other flows, at least one segment.
  if (inflight_hi_ == kUnbounded) return kUnbounded;
  const uint64_t headroom =
      std::max<uint64_t>(mss_, static_cast<uint64_t>(params_.headroom * static_cast<double>(inflight_hi_)));
  return std::max(inflight_hi_ > headroom ? inflight_hi_ - headroom : 0, MinPipeCwnd());
}

uint64_t Bbr3::TargetInflight() const {
  // §5.3.3.5.3 BBRTargetInflight: min(BDP, cwnd).
  return std::min(static_cast<uint64_t>(BdpMultiple(1.0)), cwnd_);
}

uint64_t Bbr3::ProbeRttCwnd() const {
  // §5.6.4.5 BBRProbeRTTCwnd: BBRProbeRTTCwndGain (0.5) x BDP, at least BBRMinPipeCwnd.
  return std::max(static_cast<uint64_t>(BdpMultiple(params_.probe_rtt_cwnd_gain)), MinPipeCwnd());
}

// ---- Startup and Drain ---------------------------------------------------------------

void Bbr3::EnterStartup() {
  // §5.3.1.1
  state_ = State::kStartup;
  pacing_gain_ = params_.startup_pacing_gain;
  cwnd_gain_ = params_.startup_cwnd_gain;
}

void Bbr3::ResetFullBw() {
  full_bw_ = 0;
  full_bw_count_ = 0;
  full_bw_now_ = false;
}

void Bbr3::CheckFullBwReached(const RateSample& rs) {
  // §5.3.1.2 BBRCheckFullBWReached: full once max_bw grew less than 25 % in 3 rounds
  // (max_bw, as Linux v3 bbr_check_full_bw_reached reads).
  if (full_bw_now_ || !round_start_ || rs.is_app_limited) return;
  if (max_bw_ >= full_bw_ * params_.full_bw_threshold) {
    ResetFullBw();
    full_bw_ = max_bw_;
    return;
  }
  ++full_bw_count_;
  full_bw_now_ = full_bw_count_ >= params_.full_bw_rounds;
  if (full_bw_now_) full_bw_reached_ = true;
}

void Bbr3::CheckStartupHighLoss() {
  // §5.3.1.3 Exiting Startup based on packet loss: at the end of a round spent in loss
  // recovery with loss rate above BBRLossThresh and at least BBRStartupFullLossCnt (6)
  // loss events, the pipe is full; inflight_hi = max(BDP, inflight_latest).
  if (full_bw_reached_ || state_ != State::kStartup || !loss_round_start_) return;
  if (!recovery_window_.in_loss_recovery()) return;
  if (loss_events_in_round_ < params_.startup_full_loss_count || !IsInflightTooHigh()) return;
  full_bw_reached_ = true;
  inflight_hi_ = std::max(static_cast<uint64_t>(BdpMultiple(1.0)), inflight_latest_);
}

void Bbr3::CheckStartupDone() {
  // §5.3.1 BBRCheckStartupDone
  CheckStartupHighLoss();
  if (state_ == State::kStartup && full_bw_reached_) EnterDrain();
}

void Bbr3::EnterDrain() {
  // §5.3.2: pace at 1 / BBRStartupCwndGain to drain Startup's queue in about a round.
  state_ = State::kDrain;
  pacing_gain_ = params_.drain_pacing_gain;
  cwnd_gain_ = params_.startup_cwnd_gain;
}

void Bbr3::CheckDrain(const TcpState& state, Time now) {
  // §5.3.2 BBRCheckDrain: the queue is drained once inflight <= BBRInflight(1.0).
  if (state_ == State::kDrain && state.pipe <= Inflight(1.0)) EnterProbeBw(now);
}

// ---- control parameters --------------------------------------------------------------

int64_t Bbr3::PacingRateBps() const {
  if (pacing_rate_bps_ > 0) return PacingBps(pacing_rate_bps_);
  // §5.6.2 BBRInitPacingRate: BBRStartupPacingGain x InitialCwnd / SRTT (1 ms without one).
  const Time rtt = min_rtt_.IsInfinite() ? Time::FromMilliseconds(1) : min_rtt_;
  const uint64_t initial = initial_cwnd_ == 0 ? cwnd_ : initial_cwnd_;
  return PacingBps(params_.startup_pacing_gain * static_cast<double>(initial) * 8 / rtt.seconds());
}

void Bbr3::SetPacingRate() {
  // §5.6.2 BBRSetPacingRateWithGain: gain x bw less a 1 % margin; before the pipe is
  // full the rate only rises.
  if (bw_ <= 0) return;
  const double rate = pacing_gain_ * bw_ * (1 - params_.pacing_margin);
  if (full_bw_reached_ || rate > static_cast<double>(PacingRateBps())) pacing_rate_bps_ = rate;
}

void Bbr3::SetCwnd(const TcpState& state, const RateSample& rs) {
  // §5.6.4.6 BBRSetCwnd: grow by what is delivered toward max_inflight = BBRInflight(bw,
  // cwnd_gain) (without limit before the pipe is full, as in Startup), then bound it.
  const uint64_t max_inflight = Inflight(cwnd_gain_);
  if (!recovery_window_.Modulate(cwnd_, state, rs, [this] { StartRound(); })) {
    if (full_bw_reached_) {
      cwnd_ = std::min(cwnd_ + rs.newly_delivered, max_inflight);
    } else if (cwnd_ < max_inflight || delivered_ < initial_cwnd_) {
      cwnd_ += rs.newly_delivered;
    }
    cwnd_ = std::max(cwnd_, MinPipeCwnd());
  }
  // §5.6.4.5 BBRBoundCwndForProbeRTT
  if (state_ == State::kProbeRtt) cwnd_ = std::min(cwnd_, ProbeRttCwnd());
  // §5.6.4.7 BBRBoundCwndForModel: inflight_hi in ProbeBW but CRUISE, inflight_hi less
  // headroom in CRUISE and ProbeRTT; inflight_lo everywhere; never below BBRMinPipeCwnd.
  uint64_t cap = kUnbounded;
  if (IsInProbeBw() && state_ != State::kProbeBwCruise) {
    cap = inflight_hi_;
  } else if (state_ == State::kProbeRtt || state_ == State::kProbeBwCruise) {
    cap = InflightWithHeadroom();
  }
  cap = std::max(std::min(cap, inflight_lo_), MinPipeCwnd());
  cwnd_ = std::min(cwnd_, cap);
}

void Bbr3::OnAckReceived(const TcpState& state, const RateSample& rs, Time now) {
  // §5.2 BBRUpdateOnACK: BBRUpdateModelAndState, then BBRUpdateControlParameters.
  if (initial_cwnd_ == 0) initial_cwnd_ = cwnd_;
  delivered_ = std::max(delivered_, rs.total_delivered);
  UpdateRound(rs);
  UpdateLatestDeliverySignals(state, rs);
  UpdateCongestionSignals(state, rs);
  CheckFullBwReached(rs);
  CheckStartupDone();
  CheckDrain(state, now);
  UpdateProbeBwCyclePhase(state, rs, now);
  probe_rtt_expired_ = probe_rtt_expiry_seen_ ||
                       (!probe_rtt_min_delay_.IsInfinite() && now > probe_rtt_min_stamp_ + params_.probe_rtt_interval);
  probe_rtt_expiry_seen_ = false;
  CheckProbeRtt(state, now);
  AdvanceLatestDeliverySignals(rs);
  bw_ = bw_lo_set_ ? std::min(max_bw_, bw_lo_) : max_bw_;  // §5.5.10.4 BBRBoundBWForModel
  SetPacingRate();
  SetCwnd(state, rs);
}

// ---- loss recovery -------------------------------------------------------------------

uint64_t Bbr3::SsthreshAfterLoss(const TcpState& state, uint64_t) {
  // BBR never reads ssthresh; kept at the pre-loss window (as v1) for the sender's test.
  return std::max<uint64_t>(cwnd_, 4ULL * state.mss);
}

void Bbr3::EnterRecovery(const TcpState& state, int) {
  // §5.6.4.4 "upon entering Fast Recovery": save the window; conservation begins on this
  // ACK's window update, where the delivered bytes are known.
  recovery_window_.EnterFastRecovery(cwnd_, state_ == State::kProbeRtt);
  ssthresh_ = SsthreshAfterLoss(state, state.flight_size());
}

void Bbr3::ExitRecovery(uint64_t) {
  // §5.6.4.4 "upon exiting loss recovery": BBRRestoreCwnd; the next ACK bounds it.
  recovery_window_.ExitFastRecovery(cwnd_);
}

void Bbr3::AfterRetransmissionTimeout(const TcpState&) {
  // §5.6.4.4 "upon retransmission timeout": save the window; the base class set cwnd to
  // one segment; the end of the timeout's recovery restores it.
  recovery_window_.EnterTimeoutRecovery(cwnd_before_timeout_, state_ == State::kProbeRtt);
}

}  // namespace plab
