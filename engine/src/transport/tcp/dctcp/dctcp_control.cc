#include "transport/tcp/dctcp/dctcp_control.h"

#include <algorithm>

namespace plab {

void Dctcp::OnAck(const TcpState& state, uint64_t acked_bytes, Time) { RenoIncrease(state, acked_bytes); }

void Dctcp::OnEcnAck(const TcpState& state, uint64_t acked_bytes, bool ece) {
  // RFC 8257 §3.3: the bytes acknowledged and marked, alpha once per window (dctcp_alpha.h).
  estimate_.OnAck(state.snd_una, state.snd_max, acked_bytes, ece);
}

void Dctcp::OnEcnEcho(const TcpState& state) {
  // RFC 8257 §3.3: cwnd = cwnd x (1 - alpha / 2), as Linux dctcp_ssthresh
  // sets ssthresh to it (at least 2 segments) and its CWR state brings cwnd down to it.
  ssthresh_ = estimate_.Reduced(cwnd_, state.mss);
  cwnd_ = ssthresh_;
}

uint64_t Dctcp::SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) {
  // RFC 8257 §3.4: a loss is answered as by a conventional TCP (RFC 5681 eq. 4).
  return std::max<uint64_t>(flight_size / 2, 2ULL * state.mss);
}

}  // namespace plab
