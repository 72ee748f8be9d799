#include "metrics/aggregates.h"

namespace plab {

std::optional<double> JainIndex(const std::vector<double>& throughputs) {
  double sum = 0, sum_sq = 0;
  for (double x : throughputs) {
    sum += x;
    sum_sq += x * x;
  }
  if (throughputs.empty() || sum_sq <= 0) return std::nullopt;
  return sum * sum / (static_cast<double>(throughputs.size()) * sum_sq);
}

std::optional<double> NormalizedThroughput(const std::vector<FlowShare>& flows, const std::string& protocol) {
  double own = 0, reference = 0;
  int own_n = 0, reference_n = 0;
  for (const FlowShare& f : flows) {
    if (f.protocol == protocol) {
      own += f.goodput_mbps;
      ++own_n;
    } else if (f.family == Family::kTcp) {
      reference += f.goodput_mbps;
      ++reference_n;
    }
  }
  if (own_n == 0 || reference_n == 0 || reference <= 0) return std::nullopt;
  return (own / own_n) / (reference / reference_n);
}

}  // namespace plab
