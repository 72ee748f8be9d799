import { describe, expect, it } from 'vitest';
import { formatValue, indexAtOrBefore, nearestIndex, readoutAt } from './readout';

const t = new Float64Array([0.5, 1, 1, 2.5, 4]);
const v = new Float64Array([10, 20, 21, 30, 40]);

describe('indexAtOrBefore', () => {
  it('finds the last sample at or before x', () => {
    expect(indexAtOrBefore(t, 0.2)).toBe(-1);
    expect(indexAtOrBefore(t, 0.5)).toBe(0);
    expect(indexAtOrBefore(t, 0.99)).toBe(0);
    // Two samples at the same time: the later one is what the line shows after it.
    expect(indexAtOrBefore(t, 1)).toBe(2);
    expect(indexAtOrBefore(t, 3)).toBe(3);
    expect(indexAtOrBefore(t, 99)).toBe(4);
    expect(indexAtOrBefore(new Float64Array(0), 1)).toBe(-1);
  });
  it('agrees with a linear scan on a long series', () => {
    const long = new Float64Array(1001).map((_, i) => i * 0.013);
    for (const x of [-1, 0, 0.0129, 0.013, 5.5, 12.999, 13, 20]) {
      let want = -1;
      for (let i = 0; i < long.length; i++) if (long[i] <= x) want = i;
      expect(indexAtOrBefore(long, x)).toBe(want);
    }
  });
});

describe('nearestIndex', () => {
  it('picks the closer neighbour', () => {
    expect(nearestIndex(t, 0)).toBe(0);
    expect(nearestIndex(t, 1.7)).toBe(2);
    expect(nearestIndex(t, 1.8)).toBe(3);
    expect(nearestIndex(t, 10)).toBe(4);
    expect(nearestIndex(new Float64Array(0), 1)).toBe(-1);
  });
});

describe('readoutAt', () => {
  it('gives each series its sample at the time, and nothing before its first sample', () => {
    const rows = readoutAt(
      [
        { key: 'a', label: 'A', t, v },
        { key: 'b', label: 'B', t: new Float64Array([2]), v: new Float64Array([7]) },
      ],
      1.5,
    );
    expect(rows).toEqual([
      { key: 'a', label: 'A', t: 1, value: 21 },
      { key: 'b', label: 'B', t: null, value: null },
    ]);
  });
  it('gives a stacked band its own height', () => {
    const rows = readoutAt([{ key: 's', label: 'S', t, v, base: new Float64Array([1, 2, 3, 4, 5]) }], 2.5);
    expect(rows[0].value).toBe(26);
  });
});

describe('formatValue', () => {
  it('prints numbers short and never NaN', () => {
    expect(formatValue(12.3456)).toBe('12.35');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(Number.NaN)).toBe('—');
    expect(formatValue(0)).toBe('0');
    expect(formatValue(123456)).toBe('1.23e+5');
  });
});
