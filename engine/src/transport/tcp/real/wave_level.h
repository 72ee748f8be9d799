// TCP-Real's wave level adjustment (Zhang & Tsaoussidis 2001, §2.2, Fig. 1): the next
// level from the current one and the change of the data-receiving rate,
//   next = (preserve_weight + adjust_weight * current_rate / previous_rate) * current
// with the weights (summing to 1) chosen by whether the rate fell and whether the
// current level is above the wave level threshold.
#pragma once

namespace plab {

struct WaveLevelWeights {
  double preserve = 0;
  double adjust = 0;
};

// Fig. 1's four cases. Note: §2.2's prose says a large window decreases aggressively,
// but Fig. 1's code keeps more of a large window (0.618 preserved) than of a small one
// (0.382); the lab follows the code, as the algorithm the paper gives.
WaveLevelWeights WaveLevelWeightsFor(bool rate_fell, bool above_threshold);

// Fig. 1 made whole: the next level as a real number, capped at max_level (the
// figure's last line) and never below 1, the smallest level (§3: levels 1..24).
double NextWaveLevel(double current_level, double threshold, double previous_rate, double current_rate,
                     double max_level);

}  // namespace plab
