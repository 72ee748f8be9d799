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
  return std::max<uint64_t>(flight_size / 2, 2ULL * state.mss);
}

}  // namespace plab
