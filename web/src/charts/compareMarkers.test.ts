import { describe, expect, it } from 'vitest';
import { compareMarkers, markerKinds } from './compareSeries';

const decls = [
  { name: 'cwnd', kind: 'line', scope: 'flow' },
  {
    name: 'fast_retransmit',
    label: 'Fast retransmit',
    kind: 'marker',
    scope: 'flow',
    help: 'h1',
    source: 'RFC 5681 §3.2',
  },
  { name: 'partial_ack', label: 'Partial ACK', kind: 'marker', scope: 'flow' },
  { name: 'early_retransmit', label: 'Early retransmit', kind: 'marker', scope: 'flow' },
  { name: 'timeout', label: 'Timeout', kind: 'marker', scope: 'flow' },
  { name: 'queue', kind: 'line', scope: 'link' },
];

const f64 = (...x: number[]) => new Float64Array(x);

describe('compare markers', () => {
  it('takes the marker kinds the schema declares, with the Live view shapes', () => {
    const kinds = markerKinds(decls);
    expect(kinds.map((k) => [k.name, k.shape])).toEqual([
      ['fast_retransmit', 'triangle'],
      ['partial_ack', 'diamond'],
      ['early_retransmit', 'triangle'],
      ['timeout', 'cross'],
    ]);
    expect(kinds[0]).toMatchObject({ help: 'h1', source: 'RFC 5681 §3.2' });
  });

  it("keeps, given a chart's unit, only the markers drawn in it (a queue's CE marks are not a window's)", () => {
    const withUnits = [
      ...decls.map((d) => (d.kind === 'marker' ? { ...d, unit: 'segments' } : d)),
      { name: 'ce_mark', label: 'CE mark', kind: 'marker', scope: 'flow', unit: 'packets' },
    ];
    expect(markerKinds(withUnits).map((k) => k.name)).toContain('ce_mark');
    const window = markerKinds(withUnits, 'segments');
    expect(window.map((k) => [k.name, k.shape])).toEqual([
      ['fast_retransmit', 'triangle'],
      ['partial_ack', 'diamond'],
      ['early_retransmit', 'triangle'],
      ['timeout', 'cross'],
    ]);
    expect(markerKinds(withUnits, 'packets').map((k) => k.name)).toEqual(['ce_mark']);
  });

  it('gives each protocol its switched-on markers in its colour, skipping empty ones', () => {
    const runs: Record<string, Record<string, { t: Float64Array; v: Float64Array }>> = {
      a: { fast_retransmit: { t: f64(1, 2), v: f64(10, 12) }, timeout: { t: f64(), v: f64() } },
      b: { fast_retransmit: { t: f64(3), v: f64(7) }, timeout: { t: f64(4), v: f64(5) } },
    };
    const entries = Object.keys(runs).map((p) => ({
      protocol: p,
      series: (n: string) => runs[p][n] ?? { t: f64(), v: f64() },
    }));
    const kinds = markerKinds(decls);
    const all = compareMarkers(
      entries,
      kinds,
      ['fast_retransmit', 'timeout'],
      (p) => `#${p}`,
      (p) => p.toUpperCase(),
    );
    expect(all.map((s) => [s.key, s.color, s.shape, Array.from(s.t)])).toEqual([
      ['a:fast_retransmit', '#a', 'triangle', [1, 2]],
      ['b:fast_retransmit', '#b', 'triangle', [3]],
      ['b:timeout', '#b', 'cross', [4]],
    ]);
    expect(all[0].label).toBe('A fast retransmit');
    expect(
      compareMarkers(
        entries,
        kinds,
        ['timeout'],
        () => '',
        (p) => p,
      ).map((s) => s.key),
    ).toEqual(['b:timeout']);
    expect(
      compareMarkers(
        entries,
        kinds,
        [],
        () => '',
        (p) => p,
      ),
    ).toEqual([]);
  });
});
