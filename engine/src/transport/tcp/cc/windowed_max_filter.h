// A windowed maximum keyed by a counter (Kathleen Nichols' filter as BBR uses it): the
// largest value among the samples of the last `window` counter values. BBR v1 keys it
// by packet-timed rounds (BtlBw over 10 rounds); BBR v3 by ProbeBW cycles (max_bw over
// 2 cycles, draft-ietf-ccwg-bbr §5.5.2). One slot per counter value, at most kSlots.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

namespace plab {

class WindowedMaxFilter {
 public:
  static constexpr int kSlots = 16;

  explicit WindowedMaxFilter(int window) : window_(std::clamp(window, 1, kSlots)) {}

  // Adds `value` as a sample taken at counter `key` (never decreasing); returns the max.
  double Update(int64_t key, double value) {
    const size_t slot = static_cast<size_t>(key % window_);
    if (key_of_[slot] != key) {
      key_of_[slot] = key;
      max_[slot] = 0;
    }
    max_[slot] = std::max(max_[slot], value);
    best_ = 0;
    for (int i = 0; i < window_; ++i) {
      if (key - key_of_[static_cast<size_t>(i)] < window_) best_ = std::max(best_, max_[static_cast<size_t>(i)]);
    }
    return best_;
  }
  double Best() const { return best_; }

 private:
  int window_;
  std::array<double, kSlots> max_{};
  std::array<int64_t, kSlots> key_of_{};
  double best_ = 0;
};

}  // namespace plab
