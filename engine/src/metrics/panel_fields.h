// The charts the page draws from a run, declared beside the series they show: which
// series share a chart, its title and axis, how each series is drawn, and in which of
// the page's layouts (one flow, many flows, compared protocols). The page builds its
// panel list from these (web/src/charts/panels.ts) instead of a catalogue of its own.
#pragma once

#include <string>
#include <vector>

namespace plab {

// One declared series as drawn on a panel.
struct PanelLine {
  std::string series;  // a declared series' name (record/series_fields.cc)
  std::string scope;   // that declaration's scope: "flow", "link", "group" or "run"
  // "" one line (the flow's, the link's, the run's); "flow" one per shown flow; "group"
  // one per background group. In the compare layout, one per compared protocol.
  std::string each;
  std::string label;   // legend text; a per-flow line's follows "flow N"
  std::string style;   // "line", "step", "area" (stacked), "points" (events), "trace"
  std::string marker;  // for points: "triangle", "diamond" or "cross"
  // A role of the page's palette ("cwnd"), or "#rrggbb"; "" = the flow's or protocol's.
  std::string color;
  std::string dash;  // SVG dash pattern; "" = solid
  // When it is drawn: "always"; "declared" when the flow's protocol reports it
  // (registry's series); "samples" when the run has any (a recovery a pairing brings).
  std::string draw = "always";
  // "" as recorded; "goodput" Mb/s per bin from cumulative bytes; "share" each line's
  // stacked percent of the panel's total; "percent" times 100.
  std::string transform;
  double y_extent_cap = 0;  // > 0: the y axis reaches at most this many times the rest
};

struct PanelDecl {
  std::string id;                    // the page's chart name (chart-<id>, cmp-chart-<id>)
  std::vector<std::string> layouts;  // "single", "multi", "compare"
  // The senders it is for, by the registry's family ("tcp", "rate"); "" any. In the
  // multi layout, its per-flow lines are those flows'; the panel appears when one is shown.
  std::string family;
  std::string kind = "time";  // "time" (series against time), "time_sequence"
  // "{flow}" is the focused flow's number, "{summary.X}" the run's figure X.
  std::string title;
  // A name of a few words for the chart (no placeholders): presentation mode's page
  // buttons name the charts on each page by it, where a whole title does not fit.
  std::string short_title;
  // The title when series `title_without_samples_of` has no samples (RRTP has no equation).
  std::string title_without_samples_of;
  std::string title_without;
  // When set, the panel appears only when this series has samples (a link's capacity
  // from a delivery trace).
  std::string only_with_samples_of;
  std::string y_label;
  std::string unit;
  bool percent = false;    // the y axis is 0..100
  bool main = false;       // drawn at the taller of the page's two heights
  bool legend = true;      // per-flow panels leave the legend to the flow list
  std::string focus;       // multi layout: whose single lines it reads ("selected", "traced")
  std::string empty_text;  // what an empty chart says
  // Lines read from the result, not a series ("queue_limit", "base_rtt").
  std::vector<std::string> references;
  bool markers = false;  // the compare view's event markers (every "marker" series in `unit`)
  std::vector<PanelLine> lines;
};

const std::vector<PanelDecl>& PanelDecls();

// Declared series (flow scope) that no panel draws, on purpose.
const std::vector<std::string>& UnchartedSeries();

}  // namespace plab
