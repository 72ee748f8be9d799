import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../engine/types';
import { parseEvidence, parsePapers, type Check, type Claim } from './evidence';
import { compareData, evaluateClaim, statsAt, sweepData } from './verdict';

const S = (o: Record<string, number>) => o as RunSummary;

// Two protocols over x = 1, 2, 3, two seeds each.
const data = sweepData(
  [1, 2, 3],
  [
    {
      protocol: 'le',
      summaries: [
        [S({ t: 0 }), S({ t: 0 })],
        [S({ t: 0 }), S({ t: 0 })],
        [S({ t: 0 }), S({ t: 1 })],
      ],
    },
    {
      protocol: 'sack',
      summaries: [
        [S({ t: 0 }), S({ t: 2 })],
        [S({ t: 1 }), S({ t: 1 })],
        [S({ t: 2 }), S({ t: 2 })],
      ],
    },
  ],
);

const claim = (check: Check): Claim => ({ id: 'p#0', kind: 'legacy', text: 't', source: 's', check });

describe('legacy claims (the project’s restatements) checked on the means', () => {
  it('compares a series with another at one x, with a factor', () => {
    expect(
      evaluateClaim(
        claim({ left: { series: 'le', figure: 't', x: 3 }, op: '<', right: { series: 'sack', figure: 't', x: 3 } }),
        data,
      ),
    ).toEqual({
      verdict: 'holds',
      detail: 't: le 0.5 < sack 2 at x = 3',
    });
    const r = evaluateClaim(
      claim({
        left: { series: 'sack', figure: 't', x: 3 },
        op: '>',
        factor: 4,
        right: { series: 'le', figure: 't', x: 3 },
      }),
      data,
    );
    expect(r.verdict).toBe('does-not-hold'); // 2 > 4 x 0.5 is false
    expect(r.detail).toBe('t: sack 2 > 4 × le 0.5 at x = 3');
  });

  it('names both figures when a claim compares two figures of one series', () => {
    const two = sweepData([1], [{ protocol: 'rrtp', summaries: [[S({ a: 3, b: 1 })]] }]);
    const r = evaluateClaim(
      claim({ left: { series: 'rrtp', figure: 'a', x: 1 }, op: '>', right: { series: 'rrtp', figure: 'b', x: 1 } }),
      two,
    );
    expect(r).toEqual({ verdict: 'holds', detail: 'rrtp a 3 > rrtp b 1 at x = 1' });
  });

  it('with an x range, holds only if it holds at every swept x in it', () => {
    expect(
      evaluateClaim(claim({ left: { series: 'le', figure: 't', x_range: [1, 2] }, op: '==', value: 0 }), data).verdict,
    ).toBe('holds');
    const r = evaluateClaim(claim({ left: { series: 'le', figure: 't', x_range: [1, 3] }, op: '==', value: 0 }), data);
    expect(r).toEqual({ verdict: 'does-not-hold', detail: 't: le 0.5 == 0 at x = 3' });
    expect(
      evaluateClaim(claim({ left: { series: 'le', figure: 't', x_range: [7, 9] }, op: '==', value: 0 }), data).verdict,
    ).toBe('pending');
  });

  it('is pending while a point has seeds still to run, or a series was not run', () => {
    const partial = sweepData([1], [{ protocol: 'le', summaries: [[S({ t: 0 }), undefined]] }]);
    expect(
      evaluateClaim(claim({ left: { series: 'le', figure: 't', x: 1 }, op: '==', value: 0 }), partial).verdict,
    ).toBe('pending');
    expect(
      evaluateClaim(claim({ left: { series: 'fack', figure: 't', x: 1 }, op: '==', value: 0 }), data).verdict,
    ).toBe('pending');
  });

  it('reads a compare: one run per protocol, no x', () => {
    const cmp = compareData([
      { protocol: 'real', status: 'ok', summary: S({ tok: 4.9 }) },
      { protocol: 'reno', status: 'ok', summary: S({ tok: 3.2 }) },
      { protocol: 'tahoe', status: 'pending' },
    ]);
    expect(statsAt(cmp, 'real', 'tok')).toMatchObject({ n: 1, mean: 4.9 });
    expect(
      evaluateClaim(
        claim({ left: { series: 'real', figure: 'tok' }, op: '>', right: { series: 'reno', figure: 'tok' } }),
        cmp,
      ).verdict,
    ).toBe('holds');
    expect(
      evaluateClaim(
        claim({ left: { series: 'reno', figure: 'tok' }, op: '>', right: { series: 'tahoe', figure: 'tok' } }),
        cmp,
      ).verdict,
    ).toBe('pending');
  });
});

