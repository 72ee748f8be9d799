// Where the page turns the engine's panel declarations (schema `panels`,
// engine/src/metrics/panel_fields.cc) and a result into the charts it draws: which
// series share a chart, its title and axis, how each is drawn, for one flow or many
// flows; compared protocols' in comparePanels.ts, with the same line builders. A
// sender is window- or rate-based by its protocol's registry family, never by which
// series a run happens to carry.
import type { PanelDecl, PanelLineDecl } from '../engine/types';
import type { ParamModel } from '../model/params/params';
import { declaredSeries } from '../model/run/protocolSeries';
import { flowColor, goodputSeries } from './compareSeries';
import { explain } from './explain';
import { focusFlow, stackedShares } from './flowSeries';
import { sampleGapS } from './gaps';
import type { RoleColors } from './palette';
import { flowSeries, get, groupSeries, type Extracted } from './series';
import type { ChartSeries, Shape } from './TimeChart';

export type Layout = 'single' | 'multi' | 'compare';

export const PCT: [number, number] = [0, 100];
const LIMIT_COLOR = '#d62828';
const BASE_COLOR = '#444444';
// Background groups: greys and muted tones after the flows' palette.
const GROUP_COLORS = ['#7f7f7f', '#b0a18f', '#5f6f7f', '#a0a0a0', '#8f7f9f', '#6f8f6f', '#9f8f6f', '#4f4f4f'];

export function groupColor(g: number): string {
  return GROUP_COLORS[g % GROUP_COLORS.length];
}

export function groupName(g: { index: number; summary: Record<string, unknown> }): string {
  const kind = typeof g.summary.kind === 'string' ? g.summary.kind.toUpperCase() : 'background';
  const n = typeof g.summary.count === 'number' ? ` × ${g.summary.count}` : '';
  return `group ${g.index + 1} (${kind}${n})`;
}

/** The series names of a time–sequence panel's traces, by what the diagram draws. */
export interface SeqTraces {
  sent: string;
  retransmitted: string;
  acked: string;
  sackStart: string;
  sackEnd: string;
}

/** One chart, ready to draw. */
export interface Panel {
  /** The declaration's id; the chart's test id is `chart-<id>` (`cmp-chart-<id>` compared). */
  id: string;
  testId: string;
  kind: 'time' | 'time_sequence';
  title: string;
  /** A few words naming it (presentation mode's page buttons). */
  shortTitle: string;
  yLabel: string;
  yDomain?: [number, number];
  /** Drawn at the page's taller height. */
  main: boolean;
  legend: boolean;
  emptyText?: string;
  series: ChartSeries[];
  /** time_sequence: the flow's series and its mean smoothed RTT (ms). */
  ex?: Extracted;
  srttMs?: number;
  traces?: SeqTraces;
  /** Compared: the lines drawn once for every run (among `series`), which the view's
   * shared legend names. */
  pathLines?: ChartSeries[];
}

/** A horizontal reference line at `value` over [0, xMax], as a two-point series. */
export function referenceLine(key: string, label: string, value: number, xMax: number, color: string): ChartSeries {
  return {
    key,
    label,
    shape: 'line',
    color,
    dash: '8 5',
    t: new Float64Array([0, xMax]),
    v: new Float64Array([value, value]),
  };
}

interface FlowInfo {
  index: number;
  protocol: string;
  base_rtt_ms?: number;
  summary: Record<string, unknown>;
}
interface GroupInfo {
  index: number;
  summary: Record<string, unknown>;
}

/** What the live charts are built from (the store's displayed result). */
export interface LiveInput {
  ex: Extracted;
  durationS: number;
  summary: Record<string, unknown>;
  flows: readonly FlowInfo[];
  groups: readonly GroupInfo[];
  links?: { bottleneck?: { queue_limit_packets: number } };
}

