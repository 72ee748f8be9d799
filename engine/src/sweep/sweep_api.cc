// The sweep's two calls across the boundary (api.h): the plan of a sweep and the
// statistics of a point, as JSON text, so the page's sweep runs and shows the same x
// values, seeds, scenarios and figures as `plab sweep` (issue K: it had its own copy).
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "scenario/json_depth.h"
#include "scenario/json_text.h"
#include "scenario/scenario.h"
#include "sweep/sweep.h"

namespace plab {
namespace {

std::string Errors(const std::vector<ValidationError>& errors) {
  nlohmann::ordered_json doc;
  doc["ok"] = false;
  doc["errors"] = nlohmann::ordered_json::array();
  for (const auto& e : errors) doc["errors"].push_back({{"path", e.path}, {"message", e.message}});
  return doc.dump();
}

// Parses one input; "" if it is JSON within the depth limit, else why not.
std::string ReadJson(std::string_view text, std::string_view what, nlohmann::json* out) {
  if (std::string too_deep = CheckJsonDepth(text, what); !too_deep.empty()) return too_deep;
  return ParseJsonText(text, what, out);
}

}  // namespace

std::string SweepPlanJson(std::string_view base_json, std::string_view spec_json) {
  nlohmann::json base, spec_doc;
  if (std::string e = ReadJson(base_json, "the scenario", &base); !e.empty()) return Errors({{"", e}});
  if (std::string e = ReadJson(spec_json, "the sweep", &spec_doc); !e.empty()) return Errors({{"sweep", e}});
  SweepSpec spec;
  if (const auto errors = SweepSpecFromJson(spec_doc, &spec); !errors.empty()) return Errors(errors);
  Scenario checked;
  if (const auto errors = Scenario::Parse(base, &checked); !errors.empty()) return Errors(errors);
  // (Natively a scenario x cannot be set in is caught here; in WASM the bridge catches
  // it with the same message.)
  try {
    nlohmann::ordered_json doc;
    doc["ok"] = true;
    doc["plan"] = PlanSweep(base, spec);
    return doc.dump();
  } catch (const std::invalid_argument& e) {
    return Errors({{"x", e.what()}});
  }
}

std::string SweepAggregateJson(std::string_view values_json) {
  nlohmann::json values;
  if (std::string e = ReadJson(values_json, "the values", &values); !e.empty()) return Errors({{"", e}});
  if (!values.is_array()) return Errors({{"", "the values must be a list of lists of numbers (one list per point)"}});
  nlohmann::ordered_json doc;
  doc["ok"] = true;
  doc["stats"] = nlohmann::ordered_json::array();
  for (const auto& point : values) {
    // Non-numbers (a run with no value for the figure: null) are skipped, as NaN is.
    std::vector<double> v;
    if (point.is_array()) {
      for (const auto& y : point) {
        if (y.is_number()) v.push_back(y.get<double>());
      }
    }
    doc["stats"].push_back(StatsJson(v));
  }
  return doc.dump();
}

}  // namespace plab
