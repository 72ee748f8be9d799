#include "contest/contest.h"

#include <algorithm>
#include <stdexcept>

#include "sim/random.h"

namespace plab {
namespace {

// log10 from the engine's own logarithm: the page (WASM, musl) and the CLI (glibc)
// must give the same score to the last bit.
double Log10(double x) { return DeterministicLog(x) / DeterministicLog(10.0); }

bool IsName(const std::string& s) {
  if (s.empty() || s.size() > 40) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

std::string SetNames() {
  std::string names;
  for (const ContestSet& s : ContestSets()) names += (names.empty() ? "" : ", ") + s.name;
  return names;
}

void ReadInlineSet(const nlohmann::json& j, ContestSet* set, std::vector<ValidationError>* errors) {
  set->name = j.value("name", std::string("inline"));
  set->label = j.value("label", set->name);
  set->help = j.value("help", std::string());
  if (!j.contains("scenarios") || !j["scenarios"].is_array() || j["scenarios"].empty() || j["scenarios"].size() > 12) {
    errors->push_back({"set.scenarios", "set.scenarios must be a list of 1 to 12 scenarios"});
    return;
  }
  for (size_t i = 0; i < j["scenarios"].size(); ++i) {
    const nlohmann::json& s = j["scenarios"][i];
    const std::string at = "set.scenarios[" + std::to_string(i) + "]";
    if (!s.is_object() || !s.contains("scenario") || !s["scenario"].is_object()) {
      errors->push_back({at, at + " must be {name, label, scenario: {...}}"});
      continue;
    }
    ContestScenario c;
    c.name = s.value("name", "s" + std::to_string(i + 1));
    if (!IsName(c.name)) errors->push_back({at + ".name", at + ".name must be 1-40 of a-z, 0-9, _"});
    c.label = s.value("label", c.name);
    c.help = s.value("help", std::string());
    c.scenario = s["scenario"];
    set->scenarios.push_back(std::move(c));
  }
}

}  // namespace

const ContestSet* FindContestSet(const std::string& name) {
  for (const ContestSet& s : ContestSets()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

std::vector<ValidationError> ContestSpecFromJson(const nlohmann::json& j, ContestSpec* spec) {
  std::vector<ValidationError> errors;
  if (!j.is_object()) return {{"", "a contest is a JSON object {set, entrants}"}};
  const nlohmann::json set = j.value("set", nlohmann::json("classic"));
  if (set.is_string()) {
    const ContestSet* found = FindContestSet(set.get<std::string>());
    if (found == nullptr) {
      errors.push_back({"set", "set: no contest set named \"" + set.get<std::string>().substr(0, 40) + "\" (one of " +
                                   SetNames() + ")"});
      return errors;
    }
    spec->set = *found;
  } else if (set.is_object()) {
    ReadInlineSet(set, &spec->set, &errors);
  } else {
    errors.push_back({"set", "set must be a set's name (" + SetNames() + ") or a set {name, scenarios}"});
  }
  spec->entrants.clear();
  if (j.contains("entrants")) {
    const nlohmann::json& list = j["entrants"];
    if (!list.is_array() || list.empty() || list.size() > 16) {
      errors.push_back({"entrants", "entrants must be a list of 1 to 16 protocols or {label, set}"});
      return errors;
    }
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string at = "entrants[" + std::to_string(i) + "]";
      if (list[i].is_string()) {
        spec->entrants.push_back({list[i].get<std::string>(), {{"protocol", list[i]}}});
      } else if (list[i].is_object() && list[i].contains("set") && list[i]["set"].is_object()) {
        spec->entrants.push_back({list[i].value("label", at), list[i]["set"]});
      } else {
        errors.push_back({at, at + " must be a protocol name or {label, set: {path: value}}"});
      }
    }
  } else {
    for (const std::string& p : spec->set.entrants) spec->entrants.push_back({p, {{"protocol", p}}});
  }
  if (spec->entrants.empty() && errors.empty())
    errors.push_back({"entrants", "entrants: the set names none; give some"});
  return errors;
}

nlohmann::ordered_json PlanContest(const ContestSpec& spec) {
  nlohmann::ordered_json plan;
  plan["set"] = spec.set.name;
  plan["scenarios"] = nlohmann::ordered_json::array();
  for (const ContestScenario& s : spec.set.scenarios) {
    plan["scenarios"].push_back({{"name", s.name}, {"label", s.label}, {"help", s.help}});
  }
  plan["entrants"] = nlohmann::ordered_json::array();
  for (const ContestEntrant& e : spec.entrants) plan["entrants"].push_back(e.label);
  plan["runs"] = nlohmann::ordered_json::array();
  for (size_t s = 0; s < spec.set.scenarios.size(); ++s) {
    for (size_t e = 0; e < spec.entrants.size(); ++e) {
      nlohmann::json run = spec.set.scenarios[s].scenario;
      const std::string who = "entrant \"" + spec.entrants[e].label + "\" in scenario " + spec.set.scenarios[s].name;
      for (const auto& [path, value] : spec.entrants[e].set.items()) {
        try {
          Scenario::SetPath(run, "flows[0]." + path, value);
        } catch (const std::invalid_argument& err) {
          throw std::invalid_argument(who + ": " + err.what());
        }
      }
      Scenario checked;
      if (const auto problems = Scenario::Parse(run, &checked); !problems.empty()) {
        throw std::invalid_argument(who + ": " + problems.front().message);
      }
      plan["runs"].push_back({{"scenario", s}, {"entrant", e}, {"run", checked.ToJson()}});
    }
  }
  return plan;
}

nlohmann::ordered_json ScoreContest(const ContestSpec& spec, const std::vector<nlohmann::json>& summaries) {
  const size_t n_s = spec.set.scenarios.size();
  const size_t n_e = spec.entrants.size();
  if (summaries.size() != n_s * n_e) {
    throw std::invalid_argument("the contest has " + std::to_string(n_s * n_e) + " runs, got " +
                                std::to_string(summaries.size()) + " results");
  }
  struct Row {
    nlohmann::ordered_json json;
    bool complete = true;
    double total = 0;
  };
  std::vector<Row> rows(n_e);
  for (size_t e = 0; e < n_e; ++e) {
    rows[e].json["entrant"] = spec.entrants[e].label;
    rows[e].json["scenarios"] = nlohmann::ordered_json::array();
  }
  auto number = [](const nlohmann::json& j, const char* key) -> const nlohmann::json* {
    return j.is_object() && j.contains(key) && j[key].is_number() ? &j[key] : nullptr;
  };
  for (size_t s = 0; s < n_s; ++s) {
    for (size_t e = 0; e < n_e; ++e) {
      const nlohmann::json& sum = summaries[s * n_e + e];
      nlohmann::ordered_json cell;
      const auto* thr = number(sum, "goodput_mbps");
      const auto* delay = number(sum, "delay_p95_ms");
      const auto* queueing = number(sum, "queue_delay_p95_ms");
      auto or_null = [](const nlohmann::json* v) {
        return v ? nlohmann::ordered_json(v->get<double>()) : nlohmann::ordered_json();
      };
      cell["throughput_mbps"] = or_null(thr);
      cell["delay_p95_ms"] = or_null(delay);
      cell["queue_delay_p95_ms"] = or_null(queueing);
      // No delivered packet (no delay) or no throughput: no power, and no total.
      if (thr && delay && thr->get<double>() > 0 && delay->get<double>() > 0) {
        const double power = thr->get<double>() / (delay->get<double>() / 1e3);
        cell["power"] = power;
        cell["log_power"] = Log10(power);
        rows[e].total += Log10(power);
      } else {
        cell["power"] = nullptr;
        cell["log_power"] = nullptr;
        rows[e].complete = false;
      }
      rows[e].json["scenarios"].push_back(cell);
    }
  }
  for (Row& r : rows) {
    r.json["score"] =
        r.complete ? nlohmann::ordered_json(r.total / static_cast<double>(n_s)) : nlohmann::ordered_json();
  }
  // Best first; ties and incomplete rows keep the entrants' order (stable).
  std::vector<size_t> order(n_e);
  for (size_t i = 0; i < n_e; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (rows[a].complete != rows[b].complete) return rows[a].complete;
    return rows[a].complete && rows[a].total > rows[b].total;
  });
  nlohmann::ordered_json board;
  board["set"] = spec.set.name;
  board["scenarios"] = nlohmann::ordered_json::array();
  for (const ContestScenario& s : spec.set.scenarios) board["scenarios"].push_back(s.name);
  board["rows"] = nlohmann::ordered_json::array();
  for (size_t rank = 0; rank < n_e; ++rank) {
    nlohmann::ordered_json row = rows[order[rank]].json;
    row["rank"] = rank + 1;
    board["rows"].push_back(row);
  }
  return board;
}

nlohmann::ordered_json ContestSetsJson() {
  nlohmann::ordered_json sets = nlohmann::ordered_json::array();
  for (const ContestSet& s : ContestSets()) {
    nlohmann::ordered_json set = {{"name", s.name}, {"label", s.label}, {"help", s.help}, {"entrants", s.entrants}};
    set["scenarios"] = nlohmann::ordered_json::array();
    for (const ContestScenario& c : s.scenarios) {
      set["scenarios"].push_back({{"name", c.name}, {"label", c.label}, {"help", c.help}});
    }
    sets.push_back(set);
  }
  return sets;
}

}  // namespace plab
