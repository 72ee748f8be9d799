// The grid's plan across the boundary (api.h): the same plan `plab sweep --grid` runs,
// as JSON text, for the page and Python (issue L).
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "scenario/api_json.h"
#include "scenario/scenario.h"
#include "sweep/grid.h"

namespace plab {

// Reads {axes: [{x, from, to, points, scale, xs}], seeds, protocols}: each axis as a
// sweep spec (SweepSpecFromJson), its errors under "axes[k]."; then ValidateGrid.
std::vector<ValidationError> GridSpecFromJson(const nlohmann::json& j, GridSpec* spec) {
  if (!j.is_object()) return {{"", "a grid spec must be a JSON object"}};
  if (!j.contains("axes") || !j["axes"].is_array() || j["axes"].empty()) {
    return {{"axes", "grid axes must be a list of {x, from, to, points, scale} or {x, xs}"}};
  }
  std::vector<ValidationError> errors;
  nlohmann::json rest = {{"x", "flows"}, {"from", 1}, {"to", 1}};  // seeds and protocols, read as a sweep's
  for (const char* key : {"seeds", "protocols"}) {
    if (j.contains(key)) rest[key] = j[key];
  }
  SweepSpec common;
  for (const auto& e : SweepSpecFromJson(rest, &common)) errors.push_back(e);
  spec->seeds = common.seeds;
  spec->protocols = common.protocols;
  for (size_t k = 0; k < j["axes"].size(); ++k) {
    SweepSpec axis;
    const auto invalid = SweepSpecFromJson(j["axes"][k], &axis);
    for (const auto& e : invalid) {
      errors.push_back(
          {"axes[" + std::to_string(k) + "]." + e.path, "grid axis " + std::to_string(k) + ": " + e.message});
    }
    spec->axes.push_back(axis);
  }
  if (errors.empty()) errors = ValidateGrid(*spec);
  return errors;
}

struct GridPlanner::State {
  bool ok = false;
  std::string json;
  nlohmann::json base;
  GridSpec spec;
  GridPlan plan;
  nlohmann::ordered_json doc;  // the plan without scenarios (GridPlanJson adds them)
};

GridPlanner::GridPlanner(std::string_view base_json, std::string_view spec_json) : state_(std::make_unique<State>()) {
  State& st = *state_;
  nlohmann::json spec_doc;
  if (std::string e = ReadJsonInput(base_json, "the scenario", &st.base); !e.empty()) {
    st.json = ErrorDocument({{"", e}});
    return;
  }
  if (std::string e = ReadJsonInput(spec_json, "the grid", &spec_doc); !e.empty()) {
    st.json = ErrorDocument({{"grid", e}});
    return;
  }
  if (const auto errors = GridSpecFromJson(spec_doc, &st.spec); !errors.empty()) {
    st.json = ErrorDocument(errors);
    return;
  }
  Scenario checked;
  if (const auto errors = Scenario::Parse(st.base, &checked); !errors.empty()) {
    st.json = ErrorDocument(errors);
    return;
  }
  try {
    st.plan = PlanGrid(st.base, st.spec);
    // The runs' records only: each scenario is made on demand (ScenarioText).
    st.doc["ok"] = true;
    st.doc["plan"] = st.plan.Describe();
    st.doc["runs"] = nlohmann::ordered_json::array();
    for (int64_t r = 0; r < st.plan.runs(); ++r) {
      nlohmann::ordered_json run = GridRunRecord(st.plan, r, nullptr);
      run.erase("summary");
      st.doc["runs"].push_back(std::move(run));
    }
  } catch (const std::invalid_argument& e) {
    st.json = ErrorDocument({{"grid", e.what()}});
    st.doc = nullptr;
    return;
  }
  st.ok = true;
  st.json = st.doc.dump();
}

GridPlanner::~GridPlanner() = default;
bool GridPlanner::ok() const { return state_->ok; }
const std::string& GridPlanner::json() const { return state_->json; }
int64_t GridPlanner::runs() const { return state_->ok ? state_->plan.runs() : 0; }

std::string GridPlanner::ScenarioText(int64_t r) const {
  // nlohmann::json keeps an object's keys sorted: dump() is canonical.
  return GridRunScenario(state_->base, state_->spec, state_->plan, r).dump();
}

std::string GridPlanJson(std::string_view base_json, std::string_view spec_json, bool scenarios_as_text) {
  nlohmann::json base, spec_doc;
  if (std::string e = ReadJsonInput(base_json, "the scenario", &base); !e.empty()) return ErrorDocument({{"", e}});
  if (std::string e = ReadJsonInput(spec_json, "the grid", &spec_doc); !e.empty()) return ErrorDocument({{"grid", e}});
  GridSpec spec;
  if (const auto errors = GridSpecFromJson(spec_doc, &spec); !errors.empty()) return ErrorDocument(errors);
  Scenario checked;
  if (const auto errors = Scenario::Parse(base, &checked); !errors.empty()) return ErrorDocument(errors);
  try {
    const GridPlan plan = PlanGrid(base, spec);
    nlohmann::ordered_json doc;
    doc["ok"] = true;
    doc["plan"] = plan.Describe();
    doc["runs"] = nlohmann::ordered_json::array();
    for (int64_t r = 0; r < plan.runs(); ++r) {
      nlohmann::ordered_json run = GridRunRecord(plan, r, nullptr);
      run.erase("summary");
      // nlohmann::json keeps an object's keys sorted: dump() is canonical.
      const nlohmann::json scenario = GridRunScenario(base, spec, plan, r);
      if (scenarios_as_text) {
        run["scenario"] = scenario.dump();
      } else {
        run["scenario"] = scenario;
      }
      doc["runs"].push_back(std::move(run));
    }
    return doc.dump();
  } catch (const std::invalid_argument& e) {
    return ErrorDocument({{"grid", e.what()}});
  }
}

}  // namespace plab
