// The public entry points: JSON in, JSON + columns out, never an exception out.
#include "plab/api.h"

#include <exception>

#include <nlohmann/json.hpp>

#include "metrics/summary_fields.h"
#include "scenario/params.h"
#include "scenario/scenario.h"
#include "scenario/simulation.h"

namespace plab {
namespace {

std::string ErrorDocument(const std::vector<ValidationError>& errors) {
  nlohmann::ordered_json doc;
  doc["ok"] = false;
  doc["errors"] = nlohmann::ordered_json::array();
  for (const auto& e : errors) doc["errors"].push_back({{"path", e.path}, {"message", e.message}});
  return doc.dump();
}

template <typename SeriesT>
void AppendSeries(const SeriesT& s, const char* kind, nlohmann::ordered_json& meta, std::vector<double>& columns) {
  const size_t n = s.times_s().size();
  meta.push_back({{"name", s.name()}, {"unit", s.unit()}, {"kind", kind},
                  {"offset", columns.size()}, {"length", n}});
  columns.insert(columns.end(), s.times_s().begin(), s.times_s().end());
  columns.insert(columns.end(), s.values().begin(), s.values().end());
}

}  // namespace

std::string SchemaJson() {
  nlohmann::ordered_json doc;
  doc["version"] = 1;
  doc["params"] = nlohmann::ordered_json::array();
  for (const ParamDecl& d : AllParams()) {
    nlohmann::ordered_json p;
    p["path"] = d.path;
    p["label"] = d.label;
    p["group"] = d.group;
    p["type"] = ParamTypeName(d.type);
    p["unit"] = d.unit;
    if (d.type == ParamType::kNumber || d.type == ParamType::kInteger || d.type == ParamType::kIntList) {
      p["min"] = d.min;
      p["max"] = d.max;
    }
    if (d.type == ParamType::kEnum) {
      p["options"] = d.options;
      if (!d.option_labels.empty()) p["option_labels"] = d.option_labels;
    }
    if (d.type == ParamType::kIntList) p["max_items"] = d.max_items;
    if (!d.when_path.empty()) p["when"] = {{"path", d.when_path}, {"equals", d.when_values}};
    p["advanced"] = d.advanced;
    p["default"] = d.default_value;
    p["scale"] = d.log_scale ? "log" : "linear";
    p["help"] = d.help;
    p["source"] = d.source;
    doc["params"].push_back(p);
  }
  doc["summary"] = nlohmann::ordered_json::array();
  for (const SummaryField& f : SummaryFields()) {
    doc["summary"].push_back(
        {{"name", f.name}, {"label", f.label}, {"unit", f.unit}, {"help", f.help}, {"numeric", f.numeric}});
  }
  return doc.dump(2);
}

std::string DefaultScenarioJson() { return DefaultScenario().dump(2); }

RunOutput Run(std::string_view scenario_json, const RunOptions& options) {
  RunOutput out;
  try {
    const nlohmann::json input = nlohmann::json::parse(scenario_json, nullptr, /*allow_exceptions=*/false);
    if (input.is_discarded()) {
      out.json = ErrorDocument({{"", "the scenario is not valid JSON"}});
      return out;
    }
    Scenario scenario;
    const auto errors = Scenario::Parse(input, &scenario);
    if (!errors.empty()) {
      out.json = ErrorDocument(errors);
      return out;
    }
    Simulation sim(scenario, options.series);
    sim.Run();

    nlohmann::ordered_json doc;
    doc["ok"] = true;
    doc["summary"] = sim.Summary();
    nlohmann::ordered_json series = nlohmann::ordered_json::array();
    if (options.series) {
      for (const TimeSeries* s : sim.metrics().lines()) AppendSeries(*s, "line", series, out.columns);
      for (const MarkerSeries* s : sim.metrics().markers()) AppendSeries(*s, "marker", series, out.columns);
      for (const MarkerSeries* s : sim.metrics().traces()) AppendSeries(*s, "trace", series, out.columns);
    }
    doc["series"] = std::move(series);
    doc["scenario"] = scenario.ToJson();
    out.json = doc.dump();
    out.ok = true;
  } catch (const std::exception& e) {
    out = RunOutput{};
    out.json = ErrorDocument({{"", std::string("internal engine error: ") + e.what()}});
  }
  return out;
}

}  // namespace plab
