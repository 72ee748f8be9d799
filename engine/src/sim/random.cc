#include "sim/random.h"

#include <cstring>

namespace plab {
namespace {

uint64_t SplitMix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint32_t High(double x) {
  uint64_t b;
  std::memcpy(&b, &x, 8);
  return static_cast<uint32_t>(b >> 32);
}
uint32_t Low(double x) {
  uint64_t b;
  std::memcpy(&b, &x, 8);
  return static_cast<uint32_t>(b);
}
double WithHigh(double x, uint32_t hi) {
  uint64_t b;
  std::memcpy(&b, &x, 8);
  b = (static_cast<uint64_t>(hi) << 32) | (b & 0xffffffffULL);
  std::memcpy(&x, &b, 8);
  return x;
}

}  // namespace

Random::Random(uint64_t seed) {
  uint64_t x = seed;
  for (auto& s : s_) s = SplitMix64(x);
}

uint64_t Random::NextU64() {
  const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = Rotl(s_[3], 45);
  return result;
}

double Random::Exponential(double mean) {
  // 1 - U is in (0, 1], so the log is finite.
  return -mean * DeterministicLog(1.0 - Uniform01());
}

Random Random::Fork(uint64_t stream_id) {
  uint64_t x = NextU64() ^ (stream_id * 0xd1b54a32d192ed03ULL);
  return Random(SplitMix64(x));
}

Random Random::Stream(uint64_t seed, uint64_t stream_id) {
  uint64_t x = seed ^ (stream_id * 0x9fb21c651e98df25ULL) ^ 0x5851f42d4c957f2dULL;
  SplitMix64(x);
  return Random(SplitMix64(x) ^ stream_id);
}

double DeterministicLog(double x) {
  static constexpr double kLn2Hi = 6.93147180369123816490e-01;
  static constexpr double kLn2Lo = 1.90821492927058770002e-10;
  static constexpr double kTwo54 = 1.80143985094819840000e+16;
  static constexpr double kLg1 = 6.666666666666735130e-01;
  static constexpr double kLg2 = 3.999999999940941908e-01;
  static constexpr double kLg3 = 2.857142874366239149e-01;
  static constexpr double kLg4 = 2.222219843214978396e-01;
  static constexpr double kLg5 = 1.818357216161805012e-01;
  static constexpr double kLg6 = 1.531383769920937332e-01;
  static constexpr double kLg7 = 1.479819860511658591e-01;

  int32_t hx = static_cast<int32_t>(High(x));
  const uint32_t lx = Low(x);
  int k = 0;
  if (hx < 0x00100000) {  // zero, negative or subnormal
    if (((hx & 0x7fffffff) | lx) == 0) return -kTwo54 / 0.0;
    if (hx < 0) return (x - x) / 0.0;
    k -= 54;
    x *= kTwo54;
    hx = static_cast<int32_t>(High(x));
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  int32_t i = (hx + 0x95f64) & 0x100000;
  x = WithHigh(x, static_cast<uint32_t>(hx | (i ^ 0x3ff00000)));  // x or x/2 in [sqrt(2)/2, sqrt(2))
  k += (i >> 20);
  const double f = x - 1.0;
  const double dk = static_cast<double>(k);
  if ((0x000fffff & (2 + hx)) < 3) {  // |f| < 2^-20
    if (f == 0.0) return k == 0 ? 0.0 : dk * kLn2Hi + dk * kLn2Lo;
    const double r = f * f * (0.5 - 0.33333333333333333 * f);
    return k == 0 ? f - r : dk * kLn2Hi - ((r - dk * kLn2Lo) - f);
  }
  const double s = f / (2.0 + f);
  const double z = s * s;
  i = hx - 0x6147a;
  const double w = z * z;
  const int32_t j = 0x6b851 - hx;
  const double t1 = w * (kLg2 + w * (kLg4 + w * kLg6));
  const double t2 = z * (kLg1 + w * (kLg3 + w * (kLg5 + w * kLg7)));
  i |= j;
  const double r = t2 + t1;
  if (i > 0) {
    const double hfsq = 0.5 * f * f;
    return k == 0 ? f - (hfsq - s * (hfsq + r)) : dk * kLn2Hi - ((hfsq - (s * (hfsq + r) + dk * kLn2Lo)) - f);
  }
  return k == 0 ? f - s * (f - r) : dk * kLn2Hi - ((s * (f - r) - dk * kLn2Lo) - f);
}

}  // namespace plab
