// Data shaping for the compare view: a fixed colour per protocol (the same in every
// chart and the table), and goodput over time derived from the engine's `delivered`
// series (bytes delivered in order, ascending), as Mb/s per time bin.

// Colour-blind-safe first (Okabe–Ito order), then distinct extras.
export const PALETTE = [
  '#0072b2',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#e69f00',
  '#56b4e9',
  '#6a3d9a',
  '#8c564b',
  '#1b2430',
  '#b15928',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
];

/** A protocol's colour: by its place in the engine's registry (`index`), so it is the
 * same in every chart, table and view, and no protocol name is written here. */
export function protocolColor(_protocol: string, index = 0): string {
  return PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length];
}

/** A flow's colour: by its index, from the same palette (flow 0 the first colour). */
export function flowColor(index: number): string {
  return PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length];
}

/** Linear interpolation of an ascending (t, v) series at time x (clamped at the ends;
 * 0 before the first point). */
export function interpolateAt(t: Float64Array, v: Float64Array, x: number): number {
  const n = t.length;
  if (n === 0 || x < t[0]) return 0;
  if (x >= t[n - 1]) return v[n - 1];
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (t[mid] <= x) lo = mid;
    else hi = mid;
  }
  const span = t[hi] - t[lo];
  return span > 0 ? v[lo] + ((v[hi] - v[lo]) * (x - t[lo])) / span : v[hi];
}

/** Goodput (Mb/s) in `bins` equal time bins over [0, durationS], from cumulative
 * delivered bytes. Point i is at the bin's end and holds that bin's mean rate; the
 * bins after the series ends (a finished transfer) are left out. */
export function goodputSeries(
  t: Float64Array,
  delivered: Float64Array,
  durationS: number,
  bins = 60,
): { t: Float64Array; v: Float64Array } {
  const end = Number.isFinite(durationS) && durationS > 0 ? durationS : t.length ? t[t.length - 1] : 0;
  if (t.length === 0 || !(end > 0) || bins < 1) return { t: new Float64Array(0), v: new Float64Array(0) };
  const last = t[t.length - 1];
  const w = end / bins;
  const ts: number[] = [];
  const vs: number[] = [];
  let prev = 0;
  for (let i = 1; i <= bins; i++) {
    const x = i * w;
    if (x > last + w) break;
    const d = interpolateAt(t, delivered, Math.min(x, last));
    ts.push(x);
    vs.push(((d - prev) * 8) / w / 1e6);
    prev = d;
  }
  return { t: Float64Array.from(ts), v: Float64Array.from(vs) };
}

/** Event markers take the Live view's shapes, in the order the schema declares them
 * (fast retransmit, partial ACK, early retransmit, timeout). */
export const MARKER_SHAPES = ['triangle', 'diamond', 'triangle', 'cross'] as const;

export interface MarkerKind {
  name: string;
  label: string;
  shape: (typeof MARKER_SHAPES)[number];
  help?: string;
  source?: string;
}

/** The per-flow event markers the schema declares (kind "marker"), with their shapes;
 * with `unit`, only those in it (a chart draws markers at their values: the window
 * chart's are in segments, a queue's CE marks in packets belong to the queue chart). */
export function markerKinds(
  decls: readonly {
    name: string;
    label?: string;
    kind?: string;
    scope?: string;
    unit?: string;
    help?: string;
    source?: string;
  }[],
  unit?: string,
): MarkerKind[] {
  return decls
    .filter((d) => d.kind === 'marker' && (d.scope ?? 'flow') === 'flow' && (unit === undefined || d.unit === unit))
    .map((d, i) => ({
      name: d.name,
      label: d.label ?? d.name,
      shape: MARKER_SHAPES[i % MARKER_SHAPES.length],
      help: d.help,
      source: d.source,
    }));
}

/** One marker series per protocol shown and marker kind switched on, in the protocol's
 * colour; kinds a run has no event of are left out. */
export function compareMarkers<S extends { t: Float64Array; v: Float64Array }>(
  entries: readonly { protocol: string; series: (name: string) => S }[],
  kinds: readonly MarkerKind[],
  on: readonly string[],
  colorOf: (protocol: string) => string,
  labelOf: (protocol: string) => string,
) {
  const out: {
    key: string;
    label: string;
    shape: MarkerKind['shape'];
    color: string;
    t: Float64Array;
    v: Float64Array;
    help?: string;
    source?: string;
  }[] = [];
  for (const e of entries) {
    for (const k of kinds) {
      if (!on.includes(k.name)) continue;
      const s = e.series(k.name);
      if (s.t.length === 0) continue;
      out.push({
        key: `${e.protocol}:${k.name}`,
        label: `${labelOf(e.protocol)} ${k.label.toLowerCase()}`,
        shape: k.shape,
        color: colorOf(e.protocol),
        t: s.t,
        v: s.v,
        help: k.help,
        source: k.source,
      });
    }
  }
  return out;
}
