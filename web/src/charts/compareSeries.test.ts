import { describe, expect, it } from 'vitest';
import { flowColor, goodputSeries, interpolateAt, PALETTE, protocolColor } from './compareSeries';

describe('goodput from delivered bytes', () => {
  const t = new Float64Array([0, 1, 2, 3, 4]);
  const d = new Float64Array([0, 125_000, 250_000, 500_000, 500_000]); // 1, 1, 2, 0 Mb/s

  it('interpolates the cumulative series', () => {
    expect(interpolateAt(t, d, 0.5)).toBe(62_500);
    expect(interpolateAt(t, d, 2.5)).toBe(375_000);
    expect(interpolateAt(t, d, -1)).toBe(0);
    expect(interpolateAt(t, d, 9)).toBe(500_000);
    expect(interpolateAt(new Float64Array(0), new Float64Array(0), 1)).toBe(0);
  });

  it('gives the mean rate per bin in Mb/s, at each bin end', () => {
    const g = goodputSeries(t, d, 4, 4);
    expect([...g.t]).toEqual([1, 2, 3, 4]);
    expect([...g.v]).toEqual([1, 1, 2, 0]);
    const coarse = goodputSeries(t, d, 4, 2);
    expect([...coarse.v]).toEqual([1, 1]);
  });

  it('stops after a finished transfer instead of drawing zeros to the end', () => {
    const g = goodputSeries(new Float64Array([0, 1]), new Float64Array([0, 125_000]), 10, 10);
    expect([...g.t]).toEqual([1, 2]);
    expect(g.v[0]).toBe(1);
  });

  it('is empty for no data', () => {
    expect(goodputSeries(new Float64Array(0), new Float64Array(0), 10).t.length).toBe(0);
  });

  it('gives each protocol the colour of its place in the registry, and each flow its own', () => {
    expect(protocolColor('cubic', 7)).toBe(protocolColor('anything', 7)); // by index, not by name
    expect(protocolColor('newreno', 2)).not.toBe(protocolColor('sack', 3));
    const flows = Array.from({ length: 8 }, (_, i) => flowColor(i));
    expect(new Set(flows).size).toBe(8); // eight flows, eight colours
    expect(flowColor(0)).toBe(PALETTE[0]);
    expect(flowColor(PALETTE.length)).toBe(PALETTE[0]); // wraps, never undefined
  });
});
