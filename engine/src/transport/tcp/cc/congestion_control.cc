#include "transport/tcp/cc/congestion_control.h"

#include <algorithm>

namespace plab {

void CongestionControl::OnRetransmissionTimeout(const TcpState& state, bool hold_ssthresh) {
  cwnd_before_timeout_ = cwnd_;
  ssthresh_before_timeout_ = ssthresh_;
  if (!hold_ssthresh || !ssthresh_set()) ssthresh_ = SsthreshAfterTimeout(state, state.flight_size());
  cwnd_ = mss_;
  AfterRetransmissionTimeout(state);
}

void CongestionControl::OnEcnEcho(const TcpState& state) {
  // RFC 3168 §6.1.2: "the congestion window cwnd is halved and ssthresh reduced" as
  // for a loss (the control's own reduction), no retransmission and no slow start.
  ssthresh_ = SsthreshAfterLoss(state, state.flight_size());
  cwnd_ = std::max<uint64_t>(ssthresh_, mss_);
}

void CongestionControl::RestartAfterLoss(const TcpState& state) {
  ssthresh_ = SsthreshAfterLoss(state, state.flight_size());
  cwnd_ = mss_;
}

void CongestionControl::EnterRecovery(const TcpState& state, int inflation_segments) {
  ssthresh_ = SsthreshAfterLoss(state, state.flight_size());
  // RFC 5681 §3.2 step 4: + 3 SMSS for the three segments the dupacks say have left.
  cwnd_ = ssthresh_ + static_cast<uint64_t>(inflation_segments) * mss_;
}

void CongestionControl::InflateForDupAck() { cwnd_ += mss_; }

void CongestionControl::DeflateOnPartialAck(uint64_t acked_bytes) {
  // RFC 6582 §3.2 step 5: deflate by the data acknowledged, add back one SMSS if at
  // least one SMSS was acknowledged; never below one segment.
  cwnd_ = cwnd_ > acked_bytes ? cwnd_ - acked_bytes : 0;
  if (acked_bytes >= mss_) cwnd_ += mss_;
  cwnd_ = std::max<uint64_t>(cwnd_, mss_);
}

void CongestionControl::ExitRecovery(uint64_t cap) { cwnd_ = std::min(ssthresh_, cap); }

void CongestionControl::ExitRecoveryKeeping(uint64_t extra) { cwnd_ = ssthresh_ + extra; }

void CongestionControl::RenoIncrease(const TcpState& state, uint64_t acked_bytes) {
  if (!state.cwnd_limited) return;
  if (InSlowStart()) {
    // RFC 5681 §3.1: at most SMSS per ACK (no appropriate byte counting).
    cwnd_ += std::min<uint64_t>(acked_bytes, mss_);
    return;
  }
  // RFC 5681 eq. 3; at least one byte so a huge window still grows.
  const uint64_t mss = mss_;
  cwnd_ += std::max<uint64_t>(1, mss * mss / cwnd_);
}

void CongestionControl::HyStartPlusPlusIncrease(HyStartPlusPlus& hystart, const TcpState& state, uint64_t acked_bytes,
                                                std::optional<Time> rtt) {
  // RFC 9406 §4.2. Slow start's step stays RenoIncrease's min(acked, SMSS) (RFC 5681,
  // L = 1), so HyStart++ changes how slow start ends and nothing else.
  const HyStartPlusPlus::Step step = hystart.OnAck(state.snd_una, state.snd_max, rtt);
  if (step.enter_avoidance) {
    ssthresh_ = cwnd_;  // after CSS_ROUNDS rounds of CSS: congestion avoidance
    return;
  }
  if (state.cwnd_limited) cwnd_ += std::min<uint64_t>(acked_bytes, mss_) / step.growth_divisor;
}

}  // namespace plab
