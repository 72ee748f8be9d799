// The sweep's two calls across the boundary (api.h): the plan of a sweep and the
// statistics of a point, as JSON text, so the page's sweep runs and shows the same x
// values, seeds, scenarios and figures as `plab sweep` (issue K: it had its own copy).
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "scenario/api_json.h"
#include "scenario/scenario.h"
#include "sweep/sweep.h"

namespace plab {

std::string SweepPlanJson(std::string_view base_json, std::string_view spec_json) {
  nlohmann::json base, spec_doc;
  if (std::string e = ReadJsonInput(base_json, "the scenario", &base); !e.empty()) return ErrorDocument({{"", e}});
  if (std::string e = ReadJsonInput(spec_json, "the sweep", &spec_doc); !e.empty())
    return ErrorDocument({{"sweep", e}});
  SweepSpec spec;
  if (const auto errors = SweepSpecFromJson(spec_doc, &spec); !errors.empty()) return ErrorDocument(errors);
  Scenario checked;
  if (const auto errors = Scenario::Parse(base, &checked); !errors.empty()) return ErrorDocument(errors);
  // (Natively a scenario x cannot be set in is caught here; in WASM the bridge catches
  // it with the same message.)
  try {
    nlohmann::ordered_json doc;
    doc["ok"] = true;
    doc["plan"] = PlanSweep(base, spec);
    return doc.dump();
  } catch (const std::invalid_argument& e) {
    return ErrorDocument({{"x", e.what()}});
  }
}

std::string SweepAggregateJson(std::string_view values_json) {
  nlohmann::json values;
  if (std::string e = ReadJsonInput(values_json, "the values", &values); !e.empty()) return ErrorDocument({{"", e}});
  if (!values.is_array())
    return ErrorDocument({{"", "the values must be a list of lists of numbers (one list per point)"}});
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
