// A parameter sweep: one numeric parameter on x (linear or log grid of N points), K
// seeds per point, optionally one series per protocol; every numeric summary figure
// aggregated per point as mean, standard deviation, min and max. The CLI runs it; the
// page runs the same grid in a pool of workers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scenario/scenario.h"

namespace plab {

// x may also be `flows`: the number of explicit flows (each added flow a copy of the
// scenario's last one).
constexpr const char* kSweepFlowCount = "flows";
// x may also set one parameter of every flow after the first, `flows[1:].` and a flow's
// parameter (e.g. flows[1:].access.delay_ms): a paper that sweeps the competing streams
// while flows[0], the protocol under study, stays as it is (Ng & Chan §4.3).
constexpr const char* kSweepLaterFlows = "flows[1:]";

// The parameter after "flows[1:]" (".access.delay_ms"), or none if `path` is not of that form.
std::optional<std::string> LaterFlowsRest(const std::string& path);

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
  // Explicit x values, ascending (a paper's own unevenly spaced points, e.g. TCP-Real's
  // reverse loss rates 0.019, 0.098, ...), in place of the from..to grid.
  std::vector<double> xs;
};

// The scenario for one run of a sweep: x set, the seed, and the protocol if given.
// Throws std::invalid_argument if x cannot be set in `base`.
nlohmann::json SweepScenario(const nlohmann::json& base, const SweepSpec& spec, double x, int64_t seed,
                             const std::string& protocol);
// The same in place: `s` becomes SweepScenario(s, ...) without a copy of the document
// (a grid sets one value per axis; three copies of a 4 KB document each made a
// campaign's plan cost a fifth of its runs).
void ApplySweep(nlohmann::json& s, const SweepSpec& spec, double x, int64_t seed, const std::string& protocol);

// v to 6 significant digits as JavaScript's Number(v.toPrecision(6)) gives it (ties
// away from zero).
double RoundSignificant6(double v);

// The x values (docs/engine-api.md, "Sweeps"): the explicit list if given; from == to
// is the one point; else `points` values, the ends exact, the interior ones evenly
// spaced (linear or log) and rounded to 6 significant digits; an integer parameter's
// rounded to whole numbers and de-duplicated. The page's sweeps read this grid.
std::vector<double> SweepGrid(const SweepSpec& spec, bool integer);

// Validates the spec against the schema (and the base scenario's own validity); empty if fine.
std::vector<ValidationError> ValidateSweep(const SweepSpec& spec);

// The seeds of a point's runs: the scenario's, then the next ones, wrapping at 2^32.
std::vector<int64_t> SweepSeeds(int64_t base_seed, int seeds);

// What a sweep runs (the spec must be valid): {x, grid, seeds, protocols (null: the
// scenario's own), runs: [{point, protocol, seed, scenario}]}, point by point, then
// protocol, then seed. The CLI runs it here; the page runs the same list in its worker
// pool (plab_sweep_plan). Throws std::invalid_argument if the base is not a valid scenario.
nlohmann::ordered_json PlanSweep(const nlohmann::json& base, const SweepSpec& spec);

// {n, mean, sd, min, max, ci95} of the finite values (sweep_stats.h), or null.
nlohmann::ordered_json StatsJson(const std::vector<double>& values);

// Reads a spec given as JSON ({x, from, to, points, scale, seeds, protocols, xs}) and
// validates it; empty if fine.
std::vector<ValidationError> SweepSpecFromJson(const nlohmann::json& j, SweepSpec* spec);

// Runs the sweep over `base` (a scenario document). Throws std::invalid_argument with
// the first validation message if any run's scenario is invalid.
nlohmann::ordered_json RunSweep(const nlohmann::json& base, const SweepSpec& spec);

}  // namespace plab
