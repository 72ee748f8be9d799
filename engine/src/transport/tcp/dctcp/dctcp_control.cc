#include "transport/tcp/dctcp/dctcp_control.h"

#include <algorithm>

namespace plab {

void Dctcp::OnAck(const TcpState& state, uint64_t acked_bytes, Time) { RenoIncrease(state, acked_bytes); }

void Dctcp::OnEcnAck(const TcpState& state, uint64_t acked_bytes, bool ece) {
  // RFC 8257 §3.3: bytes acknowledged, and of them those the ACK says were marked.
  bytes_acked_ += acked_bytes;
  if (ece) bytes_marked_ += acked_bytes;
  // "If the acknowledgment number is less than or equal to DCTCP.WindowEnd, stop".
  if (state.snd_una <= window_end_) return;
  // The fraction marked over the window just ended, into the EWMA.
  const double m = bytes_acked_ > 0 ? static_cast<double>(bytes_marked_) / static_cast<double>(bytes_acked_) : 0.0;
  alpha_ = (1 - params_.g) * alpha_ + params_.g * m;
  ++alpha_updates_;
  window_end_ = state.snd_max;
  bytes_acked_ = 0;
  bytes_marked_ = 0;
}

void Dctcp::OnEcnEcho(const TcpState& state) {
  // RFC 8257 §3.3: cwnd = cwnd x (1 - alpha / 2), as Linux dctcp_ssthresh
  // sets ssthresh to it (at least 2 segments) and its CWR state brings cwnd down to it.
  const double reduced = static_cast<double>(cwnd_) * (1 - alpha_ / 2);
  ssthresh_ = std::max<uint64_t>(static_cast<uint64_t>(reduced), 2ULL * state.mss);
  cwnd_ = ssthresh_;
}

uint64_t Dctcp::SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) {
  // RFC 8257 §3.4: a loss is answered as by a conventional TCP (RFC 5681 eq. 4).
  return std::max<uint64_t>(flight_size / 2, 2ULL * state.mss);
}

}  // namespace plab