describe('reading a preset evidence block', () => {
  it('keeps the good entries and names what is wrong with the others', () => {
    const { evidence, problems } = parseEvidence(
      {
        published: [
          {
            label: 'Goodput',
            series: 'real',
            figure: 'goodput_mbps',
            x: 0,
            value: 1.9,
            unit: 'Mb/s',
            source: 'Table 1',
          },
          { label: 'Goodput', series: 'real', figure: 'goodput_mbps', value: 'high', source: 'Table 1' },
        ],
        claims: [
          { text: 'a', source: 's', check: { left: { series: 'le', figure: 't' }, op: '<', value: 1 } },
          { text: 'b', source: 's', check: { left: { series: 'le', figure: 't' }, op: '~', value: 1 } },
          { text: 'c', source: 's', check: { left: { series: 'le', figure: 't' }, op: '<' } },
          {
            text: 'd',
            source: 's',
            check: { left: { series: 'le', figure: 't', x_range: [3, 1] }, op: '<', value: 1 },
          },
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

// ---- claims as the papers state them (docs/claims.md) ---------------------------------

const PAPERS = {
  er: { title: 'TCP-ER', citation: 'Yin et al.', tolerance: 0.2, tolerance_why: 'w', abs_floor: { late: 0.1 } },
};
const one = (c: Record<string, unknown>): { claim?: Claim; problems: string[] } => {
  const r = parseEvidence({ claims: [c] }, 'p', PAPERS);
  return { claim: r.evidence.claims[0], problems: r.problems };
};
const base = { id: 'er/x', paper: 'er', quote: 'q', source: '§IV' };
// Seeds at x = 7 and 10: SACK and SACK-ER.
const seeds = sweepData(
  [7, 10],
  [
    {
      protocol: 'sack',
      summaries: [[80, 82, 78].map((v) => S({ sft: v, late: 0 })), [40, 60, 50].map((v) => S({ sft: v, late: 0.05 }))],
    },
    {
      protocol: 'sack_er',
      summaries: [[63, 64, 62].map((v) => S({ sft: v, late: 0 })), [45, 55, 50].map((v) => S({ sft: v, late: 0.3 }))],
    },
  ],
);
const single = sweepData(
  [7],
  [
    { protocol: 'sack', summaries: [[S({ sft: 80 })]] },
    { protocol: 'sack_er', summaries: [[S({ sft: 10 })]] },
  ],
);
const num = (x: number, paper_value: number, extra: Record<string, unknown> = {}) =>
  one({
    ...base,
    kind: 'number',
    paper_value,
    unit: 's',
    check: { left: { series: 'sack', figure: 'sft', x } },
    ...extra,
  }).claim!;
const rel = (x: number, op: string, extra: Record<string, unknown> = {}) =>
  one({
    ...base,
    kind: 'relation',
    check: { left: { series: 'sack_er', figure: 'sft', x }, op, right: { series: 'sack', figure: 'sft', x } },
    ...extra,
  }).claim!;

describe('a number claim holds within the paper’s tolerance of the paper’s value', () => {
  it('within 20 % holds, outside does not, and the detail gives both numbers', () => {
    expect(evaluateClaim(num(7, 80), seeds)).toMatchObject({ verdict: 'holds' }); // 80 vs 80
    expect(evaluateClaim(num(7, 67), seeds).verdict).toBe('holds'); // +19.4 %
    const r = evaluateClaim(num(7, 65), seeds); // +23 %
    expect(r.verdict).toBe('does-not-hold');
    expect(r.detail).toBe('sft: sack 80 s (n = 3) vs paper 65 s (+23.1 %), allowed ±20 % at x = 7');
  });
  it('near 0 takes the paper block’s absolute floor of that figure', () => {
    const late = one({
      ...base,
      kind: 'number',
      paper_value: 0,
      check: { left: { series: 'sack', figure: 'late', x: 10 } },
    }).claim!;
    expect(evaluateClaim(late, seeds).verdict).toBe('holds'); // 0.05 within ±0.1
    const er = one({
      ...base,
      kind: 'number',
      paper_value: 0,
      check: { left: { series: 'sack_er', figure: 'late', x: 10 } },
    }).claim!;
    expect(evaluateClaim(er, seeds)).toMatchObject({
      verdict: 'does-not-hold',
      detail: expect.stringContaining('allowed ±0.1'),
    });
  });
  it('compares a ratio of two series when the check has a right side', () => {
    const ratio = one({
      ...base,
      kind: 'number',
      paper_value: 0.8,
      check: { left: { series: 'sack_er', figure: 'sft', x: 7 }, right: { series: 'sack', figure: 'sft', x: 7 } },
    }).claim!;
    expect(evaluateClaim(ratio, seeds)).toMatchObject({
      verdict: 'holds',
      detail: expect.stringContaining('sack_er / sack 0.787'),
    });
    expect(evaluateClaim({ ...ratio, paper_value: 0.3 }, seeds).verdict).toBe('does-not-hold');
  });
});

describe('a relation holds only when the 95 % intervals say so', () => {
  it('separated intervals: holds; the reverse does not', () => {
    expect(evaluateClaim(rel(7, '<'), seeds).verdict).toBe('holds'); // [60.5, 65.5] below [75, 85]
    expect(evaluateClaim(rel(7, '>'), seeds).verdict).toBe('does-not-hold');
  });
  it('overlapping intervals: neither "<" nor ">" holds, though the means differ', () => {
    // x = 10: sack 50 ± 24.8, sack_er 50 ± 12.4 (means equal); shift sack_er by a little
    const shifted = sweepData(
      [10],
      [
        { protocol: 'sack', summaries: [[40, 60, 50].map((v) => S({ sft: v }))] },
        { protocol: 'sack_er', summaries: [[35, 45, 40].map((v) => S({ sft: v }))] },
      ],
    );
    const r = evaluateClaim(rel(10, '<'), shifted);
    expect(r.verdict).toBe('does-not-hold'); // means 40 < 50, intervals overlap
    expect(r.detail).toContain('the intervals do not say so');
    // The legacy rule (means) would have called it a hold.
    expect(
      evaluateClaim(
        claim({
          left: { series: 'sack_er', figure: 'sft', x: 10 },
          op: '<',
          right: { series: 'sack', figure: 'sft', x: 10 },
        }),
        shifted,
      ).verdict,
    ).toBe('holds');
  });
  it('against a value, and with a factor scaling the other side’s interval', () => {
    const v = one({
      ...base,
      kind: 'relation',
      check: { left: { series: 'sack', figure: 'sft', x: 7 }, op: '>', value: 70 },
    }).claim!;
    expect(evaluateClaim(v, seeds).verdict).toBe('holds'); // lower bound 75.0 > 70
    expect(evaluateClaim({ ...v, check: { ...v.check!, value: 76 } }, seeds).verdict).toBe('does-not-hold');
    expect(
      evaluateClaim(
        rel(7, '<', {
          check: {
            left: { series: 'sack_er', figure: 'sft', x: 7 },
            op: '<',
            right: { series: 'sack', figure: 'sft', x: 7 },
            factor: 0.8,
          },
        }),
        seeds,
      ).verdict,
    ).toBe('does-not-hold'); // 0.8 x [75, 85] = [60, 68] overlaps
  });
  it('with a single seed cannot hold, and says it needs 2 seeds', () => {
    const r = evaluateClaim(rel(7, '<'), single);
    expect(r.verdict).toBe('does-not-hold');
    expect(r.detail).toContain('needs ≥ 2 seeds');
  });
});

describe('readings and claims the lab cannot express', () => {
  it('a claim with a reading that holds is "holds under a named reading"; one that fails does not hold', () => {
    const reading = { name: 'frozen gap 200 ms', sweep: '#v=2&view=sweep' };
    expect(evaluateClaim(rel(7, '<', { reading }), seeds).verdict).toBe('holds-under-reading');
    expect(evaluateClaim(num(7, 80, { reading }), seeds).verdict).toBe('holds-under-reading');
    expect(evaluateClaim(rel(7, '>', { reading }), seeds).verdict).toBe('does-not-hold');
  });
  it('not_expressible needs no runs and says why', () => {
    const c = one({ ...base, kind: 'not_expressible', why: 'no per-timeout values' }).claim!;
    expect(evaluateClaim(c, single)).toEqual({ verdict: 'not-expressible', detail: 'no per-timeout values' });
  });
});

describe('reading malformed claims and paper blocks: each message names the field', () => {
  it('names what a claim lacks or has wrong', () => {
    const msgs = (c: Record<string, unknown>) => one(c).problems;
    expect(
      msgs({ kind: 'number', quote: 'q', source: 's', paper_value: 1, check: { left: { series: 'a', figure: 'f' } } }),
    ).toEqual(['preset "p" claim 1: a number claim needs id, paper — left out']);
    expect(msgs({ ...base, kind: 'guess' })).toEqual([
      'preset "p" claim "er/x": "kind" must be one of number, relation, not_expressible — left out',
    ]);
    expect(msgs({ ...base, paper: 'nope', kind: 'relation' })).toEqual([
      'preset "p" claim "er/x": paper "nope" is not in presets.json\'s "papers" — left out',
    ]);
    expect(msgs({ ...base, kind: 'number', check: { left: { series: 'a', figure: 'f' } } })).toEqual([
      'preset "p" claim "er/x": a number claim needs "paper_value" (the paper\'s number) — left out',
    ]);
    expect(
      msgs({
        ...base,
        kind: 'number',
        paper_value: 1,
        check: { left: { series: 'a', figure: 'f' }, op: '<', value: 2 },
      }),
    ).toEqual([
      'preset "p" claim "er/x": a number claim compares with "paper_value": give no "op" or "value" — left out',
    ]);
    expect(
      msgs({ ...base, kind: 'relation', check: { left: { series: 'a', figure: 'f' }, op: '==', value: 0 } }),
    ).toEqual([
      'preset "p" claim "er/x": a relation cannot be "==" (intervals never say two things are equal): make it a number claim — left out',
    ]);
    expect(msgs({ ...base, kind: 'not_expressible' })).toEqual([
      'preset "p" claim "er/x": a not_expressible claim needs "why" (what the lab cannot model) — left out',
    ]);
    expect(
      msgs({
        ...base,
        kind: 'relation',
        check: { left: { series: 'a', figure: 'f' }, op: '<', value: 1 },
        reading: { sweep: '#x' },
      }),
    ).toEqual([
      'preset "p" claim "er/x": "reading" needs "name" (the unstated setting and the value chosen) — left out',
    ]);
    expect(
      msgs({
        ...base,
        kind: 'relation',
        check: { left: { series: 'a', figure: 'f' }, op: '<', value: 1 },
        explain: { text: 't', hash: 'v=2' },
      }),
    ).toEqual(['preset "p" claim "er/x": "explain.hash" must be a link starting with "#" — left out']);
  });
  it('refuses a claim id twice in a preset', () => {
    const r = parseEvidence(
      {
        claims: [
          { ...base, kind: 'not_expressible', why: 'w' },
          { ...base, kind: 'not_expressible', why: 'w' },
        ],
      },
      'p',
      PAPERS,
    );
    expect(r.evidence.claims).toHaveLength(1);
    expect(r.problems).toEqual(['preset "p" claim "er/x": id "er/x" appears twice — left out']);
  });
  it('names what a paper block lacks', () => {
    expect(parsePapers({ a: { title: 't', citation: 'c', tolerance: 25, tolerance_why: 'w' } }).problems).toEqual([
      'paper "a": "tolerance" must be a relative number from 0 to 1 (0.2 = 20 %) — left out',
    ]);
    expect(parsePapers({ a: { title: 't', tolerance: 0.2 } }).problems).toEqual([
      'paper "a": needs title, citation, tolerance and tolerance_why — left out',
    ]);
    expect(parsePapers({ a: PAPERS.er }).papers.a.tolerance).toBe(0.2);
  });
  it("reads a paper's platform, and names one that is not text", () => {
    expect(parsePapers({ a: { ...PAPERS.er, platform: 'ns-2' } }).papers.a.platform).toBe('ns-2');
    expect(parsePapers({ a: PAPERS.er }).papers.a.platform).toBeUndefined();
    const bad = parsePapers({ a: { ...PAPERS.er, platform: 2 } }).problems;
    expect(bad).toEqual(['paper "a": "platform" must be text — left out']);
  });
  it('reads an old claim (no kind) as legacy, keyed "<preset>#<index>"', () => {
    const r = parseEvidence(
      { claims: [{ text: 'a', source: 's', check: { left: { series: 'le', figure: 't' }, op: '<', value: 1 } }] },
      'p',
    );
    expect(r.evidence.claims[0]).toMatchObject({ id: 'p#0', kind: 'legacy', text: 'a' });
  });
});
