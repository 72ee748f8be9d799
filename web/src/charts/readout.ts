// The hover read-out's value lookup: for each series, the sample a chart shows at time
// x (the last one at or before x: lines hold their value until the next sample, as the
// engine records them). Binary search in the columns; nothing is copied.

/** Index of the last sample with t[i] <= x, or -1 if none (t ascending). */
export function indexAtOrBefore(t: Float64Array, x: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Index of the sample nearest x in time, or -1 for an empty series. */
export function nearestIndex(t: Float64Array, x: number): number {
  if (t.length === 0) return -1;
  const i = indexAtOrBefore(t, x);
  if (i < 0) return 0;
  if (i + 1 >= t.length) return i;
  return x - t[i] <= t[i + 1] - x ? i : i + 1;
}

export interface ReadoutSeries {
  key: string;
  label: string;
  t: Float64Array;
  v: Float64Array;
  /** area: the lower edge, so the read-out gives the band's own height. */
  base?: Float64Array;
}

export interface ReadoutRow {
  key: string;
  label: string;
  /** The sample's own time and value; null before the series' first sample. */
  t: number | null;
  value: number | null;
}

export function readoutAt(series: readonly ReadoutSeries[], x: number): ReadoutRow[] {
  return series.map((s) => {
    const i = indexAtOrBefore(s.t, x);
    if (i < 0 || !Number.isFinite(s.v[i])) return { key: s.key, label: s.label, t: null, value: null };
    const base = s.base && Number.isFinite(s.base[i]) ? s.base[i] : 0;
    return { key: s.key, label: s.label, t: s.t[i], value: s.v[i] - base };
  });
}

/** A value as the read-out prints it: up to 4 significant digits, never NaN. */
export function formatValue(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '—';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e4 || a < 1e-3) return v.toExponential(2);
  return String(+v.toPrecision(4));
}
