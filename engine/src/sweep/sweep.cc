#include "sweep/sweep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>

#include "plab/api.h"
#include "scenario/params.h"
#include "sim/random.h"
#include "sweep/sweep_stats.h"
#include "transport/throughput_models.h"

namespace plab {

std::optional<std::string> LaterFlowsRest(const std::string& path) {
  const std::string prefix = kSweepLaterFlows;
  if (path.size() <= prefix.size() || path.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
  return path.substr(prefix.size());
}

namespace {

// The declaration of x; for the number of flows, the list's limits as an integer.
const ParamDecl* XParam(const std::string& path) {
  static const ParamDecl flow_count = [] {
    const ListDecl* flows = FindList("flows");
    return IntegerParam(kSweepFlowCount, "Number of flows", "Flows", "", static_cast<double>(flows->min_items),
                        static_cast<double>(flows->max_items), 1, "Explicit flows, each a copy of the last");
  }();
  if (path == kSweepFlowCount) return &flow_count;
  if (const auto rest = LaterFlowsRest(path)) return FindParam("flows[]" + *rest);
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

// Rounds to 6 significant digits as the page's links always have (JavaScript's
// Number(v.toPrecision(6))): the exact decimal digits of v (glibc's and musl's printf
// both print them exactly), then half away from zero, then the shortest round trip.
double RoundSignificant6(double v) {
  if (v == 0 || !std::isfinite(v)) return v;
  char digits[64];
  std::snprintf(digits, sizeof(digits), "%.40e", std::fabs(v));                            // d.ddd...e±XX
  std::string mantissa = std::string(1, digits[0]) + std::string(digits + 2, digits + 7);  // 6 digits
  const char* exponent = std::strchr(digits, 'e');
  int exp10 = std::atoi(exponent + 1);
  if (digits[7] >= '5') {  // the 7th digit: 5 and above round up (ties away from zero, as toPrecision)
    int i = 5;
    while (i >= 0 && mantissa[i] == '9') mantissa[i--] = '0';
    if (i >= 0) {
      ++mantissa[i];
    } else {
      mantissa.insert(mantissa.begin(), '1');
      mantissa.pop_back();
      ++exp10;
    }
  }
  const std::string text = mantissa.substr(0, 1) + "." + mantissa.substr(1) + "e" + std::to_string(exp10);
  const double rounded = std::strtod(text.c_str(), nullptr);
  return v < 0 ? -rounded : rounded;
}

std::vector<double> SweepGrid(const SweepSpec& spec, bool integer) {
  // The grid rules (docs/engine-api.md, "Sweeps"), the page's since its first links:
  // explicit points are the x values as given; from == to is the one point; else N
  // points from `from` to `to`, both exact, the interior ones evenly spaced (linear, or
  // geometric on a log scale) and rounded to 6 significant digits (short links, the same
  // x everywhere: a last-ulp difference between two exp() implementations rounds away);
  // an integer parameter takes whole numbers, repeats dropped.
  if (!spec.xs.empty()) return spec.xs;
  if (spec.from == spec.to && spec.points >= 1) return {integer ? std::floor(spec.from + 0.5) : spec.from};
  std::vector<double> xs;
  const double a = spec.log_scale ? DeterministicLog(spec.from) : spec.from;
  const double b = spec.log_scale ? DeterministicLog(spec.to) : spec.to;
  for (int i = 0; i < spec.points; ++i) {
    double x;
    if (i == 0) {
      x = spec.from;
    } else if (i == spec.points - 1) {
      x = spec.to;
    } else {
      // The page's order of operations: a + ((b - a) * i) / (n - 1).
      const double u = a + ((b - a) * i) / (spec.points - 1);
      x = RoundSignificant6(spec.log_scale ? DeterministicExp(u) : u);
    }
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
    errors.push_back(
        {"x",
         "x must be a numeric parameter (see `lab schema`), flows (the number of flows) or flows[1:]. and a "
         "flow's numeric parameter (every flow after the first), got " +
             spec.x_path});
    return errors;
  }
  const std::string range = "[" + FormatNumber(d->min) + ", " + FormatNumber(d->max) + "]";
  for (const auto& [name, v] : {std::pair{"from", spec.from}, std::pair{"to", spec.to}}) {
    if (!spec.xs.empty()) break;  // an explicit list is checked as a whole below
    if (!std::isfinite(v) || v < d->min || v > d->max) {
      errors.push_back({name, std::string(name) + " must be within " + range + " (the range of " + spec.x_path +
                                  "), got " + FormatNumber(v)});
    }
  }
  if (!spec.xs.empty()) {
    // An explicit list (a paper's own unevenly spaced points): 2..200 ascending values
    // within x's range, whatever the scale.
    bool ascending = true;
    for (size_t i = 0; i < spec.xs.size(); ++i) {
      const double v = spec.xs[i];
      if (!std::isfinite(v) || v < d->min || v > d->max || (i > 0 && !(v > spec.xs[i - 1]))) ascending = false;
    }
    if (!ascending || spec.xs.size() < 2 || spec.xs.size() > 200) {
      errors.push_back({"xs", "the x values must be 2 to 200 ascending numbers within " + range + " (the range of " +
                                  spec.x_path + "), got " + std::to_string(spec.xs.size()) + " values"});
    }
  } else {
    // A log sweep from 0 is refused, not run on a linear grid: the page refuses such a
    // link too, so no link ever ran one.
    if (spec.log_scale && (spec.from <= 0 || spec.to <= 0)) {
      errors.push_back({"from", "a log sweep needs from > 0 and to > 0, got " + FormatNumber(spec.from) + " and " +
                                    FormatNumber(spec.to)});
    }
    if (spec.points < 2 || spec.points > 200) {
      errors.push_back({"points", "points must be within [2, 200], got " + std::to_string(spec.points)});
    }
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
      errors.push_back({"protocols",
                        "protocols must be among the schema's protocols, or protocol/recovery with a "
                        "recovery of flows[].recovery, got " +
                            p});
    }
  }
  return errors;
}

nlohmann::json SweepScenario(const nlohmann::json& base, const SweepSpec& spec, double x, int64_t seed,
                             const std::string& protocol) {
  nlohmann::json s = base;
  ApplySweep(s, spec, x, seed, protocol);
  return s;
}

void ApplySweep(nlohmann::json& s, const SweepSpec& spec, double x, int64_t seed, const std::string& protocol) {
  const ParamDecl* d = XParam(spec.x_path);
  if (spec.x_path == kSweepFlowCount) {
    SetFlowCount(s, static_cast<int64_t>(x));
  } else if (const auto rest = LaterFlowsRest(spec.x_path)) {
    // Every flow after the first (Ng & Chan §4.3: the TCP streams' side links, with the
    // rate-based stream as flows[0]); a scenario of one flow has none to set.
    const size_t n = s.contains("flows") && s["flows"].is_array()
                         ? s["flows"].size()
                         : static_cast<size_t>(FindList("flows")->default_items);
    if (n < 2)
      throw std::invalid_argument("x " + spec.x_path + " sets the flows after the first, and the scenario has " +
                                  std::to_string(n) + " flow" + (n == 1 ? "" : "s"));
    for (size_t i = 1; i < n; ++i) {
      const std::string path = "flows[" + std::to_string(i) + "]" + *rest;
      if (d->type == ParamType::kInteger)
        Scenario::SetPath(s, path, static_cast<int64_t>(x));
      else
        Scenario::SetPath(s, path, x);
    }
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
      const std::string own = flow.contains("protocol")
                                  ? flow["protocol"].get<std::string>()
                                  : FindParam("flows[].protocol")->default_value.get<std::string>();
      if (own != group) continue;
      flow["protocol"] = name;
      if (!paired.empty()) flow["recovery"] = paired;
    }
  }
}

namespace {

// The scenario's seed, from a base that must be a valid scenario before it is read.
int64_t BaseSeed(const nlohmann::json& base) {
  Scenario checked;
  const auto problems = Scenario::Parse(base, &checked);
  if (!problems.empty()) throw std::invalid_argument(problems.front().message);
  return checked.Integer("seed");
}

}  // namespace

std::vector<int64_t> SweepSeeds(int64_t base_seed, int seeds) {
  // The next seeds after the scenario's, wrapping within the seed's range [0, 2^32 - 1].
  constexpr int64_t kSeedSpan = int64_t{1} << 32;
  std::vector<int64_t> out;
  for (int k = 0; k < seeds; ++k) out.push_back((base_seed + k) % kSeedSpan);
  return out;
}

nlohmann::ordered_json PlanSweep(const nlohmann::json& base, const SweepSpec& spec) {
  const ParamDecl* d = XParam(spec.x_path);
  const std::vector<double> xs = SweepGrid(spec, d->type == ParamType::kInteger);
  const std::vector<int64_t> seeds = SweepSeeds(BaseSeed(base), spec.seeds);
  nlohmann::ordered_json plan;
  plan["x"] = spec.x_path;
  plan["grid"] = xs;
  plan["seeds"] = seeds;
  plan["protocols"] = spec.protocols.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(spec.protocols);
  std::vector<std::string> protocols = spec.protocols;
  if (protocols.empty()) protocols.push_back("");
  // Point by point, then protocol, then seed: a point's runs are next to each other.
  plan["runs"] = nlohmann::ordered_json::array();
  for (size_t i = 0; i < xs.size(); ++i) {
    for (const std::string& protocol : protocols) {
      for (int64_t seed : seeds) {
        nlohmann::ordered_json run;
        run["point"] = i;
        run["protocol"] = protocol.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(protocol);
        run["seed"] = seed;
        run["scenario"] = SweepScenario(base, spec, xs[i], seed, protocol);
        plan["runs"].push_back(std::move(run));
      }
    }
  }
  return plan;
}

nlohmann::ordered_json StatsJson(const std::vector<double>& values) {
  const auto s = AggregateValues(values);
  if (!s) return nullptr;
  return {{"n", s->n}, {"mean", s->mean}, {"sd", s->sd}, {"min", s->min}, {"max", s->max}, {"ci95", s->ci95}};
}

nlohmann::ordered_json RunSweep(const nlohmann::json& base, const SweepSpec& spec) {
  const nlohmann::ordered_json plan = PlanSweep(base, spec);
  const size_t points = plan["grid"].size();
  const size_t lines = spec.protocols.empty() ? 1 : spec.protocols.size();
  const size_t per_point = lines * static_cast<size_t>(spec.seeds);
  // values[point][line]: figure -> values over seeds (numbers only; null figures skipped)
  std::vector<std::vector<std::map<std::string, std::vector<double>>>> values(
      points, std::vector<std::map<std::string, std::vector<double>>>(lines));
  for (size_t r = 0; r < plan["runs"].size(); ++r) {
    const RunOutput out = Run(plan["runs"][r]["scenario"].dump(), RunOptions{false, {}, {}});
    const auto result = nlohmann::json::parse(out.json);
    if (!out.ok) throw std::invalid_argument(result["errors"][0]["message"].get<std::string>());
    auto& figures = values[r / per_point][(r % per_point) / spec.seeds];
    for (const auto& [key, v] : result["summary"].items()) {
      if (v.is_number()) figures[key].push_back(v.get<double>());
    }
  }
  nlohmann::ordered_json doc;
  doc["x"] = spec.x_path;
  doc["seeds"] = spec.seeds;
  doc["points"] = nlohmann::ordered_json::array();
  for (size_t l = 0; l < lines; ++l) {
    for (size_t i = 0; i < points; ++i) {
      nlohmann::ordered_json point;
      point["x"] = plan["grid"][i];
      if (!spec.protocols.empty()) point["protocol"] = spec.protocols[l];
      point["figures"] = nlohmann::ordered_json::object();
      for (const auto& [key, v] : values[i][l]) point["figures"][key] = StatsJson(v);
      doc["points"].push_back(point);
    }
  }
  return doc;
}

namespace {

// A number of the spec, or `fallback` when absent; a wrong type is an error naming it.
double SpecNumber(const nlohmann::json& j, const char* key, double fallback, std::vector<ValidationError>* errors) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_number()) {
    errors->push_back({key, std::string("sweep ") + key + " must be a number, got " + j[key].dump().substr(0, 80)});
    return fallback;
  }
  return j[key].get<double>();
}

}  // namespace

