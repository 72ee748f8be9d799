#include "transport/tcp/cc/hystart_pp.h"

#include <algorithm>

namespace plab {

void HyStartPlusPlus::StartRound(uint64_t snd_max) {
  // §4.2: "At the start of each round during standard slow start and CSS".
  round_started_ = true;
  last_round_min_rtt_ = current_round_min_rtt_;
  current_round_min_rtt_.reset();
  rtt_sample_count_ = 0;
  window_end_ = snd_max;
}

std::optional<Time> HyStartPlusPlus::rtt_thresh() const {
  if (!last_round_min_rtt_) return std::nullopt;
  return std::clamp(*last_round_min_rtt_ / kMinRttDivisor, kMinRttThresh, kMaxRttThresh);
}

HyStartPlusPlus::Step HyStartPlusPlus::OnAck(uint64_t snd_una, uint64_t snd_max, std::optional<Time> rtt) {
  Step step;
  if (!round_started_ || snd_una >= window_end_) {
    StartRound(snd_max);
    if (phase_ == Phase::kConservative && ++css_rounds_ >= kCssRounds) {
      // §4.2: "If CSS_ROUNDS rounds are complete, enter congestion avoidance".
      step.enter_avoidance = true;
      return step;
    }
  }
  if (rtt) {
    current_round_min_rtt_ = current_round_min_rtt_ ? std::min(*current_round_min_rtt_, *rtt) : *rtt;
    ++rtt_sample_count_;
  }
  const bool enough = rtt_sample_count_ >= kNRttSample && current_round_min_rtt_.has_value();
  if (phase_ == Phase::kSlowStart) {
    if (enough && last_round_min_rtt_ && *current_round_min_rtt_ >= *last_round_min_rtt_ + *rtt_thresh()) {
      css_baseline_min_rtt_ = current_round_min_rtt_;
      phase_ = Phase::kConservative;
      css_rounds_ = 0;
    }
  } else if (enough && *current_round_min_rtt_ < *css_baseline_min_rtt_) {
    // §4.2: the RTT fell back below the baseline: the increase was spurious.
    css_baseline_min_rtt_.reset();
    phase_ = Phase::kSlowStart;
  }
  if (phase_ == Phase::kConservative) step.growth_divisor = kCssGrowthDivisor;
  return step;
}

}  // namespace plab
