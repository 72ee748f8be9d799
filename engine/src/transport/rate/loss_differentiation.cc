#include "transport/rate/loss_differentiation.h"

#include <algorithm>

namespace plab {

void BiazClassifier::OnInterArrival(Time gap) {
  if (gap > Time::Zero()) t_min_ = std::min(t_min_, gap);
}

LossCause BiazClassifier::Classify(uint64_t n, Time separation) const {
  if (t_min_.IsInfinite()) return LossCause::kCongestion;  // nothing to compare with yet
  const double t_min = t_min_.seconds();
  const double sep = separation.seconds();
  const double k = static_cast<double>(n);
  return (k + sigma_) * t_min <= sep && sep < (k + phi_) * t_min ? LossCause::kWireless : LossCause::kCongestion;
}

void SpikeClassifier::OnRott(Time rott) {
  if (!seen_) {
    min_ = max_ = rott;
    seen_ = true;
    return;
  }
  min_ = std::min(min_, rott);
  max_ = std::max(max_, rott);
  const double range = (max_ - min_).seconds();
  const double above = (rott - min_).seconds();
  if (!in_spike_ && above > kStart * range) {
    in_spike_ = true;
  } else if (in_spike_ && above < kEnd * range) {
    in_spike_ = false;
  }
}

}  // namespace plab
