// A sweep point's figure over its seeds: mean, sample sd, min, max and the half width
// of the 95 % confidence interval of the mean (Student's t), the error bars the papers
// draw (TCP-ER Figs. 1-9). The one aggregation the CLI, the page's sweep chart and its
// claim verdicts show (the page reads it through plab_sweep_aggregate).
#pragma once

#include <optional>
#include <vector>

namespace plab {

struct SweepStats {
  int n = 0;  // finite values aggregated
  double mean = 0;
  double sd = 0;  // sample standard deviation, 0 for one value
  double min = 0;
  double max = 0;
  double ci95 = 0;  // half width; 0 for one value
};

// Half width of the 95 % interval of a mean of n values with sample sd: Student's t for
// n - 1 = 1..30 degrees of freedom (three decimals, as printed tables give it), 1.96 beyond.
double Ci95HalfWidth(int n, double sd);

// The finite values' statistics; nullopt when there is none (a run with no value for
// the figure is skipped, not counted).
std::optional<SweepStats> AggregateValues(const std::vector<double>& values);

}  // namespace plab
