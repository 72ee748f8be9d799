import { describe, expect, it } from 'vitest';
import { decimate } from './decimate';

function series(n: number, f: (i: number) => number, tMax = 10) {
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = (i / (n - 1)) * tMax;
    v[i] = f(i);
  }
  return { t, v };
}

describe('decimate', () => {
  it('draws every point of a sparse series', () => {
    const { t, v } = series(100, (i) => i);
    expect(decimate(t, v, 0, 10, 100)).toBeNull();
  });

  it('keeps at most four points per pixel column, with each column’s extremes and its last value', () => {
    const { t, v } = series(20_000, (i) => Math.sin(i / 7) * 100 + (i === 12_345 ? 5000 : 0));
    const idx = decimate(t, v, 0, 10, 200)!;
    expect(idx).not.toBeNull();
    expect(idx.length).toBeLessThanOrEqual(4 * 201);
    for (let j = 1; j < idx.length; j++) expect(idx[j]).toBeGreaterThan(idx[j - 1]);
    // The spike, the first and the last point survive; so does every column's min and max.
    expect(Array.from(idx)).toContain(12_345);
    expect(idx[0]).toBe(0);
    expect(idx[idx.length - 1]).toBe(19_999);
    const kept = new Set(idx);
    for (let c = 0; c < 200; c++) {
      let lo = -1;
      let hi = -1;
      for (let i = 0; i < t.length; i++) {
        if (Math.floor(t[i] * 20) !== c) continue;
        if (lo < 0 || v[i] < v[lo]) lo = i;
        if (hi < 0 || v[i] > v[hi]) hi = i;
      }
      expect(kept.has(lo) && kept.has(hi), `column ${c}`).toBe(true);
    }
  });

  it('keeps points that are not finite, so the line still breaks there', () => {
    const { t, v } = series(10_000, (i) => (i === 5000 ? NaN : i % 13));
    const idx = decimate(t, v, 0, 10, 100)!;
    expect(Array.from(idx)).toContain(5000);
  });
});
