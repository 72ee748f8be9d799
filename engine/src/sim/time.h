// Simulated time: one strong type, int64 nanoseconds inside (QUICHE QuicTime style).
// A Time is used both as an instant (since the start of the run) and as a span;
// raw numbers only appear at the edges, with the unit in the name.
#pragma once

#include <compare>
#include <cstdint>
#include <limits>

namespace plab {

class Time {
 public:
  constexpr Time() = default;

  static constexpr Time Zero() { return Time(0); }
  static constexpr Time Infinite() { return Time(std::numeric_limits<int64_t>::max()); }
  static constexpr Time FromNanoseconds(int64_t ns) { return Time(ns); }
  static constexpr Time FromMicroseconds(int64_t us) { return Time(us * 1000); }
  static constexpr Time FromMilliseconds(int64_t ms) { return Time(ms * 1000 * 1000); }
  static constexpr Time FromSeconds(int64_t s) { return Time(s * 1000 * 1000 * 1000); }
  // Rounds to the nearest nanosecond; only for parameters given as decimals. A time
  // beyond int64 nanoseconds (about +-292 years, 9.2e9 s) saturates to Infinite() or
  // its negative instead of overflowing the conversion (undefined behaviour, which made
  // a timeline change at 1e10 s apply from t = 0); NaN is Infinite() too, "never".
  static constexpr Time FromSecondsDouble(double s) {
    const double ns = s * 1e9 + (s >= 0 ? 0.5 : -0.5);
    // 2^63 exactly: the first double that no longer fits; every smaller one does.
    constexpr double kLimit = 9223372036854775808.0;
    if (!(ns < kLimit)) return Infinite();
    if (ns <= -kLimit) return Time(std::numeric_limits<int64_t>::min());
    return Time(static_cast<int64_t>(ns));
  }
  static constexpr Time FromMillisecondsDouble(double ms) { return FromSecondsDouble(ms / 1e3); }

  constexpr int64_t ns() const { return ns_; }
  constexpr double seconds() const { return static_cast<double>(ns_) / 1e9; }
  constexpr double milliseconds() const { return static_cast<double>(ns_) / 1e6; }
  constexpr bool IsInfinite() const { return ns_ == std::numeric_limits<int64_t>::max(); }

  constexpr Time operator+(Time o) const { return Time(ns_ + o.ns_); }
  constexpr Time operator-(Time o) const { return Time(ns_ - o.ns_); }
  constexpr Time& operator+=(Time o) {
    ns_ += o.ns_;
    return *this;
  }
  constexpr Time& operator-=(Time o) {
    ns_ -= o.ns_;
    return *this;
  }
  constexpr Time operator*(int64_t k) const { return Time(ns_ * k); }
  constexpr Time operator/(int64_t k) const { return Time(ns_ / k); }
  constexpr auto operator<=>(const Time&) const = default;

 private:
  constexpr explicit Time(int64_t ns) : ns_(ns) {}
  int64_t ns_ = 0;
};

// A link or sending rate in bits per second.
class Bandwidth {
 public:
  constexpr Bandwidth() = default;
  static constexpr Bandwidth FromBitsPerSecond(int64_t bps) { return Bandwidth(bps); }
  // Saturates as Time's factories do (a rate past int64 b/s, or NaN, is the largest).
  static constexpr Bandwidth FromMbpsDouble(double mbps) {
    const double bps = mbps * 1e6 + 0.5;
    constexpr double kLimit = 9223372036854775808.0;  // 2^63
    if (!(bps < kLimit)) return Bandwidth(std::numeric_limits<int64_t>::max());
    if (bps <= -kLimit) return Bandwidth(std::numeric_limits<int64_t>::min());
    return Bandwidth(static_cast<int64_t>(bps));
  }
  constexpr int64_t bps() const { return bps_; }
  // Serialization time of `bytes` at this rate, rounded up to a whole nanosecond so
  // back-to-back packets never exceed the rate.
  constexpr Time TransferTime(int64_t bytes) const {
    const int64_t bits = bytes * 8;
    return Time::FromNanoseconds((bits * 1000000000LL + bps_ - 1) / bps_);
  }

 private:
  constexpr explicit Bandwidth(int64_t bps) : bps_(bps) {}
  int64_t bps_ = 0;
};

}  // namespace plab
