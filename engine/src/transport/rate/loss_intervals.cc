#include "transport/rate/loss_intervals.h"

#include <algorithm>

namespace plab {
namespace {

constexpr double kWeights[LossIntervals::kN] = {1, 1, 1, 1, 0.8, 0.6, 0.4, 0.2};

}  // namespace

void LossIntervals::OnLossEvent(uint64_t seq_no, double first_interval) {
  if (!started_) {
    closed_.push_front(first_interval);
  } else {
    closed_.push_front(static_cast<double>(seq_no - last_start_));
  }
  while (closed_.size() > static_cast<size_t>(kN)) closed_.pop_back();
  last_start_ = seq_no;
  started_ = true;
  OnPacket(seq_no);
}

double LossIntervals::MeanInterval() const {
  if (!started_) return 0;
  // §5.4: I_tot0 over I_0 .. I_{n-1}, I_tot1 over I_1 .. I_n (closed), same weights.
  const double open = open_interval();
  double tot0 = 0, tot1 = 0, w_tot = 0;
  const int n = static_cast<int>(closed_.size());
  for (int i = 0; i < n; ++i) {
    tot1 += closed_[static_cast<size_t>(i)] * kWeights[i];
    w_tot += kWeights[i];
  }
  tot0 = open * kWeights[0];
  for (int i = 1; i < std::min(n + 1, kN); ++i) tot0 += closed_[static_cast<size_t>(i - 1)] * kWeights[i];
  double w_tot0 = 0;
  for (int i = 0; i < std::min(n + 1, kN); ++i) w_tot0 += kWeights[i];
  // With fewer than kN intervals each sum has its own weights (RFC 5348 §5.4: n is
  // the number of intervals there are).
  return std::max(tot0 / w_tot0, tot1 / w_tot);
}

double LossIntervals::LossEventRate() const {
  const double mean = MeanInterval();
  return mean > 0 ? 1 / mean : 0;
}

}  // namespace plab
