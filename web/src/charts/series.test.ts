import { describe, expect, it } from 'vitest';
import { extractSeries, get, hashArrays, kthSmallest, maxFinite, robustMax, seriesFromResult } from './series';

// Two series back to back: cwnd (3 points) then timeout (1 point).
const columns = new Float64Array([
  0, 0.5, 1.0, /* cwnd t */ 2, 4, 8 /* cwnd v */, 0.7, /* timeout t */ 6 /* timeout v */,
]);
const descs = [
  { name: 'cwnd', unit: 'segments', kind: 'line', offset: 0, length: 3 },
  { name: 'timeout', unit: 'segments', kind: 'marker', offset: 6, length: 1 },
];

describe('series extraction', () => {
  it('slices times then values at offset/length', () => {
    const ex = extractSeries(descs, columns);
    expect(ex.problems).toEqual([]);
    const cwnd = ex.byName.get('cwnd')!;
    expect([...cwnd.t]).toEqual([0, 0.5, 1.0]);
    expect([...cwnd.v]).toEqual([2, 4, 8]);
    const to = ex.byName.get('timeout')!;
    expect([...to.t]).toEqual([0.7]);
    expect([...to.v]).toEqual([6]);
    expect(to.kind).toBe('marker');
  });

  it('views the one buffer without copying', () => {
    const ex = extractSeries(descs, columns);
    expect(ex.byName.get('cwnd')!.v.buffer).toBe(columns.buffer);
  });

  it('gives empty arrays for missing or zero-length series', () => {
    const ex = extractSeries([{ name: 'ssthresh', offset: 8, length: 0 }], columns);
    expect(ex.byName.get('ssthresh')!.t.length).toBe(0);
    expect(get(ex, 'partial_ack').v.length).toBe(0);
    expect(get(extractSeries(undefined, undefined), 'cwnd').t.length).toBe(0);
  });

  it('reports descriptors that do not fit the buffer instead of reading past it', () => {
    const ex = extractSeries(
      [
        { name: 'cwnd', offset: 6, length: 3 },
        { name: 'x', offset: -1, length: 1 },
        { name: 'y', offset: 0.5, length: 1 },
      ],
      columns,
    );
    expect(ex.byName.size).toBe(0);
    expect(ex.problems).toHaveLength(3);
  });

  it('extracts nothing from an error result', () => {
    expect(seriesFromResult({ ok: false, errors: [] }, columns).byName.size).toBe(0);
    expect(seriesFromResult({ ok: true, summary: {}, series: descs }, columns).byName.size).toBe(2);
  });
});

describe('chart helpers', () => {
  it('finds the largest finite value or the fallback', () => {
    expect(maxFinite([new Float64Array([1, NaN, 3]), new Float64Array([2, Infinity])], 0)).toBe(3);
    expect(maxFinite([new Float64Array(0)], 1)).toBe(1);
    expect(maxFinite([], 1)).toBe(1);
  });

  it('hashes drawn values: same data same hash, changed data another', () => {
    const a = hashArrays([new Float64Array([1, 2, 3])]);
    expect(hashArrays([new Float64Array([1, 2, 3])])).toBe(a);
    expect(hashArrays([new Float64Array([1, 2, 3.0000001])])).not.toBe(a);
    expect(hashArrays([new Float64Array([1]), new Float64Array([2, 3])])).not.toBe(
      hashArrays([new Float64Array([1, 2]), new Float64Array([3])]),
    );
    expect(hashArrays([])).toMatch(/^[0-9a-f]{8}$/);
  });

  it('hashes a subarray view by its own bytes only', () => {
    const ex = extractSeries(descs, columns);
    expect(hashArrays([ex.byName.get('timeout')!.v])).toBe(hashArrays([new Float64Array([6])]));
  });
});

describe('robust y extent', () => {
  it('is the maximum for ordinary data', () => {
    expect(robustMax([new Float64Array([1, 5, 3]), new Float64Array([80])], 0)).toBe(80);
    expect(robustMax([new Float64Array(0)], 7)).toBe(7);
  });

  it('leaves out one absurd sample (an overflowed cwnd) instead of flattening the chart', () => {
    const v = Float64Array.from({ length: 1000 }, (_, i) => 10 + (i % 50));
    v[500] = 18446744073709550;
    const top = robustMax([v], 0);
    expect(top).toBeLessThan(60);
    expect(top).toBeGreaterThanOrEqual(58);
  });
});

describe('kthSmallest', () => {
  it('gives what a numeric sort puts at each index, with ties and negatives', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const n of [1, 2, 3, 10, 101, 1000]) {
      const a = Float64Array.from({ length: n }, () => Math.round((rnd() - 0.3) * 20));
      const sorted = Float64Array.from(a).sort();
      for (const k of [0, n >> 1, Math.floor(0.995 * (n - 1)), n - 1])
        expect(kthSmallest(Float64Array.from(a), k), `n ${n} k ${k}`).toBe(sorted[k]);
    }
  });
});
