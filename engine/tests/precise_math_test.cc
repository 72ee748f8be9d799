// The engine's own exp, pow and cbrt (sim/precise_math.h) against glibc's: within 1 ulp
// on a spread of arguments (they are what a `custom` program computes with, the same
// bits natively and in WASM; wasm/tests/custom-cc.test.mjs checks the WASM side).
#include <cmath>
#include <cstdint>
#include <cstring>

#include <gtest/gtest.h>

#include "sim/precise_math.h"
#include "sim/random.h"

namespace plab {
namespace {

// How many doubles lie between a and b (0 = equal).
int64_t UlpDistance(double a, double b) {
  int64_t ia, ib;
  std::memcpy(&ia, &a, 8);
  std::memcpy(&ib, &b, 8);
  if (ia < 0) ia = INT64_MIN - ia;
  if (ib < 0) ib = INT64_MIN - ib;
  return ia > ib ? ia - ib : ib - ia;
}

TEST(PreciseMath, ExpIsWithinOneUlpOfGlibc) {
  Random r(1);
  for (int i = 0; i < 200000; ++i) {
    const double x = (r.Uniform01() - 0.5) * 1400;  // [-700, 700]
    ASSERT_LE(UlpDistance(PreciseExp(x), std::exp(x)), 1) << "x = " << x;
  }
  for (const double x : {0.0, 1.0, -1.0, 1e-10, -1e-10, 0.3465, 709.78, -708.0}) {
    EXPECT_LE(UlpDistance(PreciseExp(x), std::exp(x)), 1) << x;
  }
  EXPECT_EQ(PreciseExp(0), 1.0);
  EXPECT_TRUE(std::isinf(PreciseExp(710)));
  EXPECT_EQ(PreciseExp(-746), 0.0);
}

TEST(PreciseMath, PowIsWithinOneUlpOfGlibc) {
  Random r(2);
  for (int i = 0; i < 200000; ++i) {
    const double x = std::ldexp(0.5 + r.Uniform01(), static_cast<int>(r.Uniform01() * 200) - 100);
    const double y = (r.Uniform01() - 0.5) * 10;
    const double want = std::pow(x, y);
    if (!std::isnormal(want)) continue;
    ASSERT_LE(UlpDistance(PrecisePow(x, y), want), 1) << "pow(" << x << ", " << y << ")";
  }
  // A large y * log x: the double-double log keeps the last bit (1.5^1700 ~ 2e299).
  for (const double y : {1700.0, -1700.0, 1000.5, 3.0, 0.5, -0.5}) {
    EXPECT_LE(UlpDistance(PrecisePow(1.5, y), std::pow(1.5, y)), 1) << y;
  }
  EXPECT_LE(UlpDistance(PrecisePow(1.0000001, 1e9), std::pow(1.0000001, 1e9)), 1);
  EXPECT_EQ(PrecisePow(-2, 3), -8.0);
  EXPECT_EQ(PrecisePow(-2, 2), 4.0);
  EXPECT_TRUE(std::isnan(PrecisePow(-2, 0.5)));
  EXPECT_EQ(PrecisePow(0, 2), 0.0);
  EXPECT_TRUE(std::isinf(PrecisePow(0, -1)));
  EXPECT_EQ(PrecisePow(7, 0), 1.0);
}

// glibc's double cbrt is itself up to ~1.7 ulp off (cbrt(0x1.049da423e10ecp+287): ours
// 0.29 ulp from the exact root, glibc's 1.71), so the reference is its long double
// cbrtl (64-bit mantissa) rounded to double.
TEST(PreciseMath, CbrtIsWithinOneUlpOfGlibcsLongDoubleCbrt) {
  Random r(3);
  for (int i = 0; i < 200000; ++i) {
    const double x = std::ldexp(r.Uniform01() - 0.5, static_cast<int>(r.Uniform01() * 2000) - 1000);
    const double want = static_cast<double>(std::cbrt(static_cast<long double>(x)));
    ASSERT_LE(UlpDistance(PreciseCbrt(x), want), 1) << "cbrt(" << x << ")";
  }
  EXPECT_EQ(PreciseCbrt(27), 3.0);
  EXPECT_EQ(PreciseCbrt(-8), -2.0);
  EXPECT_EQ(PreciseCbrt(0), 0.0);
  EXPECT_LE(UlpDistance(PreciseCbrt(5e-320), static_cast<double>(std::cbrt(static_cast<long double>(5e-320)))),
            1);  // subnormal
}

TEST(PreciseMath, LogIsWithinOneUlpOfGlibc) {
  Random r(4);
  for (int i = 0; i < 100000; ++i) {
    const double x = std::ldexp(0.5 + r.Uniform01(), static_cast<int>(r.Uniform01() * 400) - 200);
    ASSERT_LE(UlpDistance(DeterministicLog(x), std::log(x)), 1) << "log(" << x << ")";
  }
}

}  // namespace
}  // namespace plab
