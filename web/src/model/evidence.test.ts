import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../engine/types';
import { compareData, evaluateClaim, parseEvidence, statsAt, sweepData, type Claim } from './evidence';

const S = (o: Record<string, number>) => o as RunSummary;

// Two protocols over x = 1, 2, 3, two seeds each.
const data = sweepData(
  [1, 2, 3],
  [
    { protocol: 'le', summaries: [[S({ t: 0 }), S({ t: 0 })], [S({ t: 0 }), S({ t: 0 })], [S({ t: 0 }), S({ t: 1 })]] },
    { protocol: 'sack', summaries: [[S({ t: 0 }), S({ t: 2 })], [S({ t: 1 }), S({ t: 1 })], [S({ t: 2 }), S({ t: 2 })]] },
  ],
);

const claim = (check: Claim['check']): Claim => ({ text: 't', source: 's', check });

describe('paper claims checked on the runs', () => {
  it('compares a series with another at one x, with a factor', () => {
    expect(evaluateClaim(claim({ left: { series: 'le', figure: 't', x: 3 }, op: '<', right: { series: 'sack', figure: 't', x: 3 } }), data)).toEqual({
      verdict: 'holds',
      detail: 'le 0.5 < sack 2 at x = 3',
    });
    const r = evaluateClaim(claim({ left: { series: 'sack', figure: 't', x: 3 }, op: '>', factor: 4, right: { series: 'le', figure: 't', x: 3 } }), data);
    expect(r.verdict).toBe('does-not-hold'); // 2 > 4 x 0.5 is false
    expect(r.detail).toBe('sack 2 > 4 × le 0.5 at x = 3');
  });

  it('names both figures when a claim compares two figures of one series', () => {
    const two = sweepData([1], [{ protocol: 'rrtp', summaries: [[S({ a: 3, b: 1 })]] }]);
    const r = evaluateClaim(claim({ left: { series: 'rrtp', figure: 'a', x: 1 }, op: '>', right: { series: 'rrtp', figure: 'b', x: 1 } }), two);
    expect(r).toEqual({ verdict: 'holds', detail: 'rrtp a 3 > rrtp b 1 at x = 1' });
  });

  it('with an x range, holds only if it holds at every swept x in it', () => {
    expect(evaluateClaim(claim({ left: { series: 'le', figure: 't', x_range: [1, 2] }, op: '==', value: 0 }), data).verdict).toBe('holds');
    const r = evaluateClaim(claim({ left: { series: 'le', figure: 't', x_range: [1, 3] }, op: '==', value: 0 }), data);
    expect(r).toEqual({ verdict: 'does-not-hold', detail: 'le 0.5 == 0 at x = 3' });
    expect(evaluateClaim(claim({ left: { series: 'le', figure: 't', x_range: [7, 9] }, op: '==', value: 0 }), data).verdict).toBe('pending');
  });

  it('is pending while a point has seeds still to run, or a series was not run', () => {
    const partial = sweepData([1], [{ protocol: 'le', summaries: [[S({ t: 0 }), undefined]] }]);
    expect(evaluateClaim(claim({ left: { series: 'le', figure: 't', x: 1 }, op: '==', value: 0 }), partial).verdict).toBe('pending');
    expect(evaluateClaim(claim({ left: { series: 'fack', figure: 't', x: 1 }, op: '==', value: 0 }), data).verdict).toBe('pending');
  });

  it('reads a compare: one run per protocol, no x', () => {
    const cmp = compareData([
      { protocol: 'real', status: 'ok', summary: S({ tok: 4.9 }) },
      { protocol: 'reno', status: 'ok', summary: S({ tok: 3.2 }) },
      { protocol: 'tahoe', status: 'pending' },
    ]);
    expect(statsAt(cmp, 'real', 'tok')).toMatchObject({ n: 1, mean: 4.9 });
    expect(evaluateClaim(claim({ left: { series: 'real', figure: 'tok' }, op: '>', right: { series: 'reno', figure: 'tok' } }), cmp).verdict).toBe('holds');
    expect(evaluateClaim(claim({ left: { series: 'reno', figure: 'tok' }, op: '>', right: { series: 'tahoe', figure: 'tok' } }), cmp).verdict).toBe('pending');
  });
});

describe('reading a preset evidence block', () => {
  it('keeps the good entries and names what is wrong with the others', () => {
    const { evidence, problems } = parseEvidence(
      {
        published: [
          { label: 'Goodput', series: 'real', figure: 'goodput_mbps', x: 0, value: 1.9, unit: 'Mb/s', source: 'Table 1' },
          { label: 'Goodput', series: 'real', figure: 'goodput_mbps', value: 'high', source: 'Table 1' },
        ],
        claims: [
          { text: 'a', source: 's', check: { left: { series: 'le', figure: 't' }, op: '<', value: 1 } },
          { text: 'b', source: 's', check: { left: { series: 'le', figure: 't' }, op: '~', value: 1 } },
          { text: 'c', source: 's', check: { left: { series: 'le', figure: 't' }, op: '<' } },
          { text: 'd', source: 's', check: { left: { series: 'le', figure: 't', x_range: [3, 1] }, op: '<', value: 1 } },
        ],
      },
      'p',
    );
    expect(evidence.published).toHaveLength(1);
    expect(evidence.claims.map((c) => c.text)).toEqual(['a']);
    expect(problems).toEqual([
      'preset "p" published 2: needs label, series, figure, a numeric value and source — left out',
      'preset "p" claim 2: "op" must be one of < <= > >= == — left out',
      'preset "p" claim 3: give exactly one of "right" and "value" — left out',
      'preset "p" claim 4 left: "x_range" must be [a, b] with a <= b',
      'preset "p" claim 4: bad check — left out',
    ]);
  });
});
