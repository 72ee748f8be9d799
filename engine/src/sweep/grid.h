// A grid of runs (issue L §1): several parameter axes, each a sweep's grid (SweepGrid:
// the same from/to/points/log or explicit values, the same rules), combined as a
// Cartesian product with protocols and seeds. The one owner of the grid's order: the
// CLI (`plab sweep --grid`), its shards and `plab merge` read it here; the page and
// Python can ask for the same plan.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/sweep.h"

namespace plab {

// The most runs a grid may make (points x protocols x seeds): beyond it is refused, not
// started (a typo in a points count should not queue a week of runs).
constexpr int64_t kGridMaxRuns = 100000;

struct GridSpec {
  // One axis each: x_path, from, to, points, log_scale or xs (seeds and protocols of an
  // axis are not read). A single explicit value is the one point (from == to).
  std::vector<SweepSpec> axes;
  int seeds = 1;
  std::vector<std::string> protocols;  // empty: the scenario's own
};

// The axes' values, protocols and seeds of a valid spec over a valid base.
struct GridPlan {
  std::vector<std::string> paths;
  std::vector<std::vector<double>> values;  // per axis
  std::vector<bool> integer;                // per axis: whole numbers (written as integers)
  std::vector<std::string> protocols;       // {""} for the scenario's own
  bool own_protocol = true;
  std::vector<int64_t> seeds;
  std::string scenario_hash;  // FNV-1a 64 of the base scenario's text, hex

  int64_t points() const;
  int64_t runs() const;  // points x protocols x seeds
  // Run r's point, protocol and seed: point by point (the last axis fastest), then
  // protocol, then seed, as PlanSweep orders a sweep's runs.
  int64_t PointOf(int64_t r) const;
  const std::string& ProtocolOf(int64_t r) const;
  int64_t SeedOf(int64_t r) const;
  // {path: value, ...} of a point, in axis order.
  nlohmann::ordered_json Coords(int64_t point) const;
  // {"axes": [{"path", "values"}], "protocols": [...] | null, "seeds": [...], "runs",
  // "scenario": hash}: what two shards must agree on to be merged.
  nlohmann::ordered_json Describe() const;
};

// Checks each axis as a sweep's x (naming the axis), that no path is given twice, the
// seeds and protocols, and the number of runs against kGridMaxRuns; empty if fine.
std::vector<ValidationError> ValidateGrid(const GridSpec& spec);

// Reads a grid spec given as JSON ({axes: [{x, from, to, points, scale, xs}], seeds,
// protocols}; each axis as a sweep spec) and validates it; empty if fine (grid_api.cc).
std::vector<ValidationError> GridSpecFromJson(const nlohmann::json& j, GridSpec* spec);

// The plan of a valid spec. Throws std::invalid_argument if the base is not a valid scenario.
GridPlan PlanGrid(const nlohmann::json& base, const GridSpec& spec);

// Run r's scenario: each axis's value set in axis order (as a sweep sets its x), the
// seed, and the protocol (as a sweep sets it). Throws std::invalid_argument if a value
// cannot be set in `base`.
nlohmann::json GridRunScenario(const nlohmann::json& base, const GridSpec& spec, const GridPlan& plan, int64_t r);
// The same in place: `s` (the base) becomes run r's scenario.
void GridApplyRun(nlohmann::json& s, const GridSpec& spec, const GridPlan& plan, int64_t r);

// A run's record: {"run", "point", "coords", "protocol", "seed", "summary"}.
nlohmann::ordered_json GridRunRecord(const GridPlan& plan, int64_t r, const nlohmann::ordered_json& summary);

// Each point's figures over its seeds, per protocol, fed run records in plan order:
// lines {"point", "coords", "protocol", "figures": {figure: StatsJson}} point by point,
// then protocol (the figures as a sweep aggregates them).
class GridAggregator {
 public:
  void Add(const nlohmann::ordered_json& record);
  std::vector<nlohmann::ordered_json> Lines() const;

 private:
  struct Group {
    nlohmann::ordered_json point, coords, protocol;
    std::map<std::string, std::vector<double>> figures;
  };
  std::vector<Group> groups_;
};

}  // namespace plab
