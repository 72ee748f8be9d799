// A parameter sweep: one numeric parameter on x (linear or log grid of N points), K
// seeds per point, optionally one series per protocol; every numeric summary figure
// aggregated per point as mean, standard deviation, min and max. The CLI runs it; the
// page runs the same grid in a pool of workers.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scenario/scenario.h"

namespace plab {

struct SweepSpec {
  std::string x_path;  // concrete, e.g. "flows[0].channel.forward.p"
  double from = 0;
  double to = 0;
  int points = 10;
  bool log_scale = false;
  int seeds = 1;
  std::vector<std::string> protocols;  // empty: the scenario's own
};

// The grid of x values (integers rounded and de-duplicated for integer parameters).
std::vector<double> SweepGrid(const SweepSpec& spec, bool integer);

// Validates the spec against the schema; empty if fine.
std::vector<ValidationError> ValidateSweep(const SweepSpec& spec);

// Runs the sweep over `base` (a scenario document). Throws std::invalid_argument with
// the first validation message if any run's scenario is invalid.
nlohmann::ordered_json RunSweep(const nlohmann::json& base, const SweepSpec& spec);

}  // namespace plab
