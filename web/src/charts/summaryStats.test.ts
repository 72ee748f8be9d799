import { describe, expect, it } from 'vitest';
import { seriesStats, spoken } from './summaryStats';

describe('chart text alternative', () => {
  it('min, mean and max skip values that are not finite', () => {
    const s = seriesStats(new Float64Array([0, 1, 2, 3]), new Float64Array([4, NaN, 10, 1]));
    expect(s).toEqual({ count: 3, min: 1, mean: 5, max: 10, firstT: 0, lastT: 3 });
  });

  it('an empty series has a count of 0 and says so, never NaN', () => {
    const s = seriesStats(new Float64Array(), new Float64Array());
    expect(s.count).toBe(0);
    expect(spoken(s.mean)).toBe('—');
  });

  it('numbers are read with three significant digits', () => {
    expect(spoken(12345.678)).toBe('12,300');
    expect(spoken(0.012345)).toBe('0.0123');
  });
});
