#include "transport/tcp/real/real_control.h"

#include <algorithm>

#include "transport/tcp/real/real_option.h"

namespace plab {

RealControl::RealControl(const Params& params) : params_(params) {
  reads_ack_header_ = true;
  writes_data_header_ = true;
}

uint64_t RealControl::MaxWindow() const {
  // §3: "the maximum wave level corresponds to the maximum congestion window".
  return static_cast<uint64_t>(params_.max_level) * kSegmentsPerLevel * mss_;
}

void RealControl::OnAck(const TcpState& state, uint64_t acked_bytes, Time) {
  if (params_.grow_between_decisions) RenoIncrease(state, acked_bytes);
  cwnd_ = std::min(cwnd_, MaxWindow());
}

void RealControl::ApplyLevel(int level) {
  cwnd_ = std::clamp<uint64_t>(static_cast<uint64_t>(level) * kSegmentsPerLevel * mss_, kSegmentsPerLevel * mss_,
                               MaxWindow());
  ++decisions_applied_;
}

void RealControl::OnAckHeader(const TcpHeader& header, Time) {
  // The DACK bit: any duplicate ACK since the timer was last restarted (a new ACK
  // restarts it).
  if (header.ack > highest_ack_) {
    highest_ack_ = header.ack;
    dack_bit_ = false;
  } else {
    dack_bit_ = true;
  }
  const RealOption& option = header.option.As<RealOption>();
  if (option.decision == 0 || option.decision == last_decision_) return;
  last_decision_ = option.decision;
  if (in_recovery_) {
    pending_level_ = option.next_level;  // applied when recovery ends
    return;
  }
  ApplyLevel(option.next_level);
}

void RealControl::WriteDataHeader(TcpHeader& header) const {
  header.option.As<RealOption>().window_segments = static_cast<uint32_t>(cwnd_ / mss_);
}

void RealControl::EnterRecovery(const TcpState&, int inflation_segments) {
  // No cut: the retransmission goes out, the window stays (§4.1: "the congestion
  // window is not adjusted"), and is not inflated: the wave is fixed for the RTT (§1).
  in_recovery_ = true;
  recovery_cwnd_ = cwnd_;
  pending_level_ = 0;
  if (params_.recovery_inflation) cwnd_ += static_cast<uint64_t>(inflation_segments) * mss_;
}

void RealControl::InflateForDupAck() {
  if (params_.recovery_inflation) cwnd_ += mss_;
}

bool RealControl::BacksOffRetransmissionTimer() const { return backs_off_; }

void RealControl::ExitRecovery(uint64_t cap) {
  in_recovery_ = false;
  cwnd_ = std::min(recovery_cwnd_, cap);
  if (pending_level_ > 0) ApplyLevel(pending_level_);
  pending_level_ = 0;
}

uint64_t RealControl::SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) {
  return std::max<uint64_t>(flight_size / 2, 2ULL * state.mss);  // as Reno (RFC 5681 eq. 4)
}

void RealControl::AfterRetransmissionTimeout(const TcpState&) {
  in_recovery_ = false;
  pending_level_ = 0;
  if (dack_bit_ && !params_.timeout_always_backs_off) {
    // Wave information arrived during the timer: the reverse path lost ACKs, the
    // forward path is not congested. Keep the window (never past the largest wave,
    // had an inflation raised it) and ssthresh, and do not back off the RTO.
    cwnd_ = std::min(cwnd_before_timeout_, MaxWindow());
    ssthresh_ = ssthresh_before_timeout_;
    backs_off_ = !params_.cancel_backoff;
  } else {
    cwnd_ = kSegmentsPerLevel * mss_;  // wave level 1: "two segments, like Slow Start"
    backs_off_ = true;                 // "Slow Start and timeout adjustments are used"
  }
  dack_bit_ = false;  // a new timer period
}

}  // namespace plab
