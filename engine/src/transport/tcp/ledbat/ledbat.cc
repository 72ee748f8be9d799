#include "transport/tcp/ledbat/ledbat.h"

#include <algorithm>
#include <cmath>

#include "sim/scheduler.h"
#include "transport/tcp/ledbat/ledbat_option.h"

namespace plab {

Ledbat::Ledbat(const Params& params)
    : params_(params), base_(params.base_history, params.base_bucket), current_(params.current_filter) {
  reads_ack_header_ = true;
}

void Ledbat::OnAckHeader(const TcpHeader& header, Time now) {
  last_ack_time_ = now;
  const LedbatOption& option = header.option.As<LedbatOption>();
  if (option.samples > 0) OnDelaySample(Time::FromNanoseconds(option.one_way_delay_ns), now);
}

void Ledbat::OnDelaySample(Time delay, Time now) {
  // §2.4.2: for each delay sample in the acknowledgement.
  base_.Add(delay, now);
  current_.Add(delay);
}

std::optional<Time> Ledbat::queuing_delay() const {
  if (current_.empty() || base_.empty()) return std::nullopt;
  return current_.Min() - base_.Min();
}

std::optional<Time> Ledbat::base_delay() const {
  if (base_.empty()) return std::nullopt;
  return base_.Min();
}

void Ledbat::OnAck(const TcpState& state, uint64_t acked_bytes, Time now) {
  last_ack_time_ = now;
  const std::optional<Time> queuing = queuing_delay();
  if (!queuing) return;  // no delay measured yet: hold the initial window
  const double target = params_.target.seconds();
  const double off_target = (target - queuing->seconds()) / target;
  const double mss = mss_;
  const double cwnd = static_cast<double>(cwnd_);
  // The step is often below one byte near the target (0.1 x 1000 x 1000 / 141000): the
  // fraction is carried to the next ACK, or the window would stall short of TARGET.
  double next = cwnd + carry_bytes_ + params_.gain * off_target * static_cast<double>(acked_bytes) * mss / cwnd;
  // flightsize before this ACK: the pseudocode subtracts bytes_newly_acked afterwards.
  const double flight_before = static_cast<double>(state.flight_size() + acked_bytes);
  next = std::min(next, flight_before + params_.allowed_increase * mss);
  next = std::max(next, static_cast<double>(params_.min_cwnd) * mss);
  const double whole = std::floor(next);
  carry_bytes_ = next - whole;
  cwnd_ = static_cast<uint64_t>(whole);
}

Time Ledbat::Now() const { return clock() != nullptr ? clock()->now() : last_ack_time_; }

uint64_t Ledbat::SsthreshAfterLoss(const TcpState&, uint64_t) {
  const Time now = Now();
  // "at most once per RTT": a second loss within an RTT of the last cut leaves cwnd.
  const Time srtt = rtt().has_sample() ? rtt().smoothed_rtt() : Time::Zero();
  if (last_cut_ && now - *last_cut_ < srtt) return cwnd_;
  last_cut_ = now;
  const uint64_t floor = static_cast<uint64_t>(params_.min_cwnd) * mss_;
  return std::min(cwnd_, std::max(cwnd_ / 2, floor));
}

}  // namespace plab
