#include "transport/tcp/cc/aimd.h"

#include <algorithm>

namespace plab {

void Aimd::OnAck(const TcpState& state, uint64_t acked_bytes, Time) { RenoIncrease(state, acked_bytes); }

uint64_t Aimd::SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) {
  return std::max<uint64_t>(flight_size / 2, 2ULL * state.mss);
}

}  // namespace plab