std::vector<ValidationError> SweepSpecFromJson(const nlohmann::json& j, SweepSpec* spec) {
  std::vector<ValidationError> errors;
  if (!j.is_object()) return {{"", "a sweep spec must be a JSON object"}};
  if (!j.contains("x") || !j["x"].is_string())
    errors.push_back({"x", "sweep x must be a parameter path (a string)"});
  else
    spec->x_path = j["x"].get<std::string>();
  spec->from = SpecNumber(j, "from", spec->from, &errors);
  spec->to = SpecNumber(j, "to", spec->to, &errors);
  const double points = SpecNumber(j, "points", spec->points, &errors);
  const double seeds = SpecNumber(j, "seeds", spec->seeds, &errors);
  // Counts beyond an int's range are out of the allowed ones; ValidateSweep names the range.
  spec->points = points >= 0 && points <= 1e6 && points == std::floor(points) ? static_cast<int>(points) : -1;
  spec->seeds = seeds >= 0 && seeds <= 1e6 && seeds == std::floor(seeds) ? static_cast<int>(seeds) : -1;
  if (j.contains("scale")) {
    if (j["scale"] == "log" || j["scale"] == "linear")
      spec->log_scale = j["scale"] == "log";
    else
      errors.push_back({"scale", "sweep scale must be linear or log, got " + j["scale"].dump().substr(0, 80)});
  }
  if (j.contains("protocols") && !j["protocols"].is_null()) {
    if (!j["protocols"].is_array())
      errors.push_back({"protocols", "sweep protocols must be a list of protocol names"});
    else
      for (const auto& p : j["protocols"]) {
        if (p.is_string())
          spec->protocols.push_back(p.get<std::string>());
        else
          errors.push_back(
              {"protocols", "sweep protocols must be a list of protocol names, got " + p.dump().substr(0, 80)});
      }
  }
  if (j.contains("xs") && !j["xs"].is_null()) {
    if (!j["xs"].is_array())
      errors.push_back({"xs", "sweep xs must be a list of numbers"});
    else
      for (const auto& v : j["xs"]) {
        if (v.is_number())
          spec->xs.push_back(v.get<double>());
        else
          errors.push_back({"xs", "sweep xs must be a list of numbers, got " + v.dump().substr(0, 80)});
      }
  }
  if (errors.empty()) {
    const auto invalid = ValidateSweep(*spec);
    errors.insert(errors.end(), invalid.begin(), invalid.end());
  }
  return errors;
}

}  // namespace plab
