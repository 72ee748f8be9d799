// The public entry points: JSON in, JSON + columns out, never an exception out.
#include "plab/api.h"

#include <nlohmann/json.hpp>

#include "metrics/panel_fields.h"
#include "scenario/cross_field.h"
#include "scenario/params.h"
#include "scenario/scenario.h"
#include "scenario/topology_schema.h"
#include "transport/declared_fields.h"
#include "transport/registry.h"
#include "transport/tcp/cc/custom/program.h"

namespace plab {

std::string SchemaJson() {
  nlohmann::ordered_json doc;
  doc["version"] = 2;
  doc["lists"] = nlohmann::ordered_json::array();
  for (const ListDecl& l : AllLists()) {
    doc["lists"].push_back({{"name", l.name},
                            {"label", l.label},
                            {"min_items", l.min_items},
                            {"max_items", l.max_items},
                            {"default_items", l.default_items},
                            {"help", l.help}});
  }
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
    if (d.type == ParamType::kText) p["max_length"] = d.max_items;
    if (!d.when_path.empty()) p["when"] = {{"path", d.when_path}, {"equals", d.when_values}};
    p["advanced"] = d.advanced;
    p["live"] = d.live;
    p["default"] = d.default_value;
    p["scale"] = d.log_scale ? "log" : "linear";
    p["help"] = d.help;
    p["source"] = d.source;
    doc["params"].push_back(p);
  }
  doc["summary"] = nlohmann::ordered_json::array();
  for (const SummaryField& f : DeclaredSummary()) {
    doc["summary"].push_back({{"name", f.name},
                              {"label", f.label},
                              {"unit", f.unit},
                              {"help", f.help},
                              {"numeric", f.numeric},
                              {"scope", f.scope}});
  }
  doc["series"] = nlohmann::ordered_json::array();
  for (const SeriesField& f : DeclaredSeries()) {
    doc["series"].push_back({{"name", f.name},
                             {"label", f.label},
                             {"unit", f.unit},
                             {"kind", f.kind},
                             {"scope", f.scope},
                             {"help", f.help},
                             {"source", f.source}});
  }
  doc["panels"] = nlohmann::ordered_json::array();
  for (const PanelDecl& p : PanelDecls()) {
    nlohmann::ordered_json lines = nlohmann::ordered_json::array();
    for (const PanelLine& l : p.lines) {
      lines.push_back({{"series", l.series},
                       {"scope", l.scope},
                       {"each", l.each},
                       {"label", l.label},
                       {"style", l.style},
                       {"marker", l.marker},
                       {"color", l.color},
                       {"dash", l.dash},
                       {"draw", l.draw},
                       {"transform", l.transform},
                       {"y_extent_cap", l.y_extent_cap}});
    }
    doc["panels"].push_back({{"id", p.id},
                             {"layouts", p.layouts},
                             {"family", p.family},
                             {"kind", p.kind},
                             {"title", p.title},
                             {"short_title", p.short_title},
                             {"title_without_samples_of", p.title_without_samples_of},
                             {"title_without", p.title_without},
                             {"y_label", p.y_label},
                             {"unit", p.unit},
                             {"percent", p.percent},
                             {"main", p.main},
                             {"legend", p.legend},
                             {"focus", p.focus},
                             {"empty_text", p.empty_text},
                             {"references", p.references},
                             {"markers", p.markers},
                             {"lines", lines}});
  }
  doc["protocols"] = nlohmann::ordered_json::array();
  for (const ProtocolEntry& e : Protocols()) {
    doc["protocols"].push_back({{"name", e.name},
                                {"label", e.label},
                                {"family", FamilyName(e.family)},
                                {"help", e.help},
                                {"source", e.source},
                                {"series", e.series},
                                {"compare_by_default", e.compare_by_default}});
  }
  doc["topologies"] = TopologiesJson();
  doc["constraints"] = CrossFieldRulesJson();
  doc["languages"] = {{"custom", nlohmann::ordered_json::parse(cclang::LanguageJson())}};
  return doc.dump(2);
}

std::string DefaultScenarioJson() { return DefaultScenario().dump(2); }

RunOutput Run(std::string_view scenario_json, const RunOptions& options) {
  // One session run straight to its end (run_session.cc): the stepped and the one-shot
  // runs are the same code.
  return RunSession(scenario_json, options).Finish();
}

std::string CheckProgramJson(std::string_view program_text) {
  try {
    return cclang::CheckJson(program_text);
  } catch (const std::exception& e) {
    return nlohmann::json(
               {{"ok", false}, {"errors", {{{"line", 1}, {"col", 1}, {"end_col", 2}, {"message", e.what()}}}}})
        .dump();
  }
}

}  // namespace plab
