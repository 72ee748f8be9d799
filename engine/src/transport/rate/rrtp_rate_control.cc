#include "transport/rate/rrtp_rate_control.h"

#include <algorithm>
#include <limits>

namespace plab {

void RrtpRateControl::Start(double rate_bps, bool bounded) {
  rate_ = rate_bps;
  max_ = bounded ? rate_bps : std::numeric_limits<double>::infinity();
  slow_start_ = !bounded;
  min_ = rate_bps / 2;
  beta_ = kBetaInitial;
  char_ = params_.characteristic_bps;
  holding_epochs_ = 0;
}

void RrtpRateControl::Bound() { rate_ = std::clamp(rate_, min_, std::max(min_, max_)); }

void RrtpRateControl::Decrease() {
  if (beta_ >= kMaxDecrease) min_ /= 2;  // severe: beta already at its bound
  rate_ *= std::max(1 - beta_, kMaxDecrease);
  beta_ = std::min(beta_ * 2, kMaxDecrease);
  Bound();
}

RrtpRateControl::Action RrtpRateControl::OnEpoch(double ratio, double alpha_bps, double receive_bps) {
  if (params_.mode == RrtpMode::kWirelessLastHop) {
    // §3.4.2: the dedicated channel's rate is what it delivers.
    if (ratio < kRatioLow) max_ = std::max(max_, receive_bps);
    if (ratio <= kRatioHigh) beta_ = kBetaInitial;  // no congestion: the next cut is gentle again
    if (ratio < kRatioLow || ratio > kRatioHigh) {
      holding_epochs_ = 0;
      rate_ /= ratio;
      Bound();
      return Action::kScale;
    }
    // The rate holds: back to the characteristic rate, as in the LIMD mode (the channel's
    // rate "does not need to be adjusted provided that it is set to the characteristic
    // value"), which also undoes a cut once the congestion that caused it is gone.
    return Hold(alpha_bps, false);
  }
  if (ratio > kRatioHigh) {
    holding_epochs_ = 0;
    slow_start_ = false;
    Decrease();
    return Action::kDecrease;
  }
  if (slow_start_) {
    rate_ *= 2;
    if (char_ > 0 && rate_ >= char_) {
      rate_ = char_;
      slow_start_ = false;
    }
    Bound();
    return Action::kSlowStart;
  }
  if (ratio < kRatioLow) {
    holding_epochs_ = 0;
    max_ = std::max(max_, receive_bps);
    beta_ = kBetaInitial;
    rate_ += alpha_bps;
    Bound();
    return Action::kIncrease;
  }
  return Hold(alpha_bps, params_.grow_when_holding);
}

RrtpRateControl::Action RrtpRateControl::Hold(double alpha_bps, bool grow) {
  char_ = char_ > 0 ? char_ * (1 - kCharWeight) + rate_ * kCharWeight : rate_;
  if (++holding_epochs_ == 2) {
    rate_ = char_;
    Bound();
    return Action::kCharacteristic;
  }
  if (grow) {
    rate_ += alpha_bps;
    Bound();
    return Action::kIncrease;
  }
  return Action::kHold;
}

bool RrtpRateControl::OnCongestiveLoss(Time now, Time rtt) {
  if (cut_before_ && now - last_cut_ < rtt) return false;
  cut_before_ = true;
  slow_start_ = false;
  last_cut_ = now;
  holding_epochs_ = 0;  // the rate changed: the characteristic rate returns two epochs on
  if (params_.mode == RrtpMode::kWirelessLastHop) {
    Decrease();  // §3.4.2: back to the regular LIMD
  } else {
    // §3.4.1: "as TCP Reno would"; SendRate_min follows it down (severe congestion).
    rate_ *= 0.5;
    min_ = std::min(min_, rate_);
    Bound();
    // Reno's fast recovery goes on from the halved window (ssthresh = cwnd / 2): the
    // characteristic rate the loss showed too high follows the cut, or the second
    // holding epoch would restore the rate that overflowed the queue.
    if (!params_.restore_after_cut && char_ > rate_) char_ = rate_;
  }
  return true;
}

void RrtpRateControl::OnTimeout() {
  min_ /= 2;
  rate_ = min_;
  beta_ = kBetaInitial;
  holding_epochs_ = 0;
  slow_start_ = true;
}

}  // namespace plab
