#include "transport/tcp/cc/custom/custom_control.h"

#include <algorithm>
#include <cmath>

#include "params/run_error.h"

namespace plab {

using cclang::Handler;

CustomControl::CustomControl(cclang::Program program, std::string path, uint64_t max_window)
    : machine_(std::move(program)), path_(std::move(path)), max_window_(max_window) {}

void CustomControl::Load(uint64_t in_flight, double acked, double lost) {
  const RttStats& r = rtt();
  const bool sampled = r.has_sample();
  machine_.slot(cclang::kCwnd) = static_cast<double>(cwnd_);
  machine_.slot(cclang::kSsthresh) =
      ssthresh_set() ? std::min(static_cast<double>(ssthresh_), cclang::kNoSsthresh) : cclang::kNoSsthresh;
  machine_.slot(cclang::kMss) = mss_;
  machine_.slot(cclang::kSrtt) = sampled ? r.srtt().seconds() : 0.0;
  machine_.slot(cclang::kMinRtt) = sampled ? r.min_rtt().seconds() : 0.0;
  machine_.slot(cclang::kRtt) = sampled ? r.latest_rtt().seconds() : 0.0;
  machine_.slot(cclang::kRttvar) = sampled ? r.rttvar().seconds() : 0.0;
  machine_.slot(cclang::kNow) = now_.seconds();
  machine_.slot(cclang::kInFlight) = static_cast<double>(in_flight);
  machine_.slot(cclang::kAcked) = acked;
  machine_.slot(cclang::kLost) = lost;
  machine_.slot(cclang::kDelivered) = static_cast<double>(delivered_);
  machine_.slot(cclang::kDeliveryRate) = delivery_rate_;
  machine_.slot(cclang::kRound) = static_cast<double>(round_count_);
  machine_.slot(cclang::kCwndLimited) = ack_cwnd_limited_ ? 1.0 : 0.0;
}

void CustomControl::Call(Handler h) {
  if (calls_ != nullptr) calls_->push_back(std::string(cclang::HandlerName(h)) + "@" + std::to_string(now_.seconds()));
  std::string error;
  if (!machine_.Run(h, &error)) throw RunInputError(path_, path_ + ": " + error);
}

uint64_t CustomControl::SsthreshFromSlot() const {
  const double s = machine_.slot(cclang::kSsthresh);
  return s >= cclang::kNoSsthresh ? kNoSsthresh : static_cast<uint64_t>(s);
}

// The loss recovery sets cwnd from this (Reno: ssthresh + 3 segments, then ssthresh at
// the end of recovery): an unset or larger one is the receiver window, or the window
// would leave its clamp (an unset one wrapped ssthresh + 3 segments around 2^64).
uint64_t CustomControl::SsthreshAfterLossFromSlot() const {
  return std::min(SsthreshFromSlot(), std::max<uint64_t>(max_window_, 2ULL * mss_));
}

void CustomControl::AfterInit() {
  machine_.SetBounds(mss_, static_cast<double>(std::max<uint64_t>(max_window_, mss_)), 2.0 * mss_);
  Load(0, 0, 0);
  std::string error;
  if (!machine_.RunVars(&error)) throw RunInputError(path_, path_ + ": " + error);
  Call(Handler::kInit);
  cwnd_ = static_cast<uint64_t>(machine_.slot(cclang::kCwnd));
  ssthresh_ = SsthreshFromSlot();
}

void CustomControl::OnAck(const TcpState& state, uint64_t acked_bytes, Time now) {
  now_ = now;
  ack_pending_ = true;
  ack_bytes_ += acked_bytes;
  ack_cwnd_limited_ = state.cwnd_limited;
}

void CustomControl::OnAckReceived(const TcpState& state, const RateSample& rs, Time now) {
  now_ = now;
  in_flight_ = state.flight_size();
  delivered_ = rs.total_delivered;
  if (rs.valid) delivery_rate_ = rs.delivery_rate_bps / 8.0;
  round_delivered_ += rs.newly_delivered;
  round_lost_ += rs.newly_lost;
  if (ack_pending_) {
    ack_pending_ = false;
    Load(in_flight_, static_cast<double>(ack_bytes_), 0);
    ack_bytes_ = 0;
    Call(Handler::kOnAck);
    const uint64_t wanted = static_cast<uint64_t>(machine_.slot(cclang::kCwnd));
    // RFC 7661 / Linux tcp_is_cwnd_limited: no growth from ACKs the window did not limit.
    if (ack_cwnd_limited_ || wanted < cwnd_) cwnd_ = wanted;
    ssthresh_ = SsthreshFromSlot();
  }
  if (rs.newly_delivered > 0 && rs.prior_delivered >= next_round_delivered_) {
    next_round_delivered_ = rs.total_delivered;
    ++round_count_;
    ack_cwnd_limited_ = state.cwnd_limited;
    Load(in_flight_, static_cast<double>(round_delivered_), static_cast<double>(round_lost_));
    round_delivered_ = 0;
    round_lost_ = 0;
    Call(Handler::kOnRound);
    // In loss recovery the recovery owns the window: what on_round wrote waits.
    if (!state.in_recovery) {
      cwnd_ = static_cast<uint64_t>(machine_.slot(cclang::kCwnd));
      ssthresh_ = SsthreshFromSlot();
    }
  }
}

int64_t CustomControl::PacingRateBps() const { return static_cast<int64_t>(machine_.slot(cclang::kPacingRate) * 8.0); }

uint64_t CustomControl::SsthreshAfterLoss(const TcpState&, uint64_t flight_size) {
  if (!machine_.has(Handler::kOnLoss)) return std::max<uint64_t>(flight_size / 2, 2ULL * mss_);
  Load(flight_size, 0, 0);
  Call(Handler::kOnLoss);
  return SsthreshAfterLossFromSlot();
}

uint64_t CustomControl::SsthreshAfterTimeout(const TcpState& state, uint64_t flight_size) {
  timeout_cwnd_ = mss_;
  if (!machine_.has(Handler::kOnTimeout)) return SsthreshAfterLoss(state, flight_size);
  Load(flight_size, 0, 0);
  Call(Handler::kOnTimeout);
  if (machine_.wrote(cclang::kCwnd)) timeout_cwnd_ = static_cast<uint64_t>(machine_.slot(cclang::kCwnd));
  return SsthreshAfterLossFromSlot();
}

void CustomControl::AfterRetransmissionTimeout(const TcpState&) { cwnd_ = timeout_cwnd_; }

}  // namespace plab
