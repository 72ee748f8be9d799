#include "transport/tcp/copa/copa.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace plab {
namespace {

// The largest window (bytes) a sender can hold and still count in integers, with room.
constexpr double kMaxCwndBytes = 1e15;

}  // namespace

void Copa::OnRttUpdated(Time now) {
  // §2.1: RTTmin over 10 s; RTTstanding over the last srtt / 2.
  const Time rtt = this->rtt().latest_rtt();
  const Time srtt = this->rtt().srtt();
  min_filter_.Add(now, rtt, params_.min_rtt_window);
  standing_filter_.Add(now, rtt, srtt / 2);
  max_filter_.Add(now, rtt, srtt * 4);
  min_rtt_ = min_filter_.Get(now, params_.min_rtt_window);
  standing_rtt_ = standing_filter_.Get(now, srtt / 2);
  max_rtt_ = max_filter_.Get(now, srtt * 4);
  // §2.3: the queue is nearly empty when the queuing delay is at most a tenth of the
  // greatest over the last 4 RTTs; a competitive flow then returns to the default mode.
  if ((standing_rtt_ - min_rtt_).ns() * 10 <= (max_rtt_ - min_rtt_).ns()) {
    last_nearly_empty_ = now;
    if (mode_ == Mode::kCompetitive) {
      mode_ = Mode::kDefault;
      delta_ = params_.delta;
    }
  }
}

double Copa::TargetRateBytesPerSecond() const {
  // §2.1: lambda_t = 1 / (delta x dq) packets per second.
  const double dq = (standing_rtt_ - min_rtt_).seconds();
  if (dq <= 0) return std::numeric_limits<double>::infinity();
  return static_cast<double>(mss_) / (delta_ * dq);
}

int64_t Copa::PacingRateBps() const {
  // §2.1: packets are paced at 2 cwnd / RTTstanding, against bursts.
  if (standing_rtt_.IsInfinite() || standing_rtt_ <= Time::Zero()) return 0;
  return PacingBps(2 * static_cast<double>(cwnd_) * 8 / standing_rtt_.seconds());
}

void Copa::UpdateVelocity(const TcpState& state, Time now) {
  // §2.1 velocity: once per window compare cwnd with its value when the window began;
  // the same direction for 3 windows doubles v, then each further window; a change of
  // direction resets v to 1.
  if (state.snd_una < window_end_) return;
  // §2.3, once per window too: a queue not nearly empty for 5 RTTs means a buffer-filling
  // flow shares it; competitive, 1/delta grows by one per RTT without loss.
  if (params_.switching && mode_ == Mode::kDefault && now - last_nearly_empty_ >= rtt().srtt() * 5) {
    mode_ = Mode::kCompetitive;
  } else if (mode_ == Mode::kCompetitive && !loss_in_window_) {
    delta_ = 1 / (1 / delta_ + 1);
  }
  loss_in_window_ = false;
  const int direction = cwnd_bytes_ > window_start_cwnd_ ? 1 : (cwnd_bytes_ < window_start_cwnd_ ? -1 : 0);
  if (direction != 0 && direction == direction_) {
    if (++same_direction_windows_ >= 3) velocity_ *= 2;
  } else {
    same_direction_windows_ = direction == 0 ? 0 : 1;
    velocity_ = 1;
  }
  direction_ = direction;
  window_end_ = state.snd_nxt;
  window_start_cwnd_ = cwnd_bytes_;
}

void Copa::OnAckReceived(const TcpState& state, const RateSample& rs, Time now) {
  if (cwnd_bytes_ == 0) cwnd_bytes_ = static_cast<double>(cwnd_);
  if (rs.newly_delivered == 0 || standing_rtt_.IsInfinite()) return;
  const double acked = static_cast<double>(rs.newly_delivered);
  const double mss = static_cast<double>(mss_);
  // §2.1: lambda = cwnd / RTTstanding against lambda_t.
  const double rate = cwnd_bytes_ / standing_rtt_.seconds();
  const bool below_target = rate <= TargetRateBytesPerSecond();
  // A window the flow does not fill says nothing of the path (RFC 7661; Linux
  // tcp_is_cwnd_limited): it does not grow then, or an idle or receiver-limited flow's
  // window, with no queue to see, would double its velocity without end.
  if (below_target && !state.cwnd_limited) return;
  if (slow_start_) {
    // §2.1: slow start doubles cwnd once per RTT (adds what is ACKed) until the rate
    // exceeds the target.
    if (below_target) {
      cwnd_bytes_ += acked;
    } else {
      slow_start_ = false;
      window_end_ = state.snd_nxt;
      window_start_cwnd_ = cwnd_bytes_;
    }
  } else {
    // §2.1: cwnd +/- v / (delta x cwnd) packets per ACKed packet.
    // Competitive (§2.3), v / delta packets per RTT grows no faster than slow start's
    // doubling: with 1/delta grown and v doubled a few times it would outgrow the window
    // itself (1/delta = 13, v = 128: 570 segments in one RTT on a 50-packet buffer, then
    // a timeout). Not in the paper; mvfst's and xquic's Copa halve v for the same reason.
    // The default mode keeps the paper's v unbounded (its ramp from a small window).
    if (mode_ == Mode::kCompetitive) velocity_ = std::min(velocity_, std::max(1.0, delta_ * cwnd_bytes_ / mss));
    const double step = velocity_ * mss * acked / (delta_ * cwnd_bytes_);
    cwnd_bytes_ += below_target ? step : -step;
    UpdateVelocity(state, now);
  }
  // At least the minimum window, at most the largest a sender can have (the integer's
  // bound: UBSan found 1.9e19 bytes before the growth above was held to a filled window).
  cwnd_bytes_ = std::clamp(cwnd_bytes_, static_cast<double>(params_.min_cwnd_segments) * mss, kMaxCwndBytes);
  cwnd_ = static_cast<uint64_t>(cwnd_bytes_);
}

uint64_t Copa::SsthreshAfterLoss(const TcpState&, uint64_t) {
  // No loss rule in the default mode (header): the window stays where the delay law has it.
  return cwnd_;
}

void Copa::OnLoss() {
  // §2.3: a competitive flow halves 1/delta on a loss (once per recovery: the recovery
  // or the timeout is the loss event), delta at most the default mode's.
  loss_in_window_ = true;
  if (mode_ == Mode::kCompetitive) delta_ = std::min(2 * delta_, params_.delta);
}

void Copa::EnterRecovery(const TcpState&, int) {
  ssthresh_ = cwnd_;
  OnLoss();
}

void Copa::ExitRecovery(uint64_t) {}

void Copa::AfterRetransmissionTimeout(const TcpState& state) {
  // A timeout: slow start again from the minimum window, velocity reset.
  OnLoss();
  cwnd_ = static_cast<uint64_t>(params_.min_cwnd_segments) * state.mss;
  cwnd_bytes_ = static_cast<double>(cwnd_);
  slow_start_ = true;
  velocity_ = 1;
  direction_ = 0;
  same_direction_windows_ = 0;
}

}  // namespace plab
