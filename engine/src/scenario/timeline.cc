#include "scenario/timeline.h"

#include <cmath>

#include "scenario/simulation.h"

namespace plab {

std::vector<ValidationError> ParseTimeline(const nlohmann::json& doc, std::vector<LiveChange>* out) {
  std::vector<ValidationError> errors;
  if (!doc.is_array()) return {{"timeline", "the timeline must be a list of {t_s, path, value}"}};
  double last = 0;
  for (size_t i = 0; i < doc.size(); ++i) {
    const std::string where = "timeline[" + std::to_string(i) + "]";
    const nlohmann::json& e = doc[i];
    if (!e.is_object() || !e.contains("t_s") || !e.contains("path") || !e.contains("value")) {
      errors.push_back({where, where + " must have t_s, path and value"});
      continue;
    }
    if (!e["t_s"].is_number() || !std::isfinite(e["t_s"].get<double>()) || e["t_s"].get<double>() < last) {
      errors.push_back({where + ".t_s", where + ".t_s must be a time in seconds, not before the previous change"});
      continue;
    }
    if (!e["path"].is_string()) {
      errors.push_back({where + ".path", where + ".path must be a parameter path"});
      continue;
    }
    last = e["t_s"].get<double>();
    out->push_back({last, e["path"].get<std::string>(), e["value"]});
  }
  return errors;
}

std::vector<ValidationError> RunWithTimeline(Simulation& sim, const std::vector<LiveChange>& timeline) {
  for (size_t i = 0; i < timeline.size(); ++i) {
    const LiveChange& change = timeline[i];
    if (sim.AdvanceTo(Time::FromSecondsDouble(change.t_s))) break;
    const std::string problem = sim.Set(change.path, change.value);
    if (!problem.empty()) return {{"timeline[" + std::to_string(i) + "]", problem}};
  }
  sim.Run();
  return {};
}

}  // namespace plab
