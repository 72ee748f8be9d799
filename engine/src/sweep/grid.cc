#include "sweep/grid.h"

#include <cstdio>
#include <set>
#include <stdexcept>

#include "scenario/params.h"
#include "scenario/scenario.h"

namespace plab {
namespace {

// The axis as a sweep's x: one explicit value is the one point from == to.
SweepSpec Axis(const SweepSpec& axis) {
  SweepSpec a = axis;
  a.seeds = 1;
  a.protocols.clear();
  if (a.xs.size() == 1) {
    a.from = a.to = a.xs[0];
    a.points = 2;
    a.xs.clear();
  }
  return a;
}

bool IsInteger(const std::string& path) {
  if (path == kSweepFlowCount) return true;
  const ParamDecl* d = FindParam(Scenario::PatternOf(path));
  return d != nullptr && d->type == ParamType::kInteger;
}

std::string Fnv1a64(const std::string& text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

}  // namespace

int64_t GridPlan::points() const {
  int64_t n = 1;
  for (const auto& v : values) n *= static_cast<int64_t>(v.size());
  return n;
}

int64_t GridPlan::runs() const {
  return points() * static_cast<int64_t>(protocols.size()) * static_cast<int64_t>(seeds.size());
}

int64_t GridPlan::PointOf(int64_t r) const {
  return r / (static_cast<int64_t>(protocols.size()) * static_cast<int64_t>(seeds.size()));
}

const std::string& GridPlan::ProtocolOf(int64_t r) const {
  return protocols[static_cast<size_t>((r / static_cast<int64_t>(seeds.size())) %
                                       static_cast<int64_t>(protocols.size()))];
}

int64_t GridPlan::SeedOf(int64_t r) const { return seeds[static_cast<size_t>(r % static_cast<int64_t>(seeds.size()))]; }

nlohmann::ordered_json GridPlan::Coords(int64_t point) const {
  // Row-major: the last axis varies fastest.
  std::vector<size_t> index(values.size());
  for (size_t k = values.size(); k-- > 0;) {
    const int64_t n = static_cast<int64_t>(values[k].size());
    index[k] = static_cast<size_t>(point % n);
    point /= n;
  }
  nlohmann::ordered_json coords = nlohmann::ordered_json::object();
  for (size_t k = 0; k < values.size(); ++k) {
    const double v = values[k][index[k]];
    coords[paths[k]] = integer[k] ? nlohmann::ordered_json(static_cast<int64_t>(v)) : nlohmann::ordered_json(v);
  }
  return coords;
}

nlohmann::ordered_json GridPlan::Describe() const {
  nlohmann::ordered_json d;
  d["axes"] = nlohmann::ordered_json::array();
  for (size_t k = 0; k < paths.size(); ++k) {
    nlohmann::ordered_json axis_values = nlohmann::ordered_json::array();
    for (double v : values[k]) {
      axis_values.push_back(integer[k] ? nlohmann::ordered_json(static_cast<int64_t>(v)) : nlohmann::ordered_json(v));
    }
    d["axes"].push_back({{"path", paths[k]}, {"values", axis_values}});
  }
  d["protocols"] = own_protocol ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(protocols);
  d["seeds"] = seeds;
  d["runs"] = runs();
  d["scenario"] = scenario_hash;
  return d;
}

std::vector<ValidationError> ValidateGrid(const GridSpec& spec) {
  std::vector<ValidationError> errors;
  if (spec.axes.empty()) return {{"grid", "a grid needs at least one axis"}};
  std::set<std::string> seen;
  double runs = 1;
  for (const SweepSpec& given : spec.axes) {
    const SweepSpec axis = Axis(given);
    const std::string& path = axis.x_path;
    const std::string name = "grid axis " + path;
    if (LaterFlowsRest(path)) {
      // A run's members are tracked per path (grid_api.cc TouchedBy); the flows after the
      // first are a one-parameter sweep's x only.
      errors.push_back({path, name + ": flows[1:] (every flow after the first) is a one-parameter sweep's x "
                                     "(plab sweep --x), not a grid axis"});
      continue;
    }
    if (path != kSweepFlowCount && path != "seed" && path.find("[]") == std::string::npos &&
        FindParam(Scenario::PatternOf(path)) == nullptr) {
      errors.push_back({path, name + ": " + path + " is not a parameter (see `plab schema`)"});
      continue;
    }
    if (!seen.insert(path).second) {
      errors.push_back({path, name + ": " + path + " is given twice (one axis per parameter)"});
      continue;
    }
    const auto invalid = ValidateSweep(axis);
    for (const auto& e : invalid) errors.push_back({path, name + ": " + e.message});
    if (invalid.empty()) runs *= static_cast<double>(SweepGrid(axis, IsInteger(path)).size());
  }
  // The seeds and protocols, as a sweep checks them.
  SweepSpec rest = Axis(spec.axes.front());
  rest.seeds = spec.seeds;
  rest.protocols = spec.protocols;
  for (const auto& e : ValidateSweep(rest)) {
    if (e.path == "seeds" || e.path == "protocols") errors.push_back(e);
  }
  if (!errors.empty()) return errors;
  runs *= static_cast<double>(spec.protocols.empty() ? 1 : spec.protocols.size()) * spec.seeds;
  if (runs > static_cast<double>(kGridMaxRuns)) {
    errors.push_back({"grid", "the grid makes " + std::to_string(static_cast<int64_t>(runs)) +
                                  " runs (points x protocols x seeds), more than the limit of " +
                                  std::to_string(kGridMaxRuns) + "; split it into several grids"});
  }
  return errors;
}

GridPlan PlanGrid(const nlohmann::json& base, const GridSpec& spec) {
  Scenario checked;
  const auto problems = Scenario::Parse(base, &checked);
  if (!problems.empty()) throw std::invalid_argument(problems.front().message);
  GridPlan plan;
  for (const SweepSpec& given : spec.axes) {
    const SweepSpec axis = Axis(given);
    plan.paths.push_back(axis.x_path);
    plan.integer.push_back(IsInteger(axis.x_path));
    plan.values.push_back(SweepGrid(axis, plan.integer.back()));
  }
  plan.own_protocol = spec.protocols.empty();
  plan.protocols = plan.own_protocol ? std::vector<std::string>{""} : spec.protocols;
  plan.seeds = SweepSeeds(checked.Integer("seed"), spec.seeds);
  plan.scenario_hash = Fnv1a64(base.dump());
  return plan;
}

nlohmann::json GridRunScenario(const nlohmann::json& base, const GridSpec& spec, const GridPlan& plan, int64_t r) {
  nlohmann::json s = base;
  GridApplyRun(s, spec, plan, r);
  return s;
}

void GridApplyRun(nlohmann::json& s, const GridSpec& spec, const GridPlan& plan, int64_t r) {
  const nlohmann::ordered_json coords = plan.Coords(plan.PointOf(r));
  const int64_t seed = plan.SeedOf(r);
  // Every axis but the last sets its value (and the seed); the last one also the
  // protocol, once (a second switch would also move the flows that already ran it).
  static const std::string kOwnProtocol;
  for (size_t k = 0; k < spec.axes.size(); ++k) {
    const bool last = k + 1 == spec.axes.size();
    ApplySweep(s, Axis(spec.axes[k]), coords[plan.paths[k]].get<double>(), seed,
               last ? plan.ProtocolOf(r) : kOwnProtocol);
  }
}

nlohmann::ordered_json GridRunRecord(const GridPlan& plan, int64_t r, const nlohmann::ordered_json& summary) {
  nlohmann::ordered_json rec;
  rec["run"] = r;
  rec["point"] = plan.PointOf(r);
  rec["coords"] = plan.Coords(plan.PointOf(r));
  rec["protocol"] = plan.own_protocol ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(plan.ProtocolOf(r));
  rec["seed"] = plan.SeedOf(r);
  rec["summary"] = summary;
  return rec;
}

void GridAggregator::Add(const nlohmann::ordered_json& record) {
  if (groups_.empty() || groups_.back().point != record["point"] || groups_.back().protocol != record["protocol"]) {
    Group g;
    g.point = record["point"];
    g.coords = record["coords"];
    g.protocol = record["protocol"];
    groups_.push_back(std::move(g));
  }
  for (const auto& [key, v] : record["summary"].items()) {
    if (v.is_number()) groups_.back().figures[key].push_back(v.get<double>());
  }
}

std::vector<nlohmann::ordered_json> GridAggregator::Lines() const {
  std::vector<nlohmann::ordered_json> lines;
  for (const Group& g : groups_) {
    nlohmann::ordered_json line;
    line["point"] = g.point;
    line["coords"] = g.coords;
    line["protocol"] = g.protocol;
    line["figures"] = nlohmann::ordered_json::object();
    for (const auto& [key, v] : g.figures) line["figures"][key] = StatsJson(v);
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace plab
