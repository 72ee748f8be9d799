// The time–sequence chart's windows: where a zoom lands around a clicked marker, and
// the y extent of the traces inside an x window (what the zoomed chart scales its y to).

/** First index i with t[i] >= x (t ascending). */
export function lowerBound(t: Float64Array, x: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Min and max of the values whose time is within [a, b], over several traces. */
export function valueExtentIn(
  traces: { t: Float64Array; v: Float64Array }[],
  a: number,
  b: number,
): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const { t, v } of traces) {
    const end = lowerBound(t, b + 1e-12 * Math.max(1, Math.abs(b)));
    for (let i = lowerBound(t, a); i < end && i < t.length; i++) {
      const y = v[i];
      if (y < lo) lo = y;
      if (y > hi) hi = y;
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

/** The window a clicked marker at time t zooms to: a few RTTs before, more after. */
export function zoomWindowAround(t: number, srttMs: number | undefined): [number, number] {
  const rtt = srttMs && srttMs > 0 ? srttMs / 1000 : 0.05;
  return [t - 4 * rtt, t + 8 * rtt];
}
