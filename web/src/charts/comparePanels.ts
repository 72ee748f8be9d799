// The compare view's charts from the engine's panel declarations (layout "compare"):
// one line per compared protocol, in its colour, built with the live charts' line
// builders (panels.ts).
import type { ParamModel } from '../model/params/params';
import { explain } from './explain';
import type { RoleColors } from './palette';
import { oneLine, panelDecls, PCT, styled, transformed, type Panel } from './panels';
import { get, type Extracted } from './series';
import type { ChartSeries } from './TimeChart';

/** One compared protocol's run. */
export interface CompareInput {
  protocol: string;
  label: string;
  color: string;
  series: Extracted;
  durationS: number;
}

/** The compare view's charts: one line per protocol; `markers` (the event markers of
 * compareSeries.ts) go on the panels that declare them. A line declared with a label
 * of its own is the path's (a delivery trace's capacity, the same in every compared
 * run): drawn once, as the live charts draw it, from the run that recorded the most of
 * it, and listed in `pathLines` for the view's shared legend. */
export function buildComparePanels(
  model: ParamModel | undefined,
  entries: readonly CompareInput[],
  markers: readonly ChartSeries[],
  colors: RoleColors,
): Panel[] {
  return panelDecls(model, 'compare').map((d) => {
    const series: ChartSeries[] = [];
    const pathLines: ChartSeries[] = [];
    for (const l of d.lines) {
      if (l.label) {
        const longest = entries.reduce<CompareInput | undefined>(
          (a, e) => (!a || get(e.series, l.series).t.length > get(a.series, l.series).t.length ? e : a),
          undefined,
        );
        const s =
          longest && oneLine(d, l, longest.series, longest.durationS, colors, explain(model, l.series, l.scope));
        if (s) pathLines.push(s);
        continue;
      }
      for (const e of entries) {
        const s = transformed(l, get(e.series, l.series), e.durationS);
        series.push({ key: e.protocol, label: e.label, color: e.color, ...styled(l, s, d.unit), t: s.t, v: s.v });
      }
    }
    // Under the protocols' lines and markers.
    series.unshift(...pathLines);
    if (d.markers) series.push(...markers);
    return {
      id: d.id,
      testId: `cmp-chart-${d.id}`,
      kind: 'time',
      title: d.title,
      shortTitle: d.short_title || d.title,
      yLabel: d.y_label,
      yDomain: d.percent ? PCT : undefined,
      main: d.main,
      legend: d.legend,
      emptyText: d.empty_text || undefined,
      series,
      pathLines,
    };
  });
}
