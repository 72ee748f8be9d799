#include "transport/rate/tfrc_equation.h"

#include <cmath>

#include "transport/throughput_models.h"

namespace plab {

double RateEquationBytesPerSecond(RateEquation equation, double segment_bytes, double rtt_s, double p) {
  if (p <= 0 || rtt_s <= 0) return 0;
  const double t_rto = 4 * rtt_s;
  if (equation == RateEquation::kModified) {
    return ModifiedModelBytesPerSecond(ModelInputs{segment_bytes, rtt_s, t_rto, p, 1});
  }
  const double b = 1;
  return segment_bytes /
         (rtt_s * std::sqrt(2 * b * p / 3) + t_rto * (3 * std::sqrt(3 * b * p / 8)) * p * (1 + 32 * p * p));
}

double LossRateForRate(RateEquation equation, double segment_bytes, double rtt_s, double bytes_per_second) {
  double lo = 1e-9, hi = 1;
  if (RateEquationBytesPerSecond(equation, segment_bytes, rtt_s, lo) <= bytes_per_second) return lo;
  for (int i = 0; i < 100; ++i) {
    const double mid = std::sqrt(lo * hi);  // geometric: p spans decades
    if (RateEquationBytesPerSecond(equation, segment_bytes, rtt_s, mid) > bytes_per_second) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return hi;
}

}  // namespace plab
