#include "transport/throughput_models.h"

#include <algorithm>
#include <cmath>

#include "sim/random.h"

namespace plab {

double DeterministicExp(double x) {
  if (x > 709) return INFINITY;
  if (x < -745) return 0;
  // Cody-Waite reduction with fdlibm's split ln 2: k x kLn2Hi is exact.
  constexpr double kLn2 = 0.6931471805599453094;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const double k = std::floor(x / kLn2 + 0.5);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;  // |r| <= ln2 / 2
  double term = 1, sum = 1;
  for (int i = 1; i < 30; ++i) {
    term *= r / i;
    sum += term;
  }
  return std::ldexp(sum, static_cast<int>(k));
}

double DeterministicPow(double x, double y) {
  if (x == 0) return y > 0 ? 0 : INFINITY;
  return DeterministicExp(y * DeterministicLog(x));
}

double SimpleModelBytesPerSecond(const ModelInputs& in) {
  if (in.p <= 0 || in.rtt_s <= 0) return 0;
  return in.segment_bytes * std::sqrt(1.5) / (in.rtt_s * std::sqrt(in.p));
}

double ComplexModelBytesPerSecond(const ModelInputs& in) {
  if (in.p <= 0 || in.rtt_s <= 0) return 0;
  const double p = in.p, b = in.b;
  const double timeout = std::min(1.0, 3 * std::sqrt(3 * b * p / 8));
  return in.segment_bytes / (in.rtt_s * std::sqrt(2 * b * p / 3) + in.rto_s * timeout * p * (1 + 32 * p * p));
}

double ModifiedModelBytesPerSecond(const ModelInputs& in) {
  if (in.p <= 0 || in.rtt_s <= 0) return 0;
  const double p = std::min(in.p, 1.0);
  const double w = std::sqrt(8 / (3 * p));
  const double denominator_q = 2 * (1 - DeterministicPow(1 - p, w));
  const double q = denominator_q > 0 ? std::min(1.0, (2 - p) * DeterministicPow(p, w - 3) / denominator_q) : 1.0;
  return in.segment_bytes / (in.rtt_s * std::sqrt(2 * p / 3) + in.rto_s * q * p * (1 + 32 * p * p));
}

}  // namespace plab
