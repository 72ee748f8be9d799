#include "transport/tcp/cc/vegas.h"

#include <algorithm>

#include "transport/tcp/cc/aimd.h"

namespace plab {

void Vegas::OnRttSample(Time rtt, Time) {
  base_rtt_ = std::min(base_rtt_, rtt);
  round_min_rtt_ = std::min(round_min_rtt_, rtt);
  ++round_samples_;
}

void Vegas::OnAck(TcpState& state, uint64_t acked_bytes, Time) {
  if (state.snd_una >= round_end_) {
    EndRound(state);
    return;
  }
  if (state.in_slow_start() && grow_this_round_ && state.cwnd_limited) {
    state.cwnd += std::min<uint64_t>(acked_bytes, state.mss);
  }
}

void Vegas::EndRound(TcpState& state) {
  round_end_ = state.snd_max;
  const bool measured = round_samples_ >= 2 && !base_rtt_.IsInfinite();
  const Time rtt = round_min_rtt_;
  round_min_rtt_ = Time::Infinite();
  round_samples_ = 0;
  if (!measured) {
    // Too few samples for a reliable diff (Linux tcp_vegas: fall back to Reno).
    RenoWindowIncrease(state, state.mss);
    return;
  }
  const double cwnd_segments = static_cast<double>(state.cwnd) / state.mss;
  const double diff = cwnd_segments * static_cast<double>((rtt - base_rtt_).ns()) / static_cast<double>(rtt.ns());
  last_diff_ = diff;
  if (state.in_slow_start()) {
    if (diff > params_.gamma) {
      // Leave slow start at the rate the path just showed it can carry (Linux).
      const double target = cwnd_segments * static_cast<double>(base_rtt_.ns()) / static_cast<double>(rtt.ns());
      state.cwnd = std::min<uint64_t>(state.cwnd, static_cast<uint64_t>(target + 1) * state.mss);
      state.cwnd = std::max<uint64_t>(state.cwnd, 2ULL * state.mss);
      state.ssthresh = std::max<uint64_t>(state.cwnd - state.mss, 2ULL * state.mss);
    }
    grow_this_round_ = !grow_this_round_;
    return;
  }
  if (diff < params_.alpha) {
    if (state.cwnd_limited) state.cwnd += state.mss;
  } else if (diff > params_.beta) {
    state.cwnd = std::max<uint64_t>(state.cwnd - state.mss, 2ULL * state.mss);
    state.ssthresh = std::min(state.ssthresh, state.cwnd);
  }
}

uint64_t Vegas::SsthreshAfterLoss(const TcpState& state, uint64_t) {
  // TCP-ER §II-B: Vegas reduces the window by a quarter, not a half.
  return std::max<uint64_t>(state.cwnd * 3 / 4, 2ULL * state.mss);
}

void Vegas::OnRetransmissionTimeout(TcpState& state) {
  round_end_ = state.snd_max;
  round_min_rtt_ = Time::Infinite();
  round_samples_ = 0;
  grow_this_round_ = true;
}

}  // namespace plab
