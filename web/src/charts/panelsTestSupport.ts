// What panels.test.ts builds its runs from: the engine's declarations (testdata), a
// result's series from rows, and the outline of a panel list a test compares.
import fixture from './testdata/schema-panels.json';
import type { PanelDecl, ProtocolDecl, SeriesDecl, SeriesDesc } from '../engine/types';
import type { ParamModel } from '../model/params/params';
import { PALETTES } from './palette';
import { extractSeries } from './series';
import type { LiveInput, Panel } from './panels';
import type { ChartSeries } from './TimeChart';

export const model = {
  panelDecls: fixture.panels as PanelDecl[],
  seriesDecls: fixture.series as SeriesDecl[],
  protocols: fixture.protocols as ProtocolDecl[],
} as unknown as ParamModel;
export const colors = PALETTES.standard;

/** A result's series: [key, name, scope, index, values at t = 0.1, 0.2, ...]. */
export function extracted(rows: [string, string, string, number, number[]][]) {
  const descs: SeriesDesc[] = [];
  const cols: number[] = [];
  for (const [key, name, scope, index, v] of rows) {
    descs.push({ key, name, scope, index, offset: cols.length, length: v.length });
    cols.push(...v.map((_, i) => (i + 1) / 10), ...v);
  }
  return extractSeries(descs, Float64Array.from(cols));
}

export function run(
  flows: { protocol: string; base_rtt_ms?: number; summary?: Record<string, unknown> }[],
  rows: Parameters<typeof extracted>[0],
  groups = 0,
): LiveInput {
  return {
    ex: extracted(rows),
    durationS: 1,
    summary: { mean_srtt_ms: 42, jain_index: 0.98765 },
    flows: flows.map((f, index) => ({
      index,
      protocol: f.protocol,
      base_rtt_ms: f.base_rtt_ms ?? 40,
      summary: f.summary ?? {},
    })),
    groups: Array.from({ length: groups }, (_, index) => ({ index, summary: { kind: 'udp', count: 3 } })),
    links: { bottleneck: { queue_limit_packets: 100 } },
  };
}

/** What a test compares: each chart's id, title, axis, height and its lines. */
export function outline(panels: Panel[]) {
  return panels.map((p) => ({
    id: p.testId,
    title: p.title,
    y: p.yLabel,
    main: p.main,
    legend: p.legend,
    empty: p.emptyText,
    pct: !!p.yDomain,
    lines: p.series.map((s) => line(s)),
  }));
}
export function line(s: ChartSeries): string {
  return [s.key, s.label, s.shape, s.color, s.dash ?? '', s.yExtentCap ?? ''].join('|');
}

// A window-based flow (Reno) whose run also carries an allowed_rate series: it keeps
// the window layout (the old page switched on the series being there).
