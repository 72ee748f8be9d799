// Which points of a dense series to draw: at most four per pixel column (the first,
// the lowest, the highest and the last, in time order), so a curve of 15 000 points on
// an 800 px plot costs a path of at most 3 200 points and looks the same. A point whose
// time or value is not finite is always kept (the line breaks there).

/** Indices of the points to draw, ascending; null when every point is to be drawn
 * (no more than two per column). `x0`, `x1`: the x domain; `pixels`: the plot width. */
export function decimate(t: Float64Array, v: Float64Array, x0: number, x1: number, pixels: number): Int32Array | null {
  const n = Math.min(t.length, v.length);
  const cols = Math.max(1, Math.floor(pixels));
  if (n <= 2 * cols || !(x1 > x0)) return null;
  const scale = cols / (x1 - x0);
  const out = new Int32Array(Math.min(n, 4 * cols + 8 + 64));
  let k = 0;
  let buf = out;
  const push = (i: number) => {
    if (k === buf.length) {
      const grown = new Int32Array(buf.length * 2);
      grown.set(buf);
      buf = grown;
    }
    buf[k++] = i;
  };
  let col = NaN;
  let first = -1;
  let last = -1;
  let lo = -1;
  let hi = -1;
  const flush = () => {
    if (first < 0) return;
    // The four in index order, each once.
    const a = first;
    const b = Math.min(lo, hi);
    const c = Math.max(lo, hi);
    const d = last;
    push(a);
    if (b > a) push(b);
    if (c > b && c > a) push(c);
    if (d > c && d > a) push(d);
    first = -1;
  };
  for (let i = 0; i < n; i++) {
    const ti = t[i];
    const vi = v[i];
    if (!Number.isFinite(ti) || !Number.isFinite(vi)) {
      flush();
      col = NaN;
      push(i);
      continue;
    }
    const c = Math.floor((ti - x0) * scale);
    if (c !== col) {
      flush();
      col = c;
      first = last = lo = hi = i;
      continue;
    }
    last = i;
    if (vi < v[lo]) lo = i;
    if (vi > v[hi]) hi = i;
  }
  flush();
  return k === n ? null : buf.subarray(0, k);
}
