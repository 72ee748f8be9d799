#include "transport/tcp/cc/aimd.h"

#include <algorithm>

namespace plab {

void Aimd::OnAck(TcpState& state, uint64_t acked_bytes, Time) { RenoWindowIncrease(state, acked_bytes); }

void RenoWindowIncrease(TcpState& state, uint64_t acked_bytes) {
  if (!state.cwnd_limited) return;
  if (state.in_slow_start()) {
    // RFC 5681 §3.1: at most SMSS per ACK (no appropriate byte counting).
    state.cwnd += std::min<uint64_t>(acked_bytes, state.mss);
    return;
  }
  // RFC 5681 eq. 3; at least one byte so a huge window still grows.
  const uint64_t mss = state.mss;
  state.cwnd += std::max<uint64_t>(1, mss * mss / state.cwnd);
}

uint64_t Aimd::SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) {
  return std::max<uint64_t>(flight_size / 2, 2ULL * state.mss);
}

}  // namespace plab
