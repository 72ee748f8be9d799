// A claim's detail in the engine's names: protocols and pairings by the registry's labels
// (not `real`, `ns2_sack1`, `fixed/le`), figures by the schema's label and unit; and a
// confidence interval that stays in the figure's range (a goodput's does not reach below
// 0), saying how it was made.
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../engine/types';
import type { ParamModel } from '../params/params';
import type { Claim } from './evidence';
import { claimNames, evaluateClaim, meanInterval, sweepData } from './verdict';

const model = {
  protocols: [
    { name: 'real', label: 'TCP-Real' },
    { name: 'ns2_sack1', label: 'SACK (ns-2)' },
    { name: 'fixed', label: 'Fixed window' },
    { name: 'rrtp', label: 'RRTP' },
  ],
  byPath: new Map([['flows[0].recovery', { decl: { options: ['le'], option_labels: ['LE'] } }]]),
  figures: [
    { key: 'goodput_mbps', label: 'Goodput', unit: 'Mb/s', numeric: true },
    { key: 'goodput_by_protocol', label: 'Goodput by protocol', unit: 'Mb/s', numeric: false },
    { key: 'app_success_pct', label: 'Playback success', unit: '%', numeric: true },
  ],
} as unknown as ParamModel;

const S = (g: number) => ({ goodput_mbps: g }) as unknown as RunSummary;
// Goodput over 3 seeds at x = 1: TCP-Real spread widely near 0, SACK (ns-2) high.
const data = sweepData(
  [1],
  [
    { protocol: 'real', summaries: [[S(0.01), S(0.02), S(0.6)]] },
    { protocol: 'ns2_sack1', summaries: [[S(5), S(5.2), S(5.1)]] },
    { protocol: 'fixed/le', summaries: [[S(2), S(2), S(2)]] },
  ],
);
const relation = (left: string, right: string): Claim => ({
  id: 'c',
  kind: 'relation',
  text: 't',
  source: 's',
  check: {
    left: { series: left, figure: 'goodput_mbps', x: 1 },
    op: '<',
    right: { series: right, figure: 'goodput_mbps', x: 1 },
  },
});

describe('claim details in display names', () => {
  it('names protocols, pairings and figures as the engine labels them', () => {
    const n = claimNames(model);
    expect(n.series('real')).toBe('TCP-Real');
    expect(n.series('ns2_sack1')).toBe('SACK (ns-2)');
    expect(n.series('fixed/le')).toBe('Fixed window with LE recovery');
    expect(n.figure('goodput_mbps')).toBe('Goodput (Mb/s)');
    expect(n.figure('goodput_by_protocol.rrtp')).toBe('Goodput by protocol, RRTP (Mb/s)');
  });

  it('writes a relation with the names, no ids', () => {
    const r = evaluateClaim(relation('fixed/le', 'ns2_sack1'), data, model);
    expect(r.verdict).toBe('holds');
    expect(r.detail).toMatch(/^Goodput \(Mb\/s\): Fixed window with LE recovery 2 \[2, 2\] < SACK \(ns-2\) 5\.1 /);
    expect(r.detail).not.toMatch(/fixed\/le|ns2_sack1|goodput_mbps/);
  });

  it("keeps a goodput's interval at or above 0 and says it was clamped", () => {
    const r = evaluateClaim(relation('real', 'ns2_sack1'), data, model);
    // Student t over 0.01, 0.02, 0.6: mean 0.21, half width 0.84: [-0.63, 1.05] unclamped.
    expect(r.detail).toContain('TCP-Real 0.21 [0, 1.05]');
    expect(r.detail).toContain('95 % CI, Student t, clamped to the figure’s range (≥ 0)');
    const s = { n: 3, mean: 0.21, min: 0.01, max: 0.6, sd: 0.338, ci95: 0.84 };
    expect(meanInterval(s, 'goodput_mbps', model)).toEqual({ lo: 0, hi: 0.21 + 0.84, clamped: true });
    expect(meanInterval({ ...s, mean: 99, ci95: 3 }, 'app_success_pct', model)).toEqual({
      lo: 96,
      hi: 100,
      clamped: true,
    });
    expect(meanInterval({ ...s, mean: 5, ci95: 1 }, 'goodput_mbps', model)).toEqual({ lo: 4, hi: 6, clamped: false });
  });
});
