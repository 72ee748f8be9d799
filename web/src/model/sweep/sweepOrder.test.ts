import { describe, expect, it } from 'vitest';
import { coarseToFine } from './sweepOrder';

describe('coarse-to-fine sweep order', () => {
  it('is a permutation of the grid indices', () => {
    for (const n of [1, 2, 3, 4, 5, 7, 10, 16, 33, 200]) {
      const o = coarseToFine(n);
      expect(o).toHaveLength(n);
      expect([...o].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    }
  });

  it('spans the range with every prefix of three or more points', () => {
    for (const n of [3, 4, 5, 10, 17, 200]) {
      const o = coarseToFine(n);
      for (let len = 3; len <= n; len++) {
        const xs = o.slice(0, len);
        expect(Math.min(...xs)).toBe(0);
        expect(Math.max(...xs)).toBe(n - 1);
      }
    }
  });

  it('fills the middle before the quarters (bisection)', () => {
    expect(coarseToFine(5)).toEqual([0, 4, 2, 1, 3]);
    expect(coarseToFine(9).slice(0, 5)).toEqual([0, 8, 4, 2, 6]);
    // The third point of ten sits in the middle, not next to an end.
    expect(coarseToFine(10)[2]).toBe(4);
  });
});
