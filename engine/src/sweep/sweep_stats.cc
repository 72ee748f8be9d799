#include "sweep/sweep_stats.h"

#include <cmath>

namespace plab {
namespace {

// Two-sided 95 % quantiles of Student's t for 1..30 degrees of freedom.
constexpr double kT95[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                           2.201,  2.179, 2.16,  2.145, 2.131, 2.12,  2.11,  2.101, 2.093, 2.086,
                           2.08,   2.074, 2.069, 2.064, 2.06,  2.056, 2.052, 2.048, 2.045, 2.042};
constexpr int kT95Count = sizeof(kT95) / sizeof(kT95[0]);

}  // namespace

double Ci95HalfWidth(int n, double sd) {
  if (n < 2) return 0;
  const double t = n - 2 < kT95Count ? kT95[n - 2] : 1.96;
  return t * (sd / std::sqrt(static_cast<double>(n)));
}

std::optional<SweepStats> AggregateValues(const std::vector<double>& values) {
  // The sums run in the values' order (seed order), so every caller gets the same bits.
  SweepStats s;
  double sum = 0;
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    if (s.n == 0 || v < s.min) s.min = v;
    if (s.n == 0 || v > s.max) s.max = v;
    sum += v;
    ++s.n;
  }
  if (s.n == 0) return std::nullopt;
  s.mean = sum / s.n;
  double ss = 0;
  for (double v : values) {
    if (std::isfinite(v)) ss += (v - s.mean) * (v - s.mean);
  }
  s.sd = s.n > 1 ? std::sqrt(ss / (s.n - 1)) : 0.0;
  s.ci95 = Ci95HalfWidth(s.n, s.sd);
  return s;
}

}  // namespace plab
