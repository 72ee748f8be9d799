#include "metrics/delay_histogram.h"

#include <bit>
#include <cmath>

namespace plab {

// Below 128 µs a bucket per µs. From 2^e µs (e >= 7) to 2^(e+1), 64 buckets of width
// 2^(e-6): the top 7 bits of the value pick the bucket (HdrHistogram's layout).
int DelayHistogram::Index(uint64_t us) {
  if (us < static_cast<uint64_t>(kLinear)) return static_cast<int>(us);
  const int e = 63 - std::countl_zero(us);  // 2^e <= us < 2^(e+1), e >= 7
  const int shift = e - (kSubBits - 1);
  const int sub = static_cast<int>(us >> shift) - kLinear / 2;  // 0..63
  return kLinear + (e - kSubBits) * (kLinear / 2) + sub;
}

uint64_t DelayHistogram::UpperEdgeUs(int index) {
  if (index < kLinear) return static_cast<uint64_t>(index);
  const int rest = index - kLinear;
  const int e = kSubBits + rest / (kLinear / 2);
  const int sub = rest % (kLinear / 2);
  const int shift = e - (kSubBits - 1);
  return ((static_cast<uint64_t>(kLinear / 2 + sub + 1)) << shift) - 1;
}

void DelayHistogram::Add(Time delay) {
  constexpr uint64_t kMaxUs = (uint64_t{1} << (kMaxExponent + 1)) - 1;
  uint64_t us = delay.ns() <= 0 ? 0 : static_cast<uint64_t>(delay.ns() / 1000);
  if (us > kMaxUs) us = kMaxUs;
  ++counts_[static_cast<size_t>(Index(static_cast<uint64_t>(us)))];
  ++count_;
}

Time DelayHistogram::Quantile(double q) const {
  if (count_ == 0) return Time::Zero();
  // Nearest rank: the ceil(q * n)-th smallest, at least the first.
  int64_t rank = static_cast<int64_t>(std::ceil(q * static_cast<double>(count_)));
  if (rank < 1) rank = 1;
  if (rank > count_) rank = count_;
  int64_t seen = 0;
  for (int i = 0; i < kBuckets; ++i) {
    seen += counts_[static_cast<size_t>(i)];
    if (seen >= rank) return Time::FromMicroseconds(static_cast<int64_t>(UpperEdgeUs(i)));
  }
  return Time::Zero();  // not reached
}

}  // namespace plab