export interface LiveOptions {
  layout: 'single' | 'multi';
  /** Flows drawn (many flows: those not hidden). */
  shownFlows: readonly number[];
  selectedFlow: number;
  traceFlow: number;
  colors: RoleColors;
}

/** The declarations of one layout, in schema order. */
export function panelDecls(model: ParamModel | undefined, layout: Layout): PanelDecl[] {
  return (model?.panelDecls ?? []).filter((p) => p.layouts.includes(layout));
}

/** A protocol's registry family ("tcp", "rate"), or "" when the schema does not say. */
export function protocolFamily(model: ParamModel | undefined, protocol: string | undefined): string {
  return model?.protocols.find((p) => p.name === protocol)?.family ?? '';
}

function shapeOf(l: PanelLineDecl): Shape {
  if (l.style === 'points') return (l.marker || 'dots') as Shape;
  return l.style as Shape;
}

function roleColor(color: string, colors: RoleColors): string {
  if (color.startsWith('#')) return color;
  return (colors as unknown as Record<string, string>)[color] ?? '#000000';
}

export function transformed(
  l: PanelLineDecl,
  s: { t: Float64Array; v: Float64Array },
  durationS: number,
): { t: Float64Array; v: Float64Array } {
  if (l.transform === 'percent') {
    const v = new Float64Array(s.v.length);
    for (let i = 0; i < v.length; i++) v[i] = s.v[i] * 100;
    return { t: s.t, v };
  }
  if (l.transform === 'goodput') return goodputSeries(s.t, s.v, durationS, 60);
  return { t: s.t, v: s.v };
}

/** A panel in milliseconds plots round-trip times as measured, one sample per ACK: its
 * lines break across a gap with no samples (gaps.ts) instead of joining it with a
 * straight line. */
const RTT_UNIT = 'ms';

export function styled(
  l: PanelLineDecl,
  s?: { t: Float64Array; v: Float64Array },
  unit?: string,
): Partial<ChartSeries> & Pick<ChartSeries, 'shape'> {
  const out: Partial<ChartSeries> & Pick<ChartSeries, 'shape'> = { shape: shapeOf(l) };
  if (s && unit === RTT_UNIT && out.shape === 'line') out.breakGapS = sampleGapS(s.t, s.v, 1e-3);
  if (l.dash) out.dash = l.dash;
  if (l.y_extent_cap > 0) out.yExtentCap = l.y_extent_cap;
  return out;
}

function fillTitle(title: string, flow: number, summary: Record<string, unknown>): string {
  return title.replace(/\{flow\}/g, String(flow + 1)).replace(/\{summary\.([a-z_0-9]+)\}/g, (_m, name: string) => {
    const v = summary[name];
    return typeof v === 'number' && Number.isFinite(v) ? v.toFixed(3) : '—';
  });
}

function seqTraces(lines: readonly PanelLineDecl[]): SeqTraces {
  const by = (role: string, nth = 0) => lines.filter((l) => l.color === role)[nth]?.series ?? '';
  return {
    sent: by('sent'),
    retransmitted: by('retransmitted'),
    acked: by('acked'),
    sackStart: by('sackBlock', 0),
    sackEnd: by('sackBlock', 1),
  };
}

/** A line drawn once from one result's series (not per flow, group or protocol), in
 * its declared colour and label; null when its `draw` rule leaves it out (no samples,
 * or a series the protocol does not declare). */
export function oneLine(
  d: PanelDecl,
  l: PanelLineDecl,
  ex: Extracted,
  durationS: number,
  colors: RoleColors,
  help: ReturnType<typeof explain>,
  declared?: ReadonlySet<string> | null,
): ChartSeries | null {
  const raw = get(ex, l.series);
  if (l.draw === 'samples' && raw.t.length === 0) return null;
  if (l.draw === 'declared' && declared && !declared.has(l.series)) return null;
  const s = transformed(l, raw, durationS);
  return { key: l.series, label: l.label, color: roleColor(l.color, colors), ...styled(l, s, d.unit), ...help, ...s };
}

