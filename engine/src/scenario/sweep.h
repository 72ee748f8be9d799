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

// x may also be `flows`: the number of explicit flows (each added flow a copy of the
// scenario's last one).
constexpr const char* kSweepFlowCount = "flows";

struct SweepSpec {
  std::string x_path;  // concrete, e.g. "flows[0].channel.forward.p", or kSweepFlowCount
  double from = 0;
  double to = 0;
  int points = 10;
  bool log_scale = false;
  int seeds = 1;
  // One series per protocol; empty: the scenario's own. A protocol replaces that of
  // flows[0] and of every flow that runs the same protocol as flows[0] (so "everyone
  // runs X" in a homogeneous run, "X against the rest" when flows[0] stands apart).
  std::vector<std::string> protocols;
};

// The scenario for one run of a sweep: x set, the seed, and the protocol if given.
// Throws std::invalid_argument if x cannot be set in `base`.
nlohmann::json SweepScenario(const nlohmann::json& base, const SweepSpec& spec, double x, int64_t seed,
                             const std::string& protocol);

// The grid of x values (integers rounded and de-duplicated for integer parameters);
// from == to gives the one point.
std::vector<double> SweepGrid(const SweepSpec& spec, bool integer);

// Validates the spec against the schema (and the base scenario's own validity); empty if fine.
std::vector<ValidationError> ValidateSweep(const SweepSpec& spec);

// Runs the sweep over `base` (a scenario document). Throws std::invalid_argument with
// the first validation message if any run's scenario is invalid.
nlohmann::ordered_json RunSweep(const nlohmann::json& base, const SweepSpec& spec);

}  // namespace plab
