// What a chart's text alternative says about each series: for a curve, how many points
// and the minimum, mean and maximum of its finite values; for a marker series (fast
// retransmits, timeouts…), how many there are and the first and last time.

export interface SeriesStats {
  count: number;
  min: number;
  mean: number;
  max: number;
  firstT: number;
  lastT: number;
}

/** Stats of the finite (t, v) pairs; count 0 (and NaN elsewhere) when there are none. */
export function seriesStats(t: Float64Array, v: Float64Array): SeriesStats {
  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  let firstT = NaN;
  let lastT = NaN;
  const n = Math.min(t.length, v.length);
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (!Number.isFinite(x) || !Number.isFinite(t[i])) continue;
    if (count === 0) firstT = t[i];
    lastT = t[i];
    count++;
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  if (count === 0) return { count, min: NaN, mean: NaN, max: NaN, firstT, lastT };
  return { count, min, mean: sum / count, max, firstT, lastT };
}

/** A number for a screen reader: 3 significant digits, thousands separated. */
export function spoken(x: number): string {
  if (!Number.isFinite(x)) return '—';
  return SPOKEN.format(Number(x.toPrecision(3)));
}

// One formatter for every cell: toLocaleString builds a new one per call, which cost
// a few ms of each redraw (five cells per series, every chart).
const SPOKEN = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
const COUNT = new Intl.NumberFormat('en-US');

/** A count for a screen reader, thousands separated. */
export function spokenCount(n: number): string {
  return COUNT.format(n);
}
