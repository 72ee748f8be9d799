#include "transport/tcp/cc/aimd.h"

#include <algorithm>

namespace plab {

void Aimd::OnAck(const TcpState& state, uint64_t acked_bytes, Time) {
  if (params_.hystart_pp && InSlowStart() && !ssthresh_set()) {  // RFC 9406: the initial slow start only
    HyStartPlusPlusIncrease(hspp_, state, acked_bytes, pending_rtt_);
    pending_rtt_.reset();
    return;
  }
  RenoIncrease(state, acked_bytes);
}

void Aimd::OnRttUpdated(Time) {
  if (params_.hystart_pp) pending_rtt_ = rtt().latest_rtt();
}

void Aimd::OnAckReceived(const TcpState&, const RateSample&, Time) { pending_rtt_.reset(); }

uint64_t Aimd::SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) {
  if (params_.halve_window) {
    // ns-2 slowdown(CLOSE_SSTHRESH_HALF): ssthresh_ = int(window() / 2) in whole packets,
    // at least 2 ("if (ssthresh_ < 2) ssthresh_ = 2").
    const uint64_t window_segments = std::min(cwnd(), params_.rwnd_bytes) / state.mss;
    return std::max<uint64_t>(window_segments / 2 * state.mss, 2ULL * state.mss);
  }
  return std::max<uint64_t>(flight_size / 2, 2ULL * state.mss);
}

}  // namespace plab
