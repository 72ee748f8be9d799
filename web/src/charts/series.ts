// Chart data shaping: named series as views into the one column buffer the engine
// returns (no copies), plus the checksum the charts expose for tests.
import type { ResultDoc, SeriesDesc } from '../engine/types';

export interface Series {
  name: string;
  unit: string;
  kind: string;
  /** What it belongs to (engine: flow, group, link, run) and which one. */
  scope: string;
  index: number;
  /** Times in seconds, ascending. */
  t: Float64Array;
  /** Values, aligned with t. */
  v: Float64Array;
}

export interface Extracted {
  /** By unique key ("flows[2].cwnd", "links.bottleneck.queue"), and by bare name for
   * flows[0]'s and the run's own series ("cwnd", "queue"), as single-flow code reads them. */
  byName: Map<string, Series>;
  /** Descriptors that did not fit the buffer (reported, not drawn). */
  problems: string[];
}

const EMPTY = new Float64Array(0);

export function emptySeries(name: string, unit = '', kind = 'line'): Series {
  return { name, unit, kind, scope: 'run', index: -1, t: EMPTY, v: EMPTY };
}

/** Series i occupies columns[offset .. offset+length) for times, then
 * columns[offset+length .. offset+2*length) for values (docs/engine-api.md). */
export function extractSeries(descs: readonly SeriesDesc[] | undefined, columns: Float64Array | undefined): Extracted {
  const byName = new Map<string, Series>();
  const problems: string[] = [];
  const cols = columns ?? EMPTY;
  for (const d of descs ?? []) {
    const { offset, length } = d;
    if (
      !Number.isInteger(offset) ||
      !Number.isInteger(length) ||
      offset < 0 ||
      length < 0 ||
      offset + 2 * length > cols.length
    ) {
      problems.push(`series "${d.name}" (offset ${offset}, length ${length}) does not fit the ${cols.length} columns`);
      continue;
    }
    const series: Series = {
      name: d.name,
      unit: d.unit ?? '',
      kind: d.kind ?? 'line',
      scope: d.scope ?? 'flow',
      index: typeof d.index === 'number' ? d.index : d.scope === undefined ? 0 : -1,
      t: cols.subarray(offset, offset + length),
      v: cols.subarray(offset + length, offset + 2 * length),
    };
    if (d.key) byName.set(d.key, series);
    // A result from before scopes, or flows[0]'s / a link's / the run's: its bare name too.
    const bare =
      d.scope === undefined || (d.scope === 'flow' && d.index === 0) || d.scope === 'link' || d.scope === 'run';
    if (bare && !byName.has(d.name)) byName.set(d.name, series);
  }
  return { byName, problems };
}

export function seriesFromResult(result: ResultDoc | undefined, columns: Float64Array | undefined): Extracted {
  if (!result || !result.ok) return { byName: new Map(), problems: [] };
  return extractSeries(result.series, columns);
}

export function get(ex: Extracted, name: string, unit = ''): Series {
  return ex.byName.get(name) ?? emptySeries(name, unit);
}

/** One flow's series (`name` as declared: "cwnd", "throughput"...). */
export function flowSeries(ex: Extracted, flow: number, name: string): Series {
  return ex.byName.get(`flows[${flow}].${name}`) ?? (flow === 0 ? get(ex, name) : emptySeries(name));
}

/** A background group's series. */
export function groupSeries(ex: Extracted, group: number, name: string): Series {
  return ex.byName.get(`background[${group}].${name}`) ?? emptySeries(name);
}

/** Largest finite value over the given series, or `fallback` if there is none. */
export function maxFinite(list: readonly Float64Array[], fallback: number): number {
  let m = -Infinity;
  for (const a of list) for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i]) && a[i] > m) m = a[i];
  return m === -Infinity ? fallback : m;
}

/** The top of a y axis: the largest finite value, unless it is an outlier more than
 * `factor` times the 99.5th percentile (e.g. one overflowed sample), in which case the
 * percentile; the outlier is then drawn clipped at the top instead of flattening the
 * rest of the chart to a line. */
export function robustMax(list: readonly Float64Array[], fallback: number, factor = 100): number {
  const m = maxFinite(list, NaN);
  if (Number.isNaN(m)) return fallback;
  let n = 0;
  for (const a of list) n += a.length;
  const all = new Float64Array(n);
  let k = 0;
  for (const a of list) for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i])) all[k++] = a[i];
  // The percentile by selection (linear time), not by sorting every value on each draw.
  const q = kthSmallest(all.subarray(0, k), Math.floor(0.995 * (k - 1)));
  return q > 0 && m > factor * q ? q : m;
}

/** The value a numeric ascending sort would put at index `k` (Hoare's selection; the
 * array's order is changed). */
export function kthSmallest(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const pivot = a[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const tmp = a[i];
        a[i] = a[j];
        a[j] = tmp;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

/** FNV-1a (32 bit) over the bytes of the given arrays, as 8 hex digits. Same drawn
 * numbers give the same hash; any change of a value gives (almost surely) another. */
export function hashArrays(list: readonly Float64Array[]): string {
  let h = 0x811c9dc5;
  for (const a of list) {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 0x01000193);
    }
    // Separate arrays so [1],[2] and [1,2],[] differ.
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
