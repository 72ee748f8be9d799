#include "scenario/sweep.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "metrics/throughput_models.h"
#include "plab/api.h"
#include "scenario/params.h"
#include "sim/random.h"

namespace plab {
namespace {

// The declaration of x; for the number of flows, the list's limits as an integer.
const ParamDecl* XParam(const std::string& path) {
  static const ParamDecl flow_count = [] {
    const ListDecl* flows = FindList("flows");
    return IntegerParam(kSweepFlowCount, "Number of flows", "Flows", "", static_cast<double>(flows->min_items),
                        static_cast<double>(flows->max_items), 1, "Explicit flows, each a copy of the last");
  }();
  if (path == kSweepFlowCount) return &flow_count;
  return FindParam(Scenario::PatternOf(path));
}

// Sets the number of flows: drops flows from the end, or copies the last one.
void SetFlowCount(nlohmann::json& doc, int64_t n) {
  nlohmann::json& flows = doc["flows"];
  if (!flows.is_array() || flows.empty()) flows = nlohmann::json::array({nlohmann::json::object()});
  while (static_cast<int64_t>(flows.size()) > n) flows.erase(flows.size() - 1);
  const nlohmann::json last = flows.back();
  while (static_cast<int64_t>(flows.size()) < n) flows.push_back(last);
}

// flows[0]'s protocol, as the scenario gives it (or the registry's default).
std::string FirstProtocol(const nlohmann::json& doc) {
  if (doc.contains("flows") && doc["flows"].is_array() && !doc["flows"].empty() && doc["flows"][0].is_object() &&
      doc["flows"][0].contains("protocol") && doc["flows"][0]["protocol"].is_string()) {
    return doc["flows"][0]["protocol"];
  }
  return FindParam("flows[].protocol")->default_value;
}

// "protocol/recovery" -> {protocol, recovery}; a plain protocol -> {protocol, ""}.
std::pair<std::string, std::string> SplitPairing(const std::string& entry) {
  const size_t slash = entry.find('/');
  if (slash == std::string::npos) return {entry, ""};
  return {entry.substr(0, slash), entry.substr(slash + 1)};
}

}  // namespace

std::vector<double> SweepGrid(const SweepSpec& spec, bool integer) {
  // From A to A is the one point A, not `points` copies of it (nor, on a log scale,
  // copies an ulp apart after exp(log(A))).
  if (spec.from == spec.to && spec.points >= 1) return {integer ? std::floor(spec.from + 0.5) : spec.from};
  std::vector<double> xs;
  for (int i = 0; i < spec.points; ++i) {
    const double f = spec.points == 1 ? 0 : static_cast<double>(i) / (spec.points - 1);
    double x = spec.log_scale
                   ? DeterministicExp(DeterministicLog(spec.from) + f * (DeterministicLog(spec.to) - DeterministicLog(spec.from)))
                   : spec.from + f * (spec.to - spec.from);
    if (i == 0) x = spec.from;  // exact end points
    if (i == spec.points - 1) x = spec.to;
    if (integer) x = std::floor(x + 0.5);
    if (integer && !xs.empty() && xs.back() == x) continue;
    xs.push_back(x);
  }
  return xs;
}

std::vector<ValidationError> ValidateSweep(const SweepSpec& spec) {
  std::vector<ValidationError> errors;
  const ParamDecl* d = XParam(spec.x_path);
  if (spec.x_path == "seed") {
    errors.push_back({"x", "x cannot be seed: every point already runs seeds from the scenario's seed (--seeds)"});
    return errors;
  }
  if (spec.x_path.find("[]") != std::string::npos) {
    errors.push_back({"x", "x must name one item, e.g. flows[0].channel.forward.p, got " + spec.x_path});
    return errors;
  }
  if (d == nullptr || (d->type != ParamType::kNumber && d->type != ParamType::kInteger)) {
    errors.push_back({"x", "x must be a numeric parameter (see `lab schema`) or flows (the number of flows), got " +
                               spec.x_path});
    return errors;
  }
  const std::string range = "[" + FormatNumber(d->min) + ", " + FormatNumber(d->max) + "]";
  for (const auto& [name, v] : {std::pair{"from", spec.from}, std::pair{"to", spec.to}}) {
    if (!std::isfinite(v) || v < d->min || v > d->max) {
      errors.push_back({name, std::string(name) + " must be within " + range + " (the range of " + spec.x_path +
                                  "), got " + FormatNumber(v)});
    }
  }
  if (spec.log_scale && (spec.from <= 0 || spec.to <= 0)) {
    errors.push_back({"from", "a log sweep needs from > 0 and to > 0, got " + FormatNumber(spec.from) + " and " + FormatNumber(spec.to)});
  }
  if (spec.points < 2 || spec.points > 200) {
    errors.push_back({"points", "points must be within [2, 200], got " + std::to_string(spec.points)});
  }
  if (spec.seeds < 1 || spec.seeds > 100) {
    errors.push_back({"seeds", "seeds must be within [1, 100], got " + std::to_string(spec.seeds)});
  }
  const ParamDecl* protocol = FindParam("flows[].protocol");
  const ParamDecl* recovery = FindParam("flows[].recovery");
  auto has = [](const ParamDecl* d, const std::string& v) {
    return std::find(d->options.begin(), d->options.end(), v) != d->options.end();
  };
  for (const auto& p : spec.protocols) {
    const auto [name, paired] = SplitPairing(p);
    if (!has(protocol, name) || (!paired.empty() && (paired == "default" || !has(recovery, paired)))) {
      errors.push_back({"protocols", "protocols must be among the schema's protocols, or protocol/recovery with a "
                                     "recovery of flows[].recovery, got " + p});
    }
  }
  return errors;
}

nlohmann::json SweepScenario(const nlohmann::json& base, const SweepSpec& spec, double x, int64_t seed,
                             const std::string& protocol) {
  const ParamDecl* d = XParam(spec.x_path);
  nlohmann::json s = base;
  if (spec.x_path == kSweepFlowCount) {
    SetFlowCount(s, static_cast<int64_t>(x));
  } else if (d->type == ParamType::kInteger) {
    Scenario::SetPath(s, spec.x_path, static_cast<int64_t>(x));
  } else {
    Scenario::SetPath(s, spec.x_path, x);
  }
  Scenario::SetPath(s, "seed", seed);
  if (!protocol.empty()) {
    // The page's rule (views.ts withProtocol): flows[0] and every flow running its
    // protocol switch; a pairing "protocol/recovery" sets their loss recovery too.
    const auto [name, paired] = SplitPairing(protocol);
    const std::string group = FirstProtocol(s);
    for (auto& flow : s["flows"]) {
      const std::string own = flow.contains("protocol") ? flow["protocol"].get<std::string>()
                                                          : FindParam("flows[].protocol")->default_value.get<std::string>();
      if (own != group) continue;
      flow["protocol"] = name;
      if (!paired.empty()) flow["recovery"] = paired;
    }
  }
  return s;
}

nlohmann::ordered_json RunSweep(const nlohmann::json& base, const SweepSpec& spec) {
  const ParamDecl* d = XParam(spec.x_path);
  const std::vector<double> xs = SweepGrid(spec, d->type == ParamType::kInteger);
  std::vector<std::string> protocols = spec.protocols;
  if (protocols.empty()) protocols.push_back("");
  // The base must be a valid scenario before its seed is read.
  Scenario checked;
  const auto problems = Scenario::Parse(base, &checked);
  if (!problems.empty()) throw std::invalid_argument(problems.front().message);
  const int64_t base_seed = checked.Integer("seed");

  nlohmann::ordered_json doc;
  doc["x"] = spec.x_path;
  doc["seeds"] = spec.seeds;
  doc["points"] = nlohmann::ordered_json::array();
  for (const std::string& protocol : protocols) {
    for (double x : xs) {
      // figure -> values over seeds (numbers only; null figures are skipped)
      std::map<std::string, std::vector<double>> values;
      for (int k = 0; k < spec.seeds; ++k) {
        const nlohmann::json s = SweepScenario(base, spec, x, base_seed + k, protocol);
        const RunOutput out = Run(s.dump(), RunOptions{false, {}});
        const auto result = nlohmann::json::parse(out.json);
        if (!out.ok) throw std::invalid_argument(result["errors"][0]["message"].get<std::string>());
        for (const auto& [key, v] : result["summary"].items()) {
          if (v.is_number()) values[key].push_back(v.get<double>());
        }
      }
      nlohmann::ordered_json point;
      point["x"] = x;
      if (!protocol.empty()) point["protocol"] = protocol;
      for (const auto& [key, v] : values) {
        double sum = 0, lo = v.front(), hi = v.front();
        for (double y : v) {
          sum += y;
          lo = std::min(lo, y);
          hi = std::max(hi, y);
        }
        const double mean = sum / static_cast<double>(v.size());
        double ss = 0;
        for (double y : v) ss += (y - mean) * (y - mean);
        const double sd = v.size() > 1 ? std::sqrt(ss / static_cast<double>(v.size() - 1)) : 0.0;
        point["figures"][key] = {{"mean", mean}, {"sd", sd}, {"min", lo}, {"max", hi}, {"n", v.size()}};
      }
      doc["points"].push_back(point);
    }
  }
  return doc;
}

}  // namespace plab
