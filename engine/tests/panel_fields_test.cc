// The panels the page draws are declared beside the series (metrics/panel_fields.cc):
// every declared series is drawn on some panel (or listed as drawn nowhere), every
// panel's series is declared, and every protocol's series reach a panel of its family.
#include <algorithm>
#include <set>
#include <utility>

#include <gtest/gtest.h>

#include "metrics/panel_fields.h"
#include "plab/api.h"
#include "record/series_fields.h"
#include "transport/declared_fields.h"
#include "transport/registry.h"

namespace plab {
namespace {

using NameScope = std::pair<std::string, std::string>;

// The schema's series: the shared ones and each protocol's own (DCTCP's alpha).
std::set<NameScope> SchemaSeries() {
  std::set<NameScope> out;
  for (const SeriesField& f : DeclaredSeries()) out.insert({f.name, f.scope});
  return out;
}

std::set<NameScope> PanelSeries() {
  std::set<NameScope> out;
  for (const PanelDecl& p : PanelDecls())
    for (const PanelLine& l : p.lines) out.insert({l.series, l.scope});
  return out;
}

TEST(PanelFields, EveryDeclaredSeriesBelongsToAPanelOrIsListedAsUncharted) {
  const auto drawn = PanelSeries();
  const auto& uncharted = UnchartedSeries();
  for (const auto& [name, scope] : SchemaSeries()) {
    const bool listed = scope == "flow" && std::count(uncharted.begin(), uncharted.end(), name) == 1;
    EXPECT_NE(drawn.count({name, scope}) == 1, listed) << name << " (" << scope << ") is drawn on no panel and not "
                                                       << "listed as uncharted, or both";
  }
}

TEST(PanelFields, EveryPanelSeriesIsDeclared) {
  const auto declared = SchemaSeries();
  for (const PanelDecl& p : PanelDecls())
    for (const PanelLine& l : p.lines)
      EXPECT_EQ(declared.count({l.series, l.scope}), 1u)
          << "panel " << p.id << " draws " << l.series << " (" << l.scope << "), which no series declares";
}

TEST(PanelFields, DeclarationsUseOnlyTheValuesThePageKnows) {
  const std::set<std::string> layouts = {"single", "multi", "compare"}, kinds = {"time", "time_sequence"},
                              styles = {"line", "step", "area", "points", "trace"},
                              markers = {"triangle", "diamond", "cross"}, draws = {"always", "declared", "samples"},
                              transforms = {"", "goodput", "share", "percent"}, each = {"", "flow", "group"},
                              focus = {"", "selected", "traced"}, references = {"queue_limit", "base_rtt"};
  std::set<std::string> families = {""};
  for (const ProtocolEntry& e : Protocols()) families.insert(FamilyName(e.family));
  std::set<std::pair<std::string, std::string>> ids;
  for (const PanelDecl& p : PanelDecls()) {
    EXPECT_FALSE(p.layouts.empty()) << p.id;
    for (const std::string& layout : p.layouts) {
      EXPECT_EQ(layouts.count(layout), 1u) << p.id << ": " << layout;
      // One chart of each id per layout and family: the page finds charts by it.
      EXPECT_TRUE(ids.insert({layout + "/" + p.family, p.id}).second) << p.id << " twice in " << layout;
    }
    EXPECT_EQ(families.count(p.family), 1u) << p.id << ": family " << p.family << " is no protocol's";
    EXPECT_EQ(kinds.count(p.kind), 1u) << p.id;
    EXPECT_EQ(focus.count(p.focus), 1u) << p.id;
    EXPECT_FALSE(p.title.empty()) << p.id;
    // A page button's name: a few words, no "{flow}" to fill in.
    EXPECT_FALSE(p.short_title.empty()) << p.id;
    EXPECT_LE(p.short_title.size(), 20u) << p.id << ": " << p.short_title;
    EXPECT_EQ(p.short_title.find('{'), std::string::npos) << p.id << ": " << p.short_title;
    EXPECT_EQ(p.title_without_samples_of.empty(), p.title_without.empty()) << p.id;
    EXPECT_FALSE(p.lines.empty()) << p.id;
    for (const std::string& r : p.references) EXPECT_EQ(references.count(r), 1u) << p.id << ": " << r;
    for (const PanelLine& l : p.lines) {
      EXPECT_EQ(styles.count(l.style), 1u) << p.id << "/" << l.series;
      EXPECT_EQ(l.style == "points", markers.count(l.marker) == 1) << p.id << "/" << l.series;
      EXPECT_EQ(l.style == "trace", p.kind == "time_sequence") << p.id << "/" << l.series;
      EXPECT_EQ(draws.count(l.draw), 1u) << p.id << "/" << l.series;
      EXPECT_EQ(transforms.count(l.transform), 1u) << p.id << "/" << l.series;
      EXPECT_EQ(each.count(l.each), 1u) << p.id << "/" << l.series;
      // A group's series is drawn once per group; only a flow's is drawn per flow.
      if (l.scope == "group") {
        EXPECT_EQ(l.each, "group") << p.id;
      }
      if (l.each == "flow") {
        EXPECT_EQ(l.scope, "flow") << p.id;
      }
    }
  }
}

TEST(PanelFields, EveryProtocolsDrawnSeriesReachASingleFlowPanelOfItsFamily) {
  const auto& uncharted = UnchartedSeries();
  for (const ProtocolEntry& e : Protocols()) {
    std::set<std::string> shown;
    for (const PanelDecl& p : PanelDecls()) {
      const bool single = std::count(p.layouts.begin(), p.layouts.end(), "single") == 1;
      if (!single || (!p.family.empty() && p.family != FamilyName(e.family))) continue;
      for (const PanelLine& l : p.lines) shown.insert(l.series);
    }
    for (const std::string& s : e.series) {
      if (std::count(uncharted.begin(), uncharted.end(), s) == 1) continue;
      EXPECT_EQ(shown.count(s), 1u) << e.name << " reports " << s << ", which no single-flow panel of family "
                                    << FamilyName(e.family) << " draws";
    }
  }
}

TEST(PanelFields, TheSchemaExportsThePanelsInOrder) {
  const auto schema = nlohmann::json::parse(SchemaJson());
  ASSERT_EQ(schema["panels"].size(), PanelDecls().size());
  for (size_t i = 0; i < PanelDecls().size(); ++i) {
    const PanelDecl& p = PanelDecls()[i];
    const auto& j = schema["panels"][i];
    EXPECT_EQ(j["id"], p.id);
    EXPECT_EQ(j["layouts"], p.layouts);
    EXPECT_EQ(j["family"], p.family);
    EXPECT_EQ(j["title"], p.title);
    EXPECT_EQ(j["short_title"], p.short_title);
    EXPECT_EQ(j["y_label"], p.y_label);
    ASSERT_EQ(j["lines"].size(), p.lines.size());
    for (size_t k = 0; k < p.lines.size(); ++k) {
      EXPECT_EQ(j["lines"][k]["series"], p.lines[k].series);
      EXPECT_EQ(j["lines"][k]["style"], p.lines[k].style);
      EXPECT_EQ(j["lines"][k]["draw"], p.lines[k].draw);
    }
  }
}

}  // namespace
}  // namespace plab
