import { describe, expect, it } from 'vitest';
import { extractSeries } from './series';
import { pointsUpTo, seriesUpTo } from './playhead';

describe('series up to the playhead', () => {
  it('counts the points at or before t', () => {
    const t = new Float64Array([0, 0.5, 1, 1, 2]);
    expect(pointsUpTo(t, -1)).toBe(0);
    expect(pointsUpTo(t, 0)).toBe(1);
    expect(pointsUpTo(t, 1)).toBe(4);
    expect(pointsUpTo(t, 1.5)).toBe(4);
    expect(pointsUpTo(t, 9)).toBe(5);
  });

  it('cuts every series at t, with its values, without copying', () => {
    // cwnd: t = 0, 1, 2 → 10, 20, 30
    const columns = new Float64Array([0, 1, 2, 10, 20, 30]);
    const ex = extractSeries(
      [{ name: 'cwnd', key: 'flows[0].cwnd', scope: 'flow', index: 0, offset: 0, length: 3 }],
      columns,
    );
    const cut = seriesUpTo(ex, 1.2);
    const s = cut.byName.get('cwnd')!;
    expect(Array.from(s.t)).toEqual([0, 1]);
    expect(Array.from(s.v)).toEqual([10, 20]);
    expect(s.v.buffer).toBe(columns.buffer);
    expect(cut.byName.get('flows[0].cwnd')).toBe(s);
  });
});
