// A step relation (docs/claims.md): a paper's "keeps decreasing" or "decreases steadily"
// checked at every swept step by the 95 % intervals, not the ends against each other.
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../engine/types';
import { parseEvidence, type Claim } from './evidence';
import { evaluateClaim, sweepData } from './verdict';

const S = (o: Record<string, number>) => o as RunSummary;
const PAPERS = { er: { title: 't', citation: 'c', tolerance: 0.2, tolerance_why: 'w' } };
const one = (c: Record<string, unknown>): { claim?: Claim; problems: string[] } => {
  const r = parseEvidence({ claims: [c] }, 'p', PAPERS);
  return { claim: r.evidence.claims[0], problems: r.problems };
};
const base = { id: 'er/x', paper: 'er', quote: 'q', source: '§IV' };

describe('a step relation ("keeps decreasing", "decreases steadily") orders every step by the intervals', () => {
  // Reno's share at x = 0, 1, 2, 3: two clear falls, then a flat step.
  const shares = (values: number[][]) =>
    sweepData([0, 1, 2, 3], [{ protocol: 'srp', summaries: values.map((v) => v.map((share) => S({ share }))) }]);
  const steps = (extra: Record<string, unknown> = {}) =>
    one({
      ...base,
      kind: 'relation',
      check: { left: { series: 'srp', figure: 'share', x_range: [0, 3] }, op: '<', steps: true },
      ...extra,
    });
  it('holds when every step falls beyond the intervals, and names the first step that does not', () => {
    const { claim, problems } = steps();
    expect(problems).toEqual([]);
    const falling = shares([
      [0.9, 0.91, 0.89],
      [0.8, 0.81, 0.79],
      [0.7, 0.71, 0.69],
      [0.6, 0.61, 0.59],
    ]);
    expect(evaluateClaim(claim!, falling)).toMatchObject({ verdict: 'holds' });
    expect(evaluateClaim(claim!, falling).detail).toMatch(/^every step of 3: /);
    // The last step flat: the ends alone (0.6 against 0.9) would have said it holds.
    const flat = shares([
      [0.9, 0.91, 0.89],
      [0.8, 0.81, 0.79],
      [0.7, 0.71, 0.69],
      [0.69, 0.72, 0.68],
    ]);
    const r = evaluateClaim(claim!, flat);
    expect(r.verdict).toBe('does-not-hold');
    expect(r.detail).toContain('at x = 3 < ');
    expect(r.detail).toContain('at x = 2 (95 % CI');
    expect(r.detail).toContain('the intervals do not say so at this step');
    // Rising: ">" holds where "<" does not.
    const up = steps({ check: { left: { series: 'srp', figure: 'share', x_range: [0, 3] }, op: '>', steps: true } });
    expect(evaluateClaim(up.claim!, falling).verdict).toBe('does-not-hold');
  });
  it('is refused with a right side, a value, or no range', () => {
    for (const check of [
      { left: { series: 'srp', figure: 'share', x_range: [0, 3] }, op: '<', steps: true, value: 1 },
      {
        left: { series: 'srp', figure: 'share', x_range: [0, 3] },
        op: '<',
        steps: true,
        right: { series: 'a', figure: 'b' },
      },
      { left: { series: 'srp', figure: 'share', x: 1 }, op: '<', steps: true },
    ])
      expect(steps({ check }).problems[0]).toContain('"steps" is true on a relation of its left over an x_range');
  });
});