/** The live charts of a run: one flow's (`single`) or many flows' (`multi`). */
export function buildLivePanels(model: ParamModel | undefined, run: LiveInput, o: LiveOptions): Panel[] {
  const flowsByIndex = new Map(run.flows.map((f) => [f.index, f]));
  const familyOf = (i: number) => protocolFamily(model, flowsByIndex.get(i)?.protocol ?? run.flows[0]?.protocol);
  const traced = run.flows.find((f) => f.index === o.traceFlow) ?? run.flows[0];
  const single = o.layout === 'single';
  const flows = single ? [0] : o.shownFlows;
  const xEnd = Number.isFinite(run.durationS) && run.durationS > 0 ? run.durationS : 1;
  const out: Panel[] = [];
  for (const d of panelDecls(model, o.layout)) {
    // Its flows: those of its family (all when it names none); one flow's layout is
    // the traced flow's family's.
    const ofFamily = (i: number) => !d.family || familyOf(i) === d.family;
    if (single ? d.family && protocolFamily(model, traced?.protocol) !== d.family : d.family && !flows.some(ofFamily))
      continue;
    if (d.only_with_samples_of && get(run.ex, d.only_with_samples_of).t.length === 0) continue;
    const panelFlows = flows.filter(ofFamily);
    const focus =
      d.focus === 'selected' ? o.selectedFlow : d.focus === 'traced' ? o.traceFlow : single ? (traced?.index ?? 0) : 0;
    const focusEx = single || !d.focus ? run.ex : focusFlow(run.ex, focus);
    const focusProtocol = (single ? traced : flowsByIndex.get(focus))?.protocol;
    const declared = declaredSeries(model, focusProtocol);
    let title = fillTitle(d.title, focus, run.summary);
    if (d.title_without_samples_of && get(focusEx, d.title_without_samples_of).t.length === 0) title = d.title_without;
    const panel: Panel = {
      id: d.id,
      testId: `chart-${d.id}`,
      kind: d.kind === 'time_sequence' ? 'time_sequence' : 'time',
      title,
      shortTitle: d.short_title || title,
      yLabel: d.y_label,
      yDomain: d.percent ? PCT : undefined,
      main: d.main,
      legend: d.legend,
      emptyText: d.empty_text || undefined,
      series: [],
    };
    if (panel.kind === 'time_sequence') {
      const srtt = single ? run.summary.mean_srtt_ms : flowsByIndex.get(focus)?.summary.mean_srtt_ms;
      panel.ex = focusEx;
      panel.srttMs = typeof srtt === 'number' ? srtt : undefined;
      panel.traces = seqTraces(d.lines);
      out.push(panel);
      continue;
    }
    const shares: { line: ChartSeries; key: string }[] = [];
    // A line carries its declared explanation on the charts one flow's page draws
    // (the path's are drawn for many flows too); the many-flow charts' own lines have
    // none, as before the declarations (adding them would be a change of its own).
    const explained = single || d.layouts.includes('single');
    const helpOf = (l: PanelLineDecl) => (explained ? explain(model, l.series, l.scope) : undefined);
    const add = (l: PanelLineDecl, s: ChartSeries) => {
      if (l.transform === 'share') shares.push({ line: s, key: s.key });
      else panel.series.push(s);
    };
    for (let k = 0; k < d.lines.length; k++) {
      const l = d.lines[k];
      const help = helpOf(l);
      if (l.each === 'flow') {
        // Consecutive per-flow lines are drawn flow by flow (flow 1's allowed and
        // equation rates, then flow 2's...).
        let end = k;
        while (end + 1 < d.lines.length && d.lines[end + 1].each === 'flow') end++;
        const flowLines = d.lines.slice(k, end + 1);
        k = end;
        for (const i of panelFlows) {
          for (const fl of flowLines) {
            const raw = flowSeries(run.ex, i, fl.series);
            // As oneLine: a line drawn only with samples (FQ-CoDel's sub-queues) is left out without.
            if (fl.draw === 'samples' && raw.t.length === 0) continue;
            const s = transformed(fl, raw, run.durationS);
            const name = single ? fl.label : fl.label ? `flow ${i + 1} ${fl.label}` : `flow ${i + 1}`;
            const color = single ? roleColor(fl.color, o.colors) : flowColor(i);
            add(fl, {
              key: `flows[${i}].${fl.series}`,
              label: name,
              color,
              ...styled(fl, s, d.unit),
              ...helpOf(fl),
              ...s,
            });
          }
        }
      } else if (l.each === 'group') {
        for (const g of run.groups) {
          const s = transformed(l, groupSeries(run.ex, g.index, l.series), run.durationS);
          add(l, {
            key: `background[${g.index}].${l.series}`,
            label: groupName(g),
            color: groupColor(g.index),
            ...styled(l, s, d.unit),
            ...help,
            ...s,
          });
        }
      } else {
        const s = oneLine(d, l, focusEx, run.durationS, o.colors, help, declared);
        if (s) add(l, s);
      }
    }
    if (shares.length) {
      // Each part's share of the total per bin, stacked in declaration order.
      const stacked = stackedShares(shares.map((p) => ({ key: p.key, t: p.line.t, v: p.line.v })));
      const parts = stacked.parts.map((p, i) => {
        const key = shares[i].key.slice(0, shares[i].key.lastIndexOf('.'));
        const { label, color, shape } = shares[i].line;
        return { key: `share:${key}`, label, shape, color, t: stacked.t, v: p.top, base: p.base } as ChartSeries;
      });
      panel.series.unshift(...parts);
    }
    for (const r of d.references) panel.series.push(...references(r, run, panelFlows, xEnd, !single));
    if (!single && panel.emptyText && d.lines.every((l) => l.each === 'flow') && flows.length === 0)
      panel.emptyText = 'every flow is hidden';
    out.push(panel);
  }
  return out;
}

