#include "world/timeline.h"

#include <cmath>

#include "scenario/params.h"
#include "scenario/scenario.h"
#include "world/simulation.h"

namespace plab {

double TimelineMaxSeconds() { return FindParam("duration_s")->max; }

namespace {

// A key or path as a message shows it: cut to a line, as the scenario's values are.
std::string ShownKey(const std::string& key) { return key.size() > 80 ? key.substr(0, 77) + "..." : key; }

}  // namespace

std::vector<ValidationError> ParseTimeline(const nlohmann::json& doc, std::vector<LiveChange>* out) {
  std::vector<ValidationError> errors;
  if (!doc.is_array()) return {{"timeline", "the timeline must be a list of {t_s, path, value}"}};
  const double max_s = TimelineMaxSeconds();
  double last = 0;
  for (size_t i = 0; i < doc.size(); ++i) {
    const std::string where = "timeline[" + std::to_string(i) + "]";
    const nlohmann::json& e = doc[i];
    if (!e.is_object() || !e.contains("t_s") || !e.contains("path") || !e.contains("value")) {
      errors.push_back({where, where + " must have t_s, path and value"});
      continue;
    }
    // An entry holds these three and nothing else, as a scenario holds only declared
    // fields: a misspelt key ("vlaue") must not pass silently.
    bool unknown = false;
    for (const auto& [key, v] : e.items()) {
      if (key == "t_s" || key == "path" || key == "value") continue;
      errors.push_back({where + "." + key, "unknown field " + ShownKey(where + "." + key) +
                                               " (a timeline entry has t_s, path and value)"});
      unknown = true;
    }
    if (unknown) continue;
    // The range is the longest run's: a change later than that is never reached, and
    // an unbounded time overflowed its conversion to nanoseconds (1e10 s was applied
    // at t = 0).
    const nlohmann::json& t = e["t_s"];
    if (!t.is_number() || !std::isfinite(t.get<double>()) || t.get<double>() < 0 || t.get<double>() > max_s) {
      errors.push_back({where + ".t_s", where + ".t_s must be within [0, " + FormatNumber(max_s) +
                                            "] s (the longest run), got " +
                                            (t.is_number() ? FormatNumber(t.get<double>()) : t.dump().substr(0, 80))});
      continue;
    }
    if (t.get<double>() < last) {
      errors.push_back({where + ".t_s", where + ".t_s must be a time in seconds, not before the previous change (" +
                                            FormatNumber(last) + " s), got " + FormatNumber(t.get<double>())});
      continue;
    }
    if (!e["path"].is_string()) {
      errors.push_back({where + ".path", where + ".path must be a parameter path"});
      continue;
    }
    last = t.get<double>();
    out->push_back({last, e["path"].get<std::string>(), e["value"]});
  }
  return errors;
}

std::vector<ValidationError> RunWithTimeline(Simulation& sim, const std::vector<LiveChange>& timeline) {
  for (size_t i = 0; i < timeline.size(); ++i) {
    const LiveChange& change = timeline[i];
    if (sim.AdvanceTo(Time::FromSecondsDouble(change.t_s))) break;
    const std::string problem = sim.Set(change.path, change.value);
    // The message names the entry too: the CLI prints messages, not paths.
    const std::string where = "timeline[" + std::to_string(i) + "]";
    if (!problem.empty())
      return {{where, where + " (" + ShownKey(change.path) + " at " + FormatNumber(change.t_s) + " s): " + problem}};
  }
  sim.Run();
  return {};
}

}  // namespace plab
