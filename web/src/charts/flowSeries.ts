// Data shaping for many flows: one flow's series seen under the bare names single-flow
// charts read, and each flow's share of the throughput over time, stacked.
import { get, type Extracted, type Series } from './series';

/** `ex` with flow `flow`'s series under the bare names ("cwnd", "seq_sent"), so a chart
 * written for one flow draws that flow. The run's and links' series stay as they are. */
export function focusFlow(ex: Extracted, flow: number): Extracted {
  if (flow === 0) return ex;
  const byName = new Map<string, Series>();
  for (const [k, s] of ex.byName) {
    if (!(s.scope === 'flow' && k === s.name)) byName.set(k, s); // drop flow 0's bare aliases
  }
  const prefix = `flows[${flow}].`;
  for (const [k, s] of ex.byName) {
    if (k.startsWith(prefix)) byName.set(k.slice(prefix.length), s);
  }
  return { byName, problems: ex.problems };
}

export interface Part {
  key: string;
  t: Float64Array;
  v: Float64Array;
}

export interface StackedShares {
  /** Bin times, ascending (the union of every part's bins). */
  t: Float64Array;
  /** For each part: its lower and upper edge in percent of the bin's total. */
  parts: { key: string; base: Float64Array; top: Float64Array }[];
}

/** Each part's share of the total per time bin, stacked in the given order (0..100).
 * Parts are matched by bin time; a part without a bin (a flow not started yet) has 0
 * there. A bin where everything is 0 has every share 0. */
export function stackedShares(parts: readonly Part[]): StackedShares {
  const times = new Set<number>();
  for (const p of parts) for (let i = 0; i < p.t.length; i++) if (Number.isFinite(p.t[i])) times.add(p.t[i]);
  const t = Float64Array.from([...times].sort((a, b) => a - b));
  const index = new Map<number, number>();
  t.forEach((x, i) => index.set(x, i));
  const values = parts.map((p) => {
    const row = new Float64Array(t.length);
    for (let i = 0; i < p.t.length; i++) {
      const k = index.get(p.t[i]);
      if (k !== undefined && Number.isFinite(p.v[i]) && p.v[i] > 0) row[k] += p.v[i];
    }
    return row;
  });
  const total = new Float64Array(t.length);
  for (const row of values) for (let i = 0; i < row.length; i++) total[i] += row[i];
  const running = new Float64Array(t.length);
  const out = parts.map((p, j) => {
    const base = Float64Array.from(running);
    for (let i = 0; i < t.length; i++) running[i] += total[i] > 0 ? (100 * values[j][i]) / total[i] : 0;
    return { key: p.key, base, top: Float64Array.from(running) };
  });
  return { t, parts: out };
}

/** The named series of flow `flow`, as t/v. */
export function flowTv(ex: Extracted, flow: number, name: string): { t: Float64Array; v: Float64Array } {
  const s = ex.byName.get(`flows[${flow}].${name}`) ?? (flow === 0 ? get(ex, name) : undefined);
  return s ? { t: s.t, v: s.v } : { t: new Float64Array(0), v: new Float64Array(0) };
}