/** The lines a panel reads from the result rather than a series. */
function references(
  name: string,
  run: LiveInput,
  flows: readonly number[],
  xEnd: number,
  multi: boolean,
): ChartSeries[] {
  if (name === 'queue_limit') {
    const link = run.links?.bottleneck;
    if (!link || !Number.isFinite(link.queue_limit_packets)) return [];
    return [
      {
        ...referenceLine(
          'queue_limit',
          `buffer limit (${link.queue_limit_packets} packets)`,
          link.queue_limit_packets,
          xEnd,
          LIMIT_COLOR,
        ),
        help: 'The most packets the bottleneck buffer holds; an arrival beyond it is dropped (drop-tail)',
        source: 'RFC 7567 §1',
      },
    ];
  }
  if (name === 'base_rtt') {
    // One line per distinct base RTT (flows on one path share theirs).
    const byFlow = new Map(run.flows.map((f) => [f.index, f]));
    const bases = new Map<number, number[]>();
    for (const i of flows) {
      const b = byFlow.get(i)?.base_rtt_ms;
      if (typeof b === 'number' && Number.isFinite(b)) bases.set(b, [...(bases.get(b) ?? []), i]);
    }
    return [...bases].map(([b, owners]) => ({
      ...referenceLine(
        `base_rtt:${b}`,
        `base RTT${multi && bases.size > 1 ? ` of flow ${owners.map((i) => i + 1).join(', ')}` : ''} (${+b.toFixed(3)} ms)`,
        b,
        xEnd,
        multi && bases.size > 1 ? flowColor(owners[0]) : BASE_COLOR,
      ),
      help: "The path's propagation RTT: both directions' link delays, with no queueing; no sample can be below it",
      source: 'Brakmo & Peterson 1995, BaseRTT',
    }));
  }
  return [];
}
