// A bounded-memory histogram of delays for percentiles (the contest's 95th-percentile
// delay, after the congestion-control contest of Winstein et al., "Stochastic Forecasts
// Achieve High Throughput and Low Delay over Cellular Networks", NSDI 2013, §5, and
// mahimahi's mm-delay-graph). Log-linear buckets in the style of HdrHistogram: exact
// below 128 µs, then 64 buckets per power of two, so a percentile is at most 1/64
// (1.6 %) above the true value whatever the run's length (18 KB per histogram). Integer arithmetic only: the
// same answer natively and in WASM.
#pragma once

#include <array>
#include <cstdint>

#include "sim/time.h"

namespace plab {

class DelayHistogram {
 public:
  void Add(Time delay);
  int64_t count() const { return count_; }
  // The q-quantile (0 < q <= 1): the upper edge of the bucket holding the
  // ceil(q * count)-th smallest sample (nearest-rank); Zero() without samples.
  Time Quantile(double q) const;

 private:
  static constexpr int kSubBits = 7;             // exact below 2^7 = 128 µs
  static constexpr int kLinear = 1 << kSubBits;  // then 64 buckets per power of two
  static constexpr int kMaxExponent = 40;        // 2^41 µs (25 days): longer delays clamp
  static constexpr int kExponents = kMaxExponent - kSubBits + 1;
  static constexpr int kBuckets = kLinear + kExponents * (kLinear / 2);
  static int Index(uint64_t us);
  static uint64_t UpperEdgeUs(int index);

  std::array<int64_t, kBuckets> counts_{};
  int64_t count_ = 0;
};

}  // namespace plab
