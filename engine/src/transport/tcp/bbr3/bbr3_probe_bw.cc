// BBR v3's ProbeBW cycle with its upper bounds (draft-ietf-ccwg-bbr-01 §5.3.3, §5.5.6)
// and ProbeRTT (§5.3.4); the rest of the algorithm is in bbr3.cc.
#include <algorithm>

#include "transport/tcp/bbr3/bbr3.h"

namespace plab {

// ---- ProbeBW -------------------------------------------------------------------------

bool Bbr3::IsInProbeBw() const {
  return state_ == State::kProbeBwDown || state_ == State::kProbeBwCruise || state_ == State::kProbeBwRefill ||
         state_ == State::kProbeBwUp;
}

bool Bbr3::IsProbingBw() const {
  // §5.5.10.3 BBRIsProbingBW
  return state_ == State::kStartup || state_ == State::kProbeBwRefill || state_ == State::kProbeBwUp;
}

void Bbr3::EnterProbeBw(Time now) {
  // §5.3.3.6 BBREnterProbeBW: cwnd gain BBRDefaultCwndGain (2), starting in DOWN.
  cwnd_gain_ = 2.0;
  StartProbeBwDown(now);
}

void Bbr3::StartProbeBwDown(Time now) {
  // §5.3.3.6 BBRStartProbeBW_DOWN (pacing 0.9: drain the probe's queue, leave headroom).
  loss_in_round_ = false;  // BBRResetCongestionSignals
  bw_latest_ = 0;
  inflight_latest_ = 0;
  probe_up_cnt_ = UINT64_MAX;
  rounds_since_bw_probe_ = 0;  // BBRPickProbeWait (the random 0-1 round fixed at 0)
  cycle_stamp_ = now;
  ack_phase_ = AckPhase::kProbeStopping;
  StartRound();
  state_ = State::kProbeBwDown;
  pacing_gain_ = 0.9;
  cwnd_gain_ = 2.0;
}

void Bbr3::StartProbeBwCruise() {
  // §5.3.3.6 BBRStartProbeBW_CRUISE
  state_ = State::kProbeBwCruise;
  pacing_gain_ = 1.0;
  cwnd_gain_ = 2.0;
}

void Bbr3::StartProbeBwRefill() {
  // §5.3.3.6 BBRStartProbeBW_REFILL: forget the short-term bounds and refill the pipe
  // at 1.0 for one round before probing.
  ResetLowerBounds();
  bw_probe_up_rounds_ = 0;
  bw_probe_up_acks_ = 0;
  ack_phase_ = AckPhase::kRefilling;
  StartRound();
  state_ = State::kProbeBwRefill;
  pacing_gain_ = 1.0;
  cwnd_gain_ = 2.0;
}

void Bbr3::StartProbeBwUp(const RateSample& /*rs*/) {
  // §5.3.3.6 BBRStartProbeBW_UP: pacing 1.25, cwnd gain 2.25; a fresh plateau test.
  ack_phase_ = AckPhase::kProbeStarting;
  StartRound();
  ResetFullBw();
  full_bw_ = max_bw_;
  state_ = State::kProbeBwUp;
  pacing_gain_ = 1.25;
  cwnd_gain_ = 2.25;
  RaiseInflightHiSlope();
}

void Bbr3::RaiseInflightHiSlope() {
  // §5.3.3.5.2: inflight_hi grows 1, 2, 4 ... segments per round in UP.
  const uint64_t growth_segments = 1ULL << bw_probe_up_rounds_;
  bw_probe_up_rounds_ = std::min(bw_probe_up_rounds_ + 1, 30);
  probe_up_cnt_ = std::max<uint64_t>(cwnd_ / growth_segments, mss_);  // bytes acked per segment of growth
}

void Bbr3::ProbeInflightHiUpward(const TcpState& state, const RateSample& rs) {
  // §5.3.3.5.2 BBRProbeInflightHiUpward: only while cwnd-limited at inflight_hi.
  if (!state.cwnd_limited || cwnd_ < inflight_hi_) return;
  bw_probe_up_acks_ += rs.newly_delivered;
  if (bw_probe_up_acks_ >= probe_up_cnt_) {
    const uint64_t delta = bw_probe_up_acks_ / probe_up_cnt_;
    bw_probe_up_acks_ -= delta * probe_up_cnt_;
    inflight_hi_ += delta * mss_;
  }
  if (round_start_) RaiseInflightHiSlope();
}

void Bbr3::HandleInflightTooHigh(const RateSample& rs, Time now) {
  // §5.5.6 BBRHandleInflightTooHigh: inflight_hi = max(tx_in_flight, BBRBeta x
  // target inflight), once per probe; UP ends.
  bw_probe_samples_ = 0;
  if (!rs.is_app_limited) {
    inflight_hi_ = std::max(tx_in_flight_, static_cast<uint64_t>(params_.beta * static_cast<double>(TargetInflight())));
  }
  if (state_ == State::kProbeBwUp) StartProbeBwDown(now);
}

void Bbr3::AdaptUpperBounds(const TcpState& state, const RateSample& rs, Time now) {
  // §5.5.6 BBRAdaptUpperBounds
  if (ack_phase_ == AckPhase::kProbeStarting && round_start_) ack_phase_ = AckPhase::kProbeFeedback;
  if (ack_phase_ == AckPhase::kProbeStopping && round_start_) {
    // The probe's samples are in: forget the older cycle's bandwidth (§5.5.2
    // BBRAdvanceMaxBwFilter), once (Linux returns the phase to ACKS_INIT).
    bw_probe_samples_ = 0;
    ack_phase_ = AckPhase::kInit;
    if (IsInProbeBw() && !rs.is_app_limited) ++cycle_count_;
  }
  if (IsInflightTooHigh()) {
    if (bw_probe_samples_ > 0) HandleInflightTooHigh(rs, now);
    return;
  }
  // The loss rate is safe: raise the upper bound toward what was in flight.
  if (inflight_hi_ == kUnbounded) return;
  inflight_hi_ = std::max(inflight_hi_, tx_in_flight_);
  if (state_ == State::kProbeBwUp) ProbeInflightHiUpward(state, rs);
}

bool Bbr3::IsTimeToProbeBw(Time now) {
  // §5.3.3.5.3 BBRIsTimeToProbeBW: after bw_probe_wait, or after as many rounds as Reno
  // would take to grow by the BDP (at most 63: BBRIsRenoCoexistenceProbeTime).
  const int64_t reno_rounds = static_cast<int64_t>(TargetInflight() / mss_);
  const bool reno_time = rounds_since_bw_probe_ >= std::min<int64_t>(reno_rounds, 63);
  if (now > cycle_stamp_ + params_.probe_wait || reno_time) {
    StartProbeBwRefill();
    return true;
  }
  return false;
}

bool Bbr3::IsTimeToCruise(const TcpState& state) const {
  // §5.3.3.6 BBRIsTimeToCruise: inflight within the headroom and down to the BDP.
  if (state.pipe > InflightWithHeadroom()) return false;
  return state.pipe <= Inflight(1.0);
}

bool Bbr3::IsTimeToGoDown(const TcpState& state) {
  // §5.3.3.6 BBRIsTimeToGoDown: UP ends when bandwidth stopped growing (full_bw_now),
  // unless inflight_hi is what holds it back (then the plateau test restarts).
  if (state.cwnd_limited && cwnd_ >= inflight_hi_) {
    ResetFullBw();
    full_bw_ = max_bw_;
    return false;
  }
  return full_bw_now_;
}

void Bbr3::UpdateProbeBwCyclePhase(const TcpState& state, const RateSample& rs, Time now) {
  // §5.3.3.6 BBRUpdateProbeBWCyclePhase
  if (!full_bw_reached_) return;
  AdaptUpperBounds(state, rs, now);
  if (!IsInProbeBw()) return;
  switch (state_) {
    case State::kProbeBwDown:
      if (IsTimeToProbeBw(now)) return;
      if (IsTimeToCruise(state)) StartProbeBwCruise();
      break;
    case State::kProbeBwCruise:
      IsTimeToProbeBw(now);
      break;
    case State::kProbeBwRefill:
      if (round_start_) {  // one round of REFILL, then UP
        bw_probe_samples_ = 1;
        StartProbeBwUp(rs);
      }
      break;
    case State::kProbeBwUp:
      if (IsTimeToGoDown(state)) StartProbeBwDown(now);
      break;
    default:
      break;
  }
}

// ---- ProbeRTT ------------------------------------------------------------------------

void Bbr3::EnterProbeRtt() {
  // §5.3.4.3 BBREnterProbeRTT
  state_ = State::kProbeRtt;
  pacing_gain_ = 1.0;
  cwnd_gain_ = params_.probe_rtt_cwnd_gain;
}

void Bbr3::CheckProbeRtt(const TcpState& state, Time now) {
  // §5.3.4.3 BBRCheckProbeRTT: when probe_rtt_min_delay is ProbeRTTInterval (5 s) old.
  if (state_ != State::kProbeRtt && probe_rtt_expired_) {
    EnterProbeRtt();
    recovery_window_.set_prior_cwnd(recovery_window_.Save(cwnd_, state_ == State::kProbeRtt));
    probe_rtt_done_stamp_ = Time::Infinite();
    ack_phase_ = AckPhase::kProbeStopping;
    StartRound();
  }
  if (state_ == State::kProbeRtt) HandleProbeRtt(state, now);
}

void Bbr3::HandleProbeRtt(const TcpState& state, Time now) {
  // §5.3.4.3 BBRHandleProbeRTT: once inflight is down to BBRProbeRTTCwnd, hold it for
  // ProbeRTTDuration (200 ms) and at least one round.
  if (probe_rtt_done_stamp_.IsInfinite() && state.pipe <= ProbeRttCwnd()) {
    probe_rtt_done_stamp_ = now + params_.probe_rtt_duration;
    probe_rtt_round_done_ = false;
    StartRound();
  } else if (!probe_rtt_done_stamp_.IsInfinite()) {
    if (round_start_) probe_rtt_round_done_ = true;
    if (probe_rtt_round_done_ && now > probe_rtt_done_stamp_) {
      // BBRCheckProbeRTTDone: schedule the next ProbeRTT, restore the window.
      probe_rtt_min_stamp_ = now;
      cwnd_ = std::max(cwnd_, recovery_window_.prior_cwnd());
      ExitProbeRtt(now);
    }
  }
}

void Bbr3::ExitProbeRtt(Time now) {
  // §5.3.4.3 BBRExitProbeRTT: back to ProbeBW (DOWN then CRUISE) or to Startup.
  ResetLowerBounds();
  if (full_bw_reached_) {
    StartProbeBwDown(now);
    StartProbeBwCruise();
  } else {
    EnterStartup();
  }
}

}  // namespace plab
