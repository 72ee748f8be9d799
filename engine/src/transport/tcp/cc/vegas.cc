#include "transport/tcp/cc/vegas.h"

#include <algorithm>

namespace plab {

void Vegas::OnRttUpdated(Time) {
  round_min_rtt_ = std::min(round_min_rtt_, rtt().latest_rtt());
  ++round_samples_;
}

void Vegas::OnAck(const TcpState& state, uint64_t acked_bytes, Time) {
  if (state.snd_una >= round_end_) {
    EndRound(state);
    return;
  }
  if (InSlowStart() && grow_this_round_ && state.cwnd_limited) {
    cwnd_ += std::min<uint64_t>(acked_bytes, state.mss);
  }
}

void Vegas::EndRound(const TcpState& state) {
  round_end_ = state.snd_max;
  const Time base_rtt = rtt().min_rtt();
  const bool measured = round_samples_ >= 2 && !base_rtt.IsInfinite();
  const Time round_rtt = round_min_rtt_;
  round_min_rtt_ = Time::Infinite();
  round_samples_ = 0;
  if (!measured) {
    // Too few samples for a reliable diff (Linux tcp_vegas: fall back to Reno).
    RenoIncrease(state, state.mss);
    return;
  }
  const double cwnd_segments = static_cast<double>(cwnd_) / state.mss;
  const double diff =
      cwnd_segments * static_cast<double>((round_rtt - base_rtt).ns()) / static_cast<double>(round_rtt.ns());
  last_diff_ = diff;
  if (InSlowStart()) {
    if (diff > params_.gamma) {
      // Leave slow start at the rate the path just showed it can carry (Linux).
      const double target = cwnd_segments * static_cast<double>(base_rtt.ns()) / static_cast<double>(round_rtt.ns());
      cwnd_ = std::min<uint64_t>(cwnd_, static_cast<uint64_t>(target + 1) * state.mss);
      cwnd_ = std::max<uint64_t>(cwnd_, 2ULL * state.mss);
      ssthresh_ = std::max<uint64_t>(cwnd_ - state.mss, 2ULL * state.mss);
    }
    grow_this_round_ = !grow_this_round_;
    return;
  }
  if (diff < params_.alpha) {
    if (state.cwnd_limited) cwnd_ += state.mss;
  } else if (diff > params_.beta) {
    cwnd_ = std::max<uint64_t>(cwnd_ - state.mss, 2ULL * state.mss);
    ssthresh_ = std::min(ssthresh_, cwnd_);
  }
}

uint64_t Vegas::SsthreshAfterLoss(const TcpState& state, uint64_t) {
  // TCP-ER §II-B: Vegas reduces the window by a quarter, not a half.
  return std::max<uint64_t>(cwnd_ * 3 / 4, 2ULL * state.mss);
}

void Vegas::AfterRetransmissionTimeout(const TcpState& state) {
  round_end_ = state.snd_max;
  round_min_rtt_ = Time::Infinite();
  round_samples_ = 0;
  grow_this_round_ = true;
}

}  // namespace plab
