#include "transport/tcp/real/wave_level.h"

#include <algorithm>

namespace plab {

WaveLevelWeights WaveLevelWeightsFor(bool rate_fell, bool above_threshold) {
  if (rate_fell) return above_threshold ? WaveLevelWeights{0.618, 0.382} : WaveLevelWeights{0.382, 0.618};
  return above_threshold ? WaveLevelWeights{0.382, 0.618} : WaveLevelWeights{0.5, 0.5};
}

double NextWaveLevel(double current_level, double threshold, double previous_rate, double current_rate,
                     double max_level) {
  if (!(previous_rate > 0) || !(current_rate > 0)) return std::clamp(current_level, 1.0, max_level);
  const WaveLevelWeights w = WaveLevelWeightsFor(previous_rate > current_rate, current_level > threshold);
  const double next = (w.preserve + w.adjust * (current_rate / previous_rate)) * current_level;
  return std::clamp(next, 1.0, max_level);
}

}  // namespace plab
