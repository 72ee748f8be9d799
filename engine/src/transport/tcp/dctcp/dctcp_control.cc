#include "transport/tcp/dctcp/dctcp_control.h"

#include <algorithm>

namespace plab {

void Dctcp::OnAck(const TcpState& state, uint64_t acked_bytes, Time) {
  if (!in_cwr_) RenoIncrease(state, acked_bytes);  // no growth in the CWR round
}

void Dctcp::OnEcnAck(const TcpState& state, uint64_t acked_bytes, bool ece) {
  // RFC 8257 §3.3: the bytes acknowledged and marked, alpha once per window (dctcp_alpha.h).
  estimate_.OnAck(state.snd_una, state.snd_max, acked_bytes, ece);
  last_acked_ = acked_bytes;
  if (!in_cwr_) return;
  // The CWR round (header), on every ACK, ECE or not (the sender grows the window only
  // on ACKs without ECE, RFC 3168 §6.1.2): cwnd down in proportion to what was delivered.
  if (state.snd_una > cwr_recover_) {
    in_cwr_ = false;
    cwnd_ = ssthresh_;
    return;
  }
  if (ns3_) {
    Ns3PrrStep(state, acked_bytes, false);
    return;
  }
  cwr_delivered_ += acked_bytes;
  const uint64_t fs = std::max<uint64_t>(cwr_recover_fs_, 1);
  const uint64_t sent_for = (cwr_delivered_ * ssthresh_ + fs - 1) / fs;  // CEIL(delivered x ssthresh / RecoverFS)
  const uint64_t left = fs > cwr_delivered_ ? fs - cwr_delivered_ : 0;
  cwnd_ = std::max<uint64_t>({ssthresh_, left + sent_for, 2ULL * state.mss});
}

void Dctcp::OnEcnEcho(const TcpState& state) {
  // RFC 8257 §3.3: cwnd = cwnd x (1 - alpha / 2), as Linux dctcp_ssthresh
  // sets ssthresh to it (at least 2 segments) and its CWR state brings cwnd down to it.
  ssthresh_ = estimate_.Reduced(cwnd_, state.mss);
  if (!cwr_mode_) {
    cwnd_ = ssthresh_;
    return;
  }
  in_cwr_ = true;
  cwr_recover_ = state.snd_max;
  cwr_recover_fs_ = state.flight_size();
  cwr_delivered_ = 0;
  if (ns3_) {
    // The ACK that enters CA_CWR is counted twice in ns-3: EnterCwr's DoRecovery (called
    // as for a duplicate ACK: one segment more) and CA_CWR's own for the same ACK.
    Ns3PrrStep(state, last_acked_, true);
    Ns3PrrStep(state, last_acked_, false);
  }
}

void Dctcp::RestartAfterLoss(const TcpState& state) {
  in_cwr_ = false;  // a timeout's reduction replaces the round's
  CongestionControl::RestartAfterLoss(state);
}

void Dctcp::EnterRecovery(const TcpState& state, int inflation_segments) {
  in_cwr_ = false;  // loss recovery takes over from the round's
  CongestionControl::EnterRecovery(state, inflation_segments);
}

uint64_t Dctcp::SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) {
  // RFC 8257 §3.4: a loss is answered as by a conventional TCP (RFC 5681 eq. 4).
  return std::max<uint64_t>(flight_size / 2, 2ULL * state.mss);
}

}  // namespace plab
