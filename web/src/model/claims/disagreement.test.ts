// The ns-3 grid's classes of known disagreement reach the page from their one owner,
// engine/tests/data/ns3-grid-disagreements.json (read by ns3_grid_test.cc too), through
// scripts/make-references.py: each grid check carries its point's class, and a check that
// does not hold says the cause and the test that shows it, or that no test does yet. The
// modern cases' classes (ns3-modern-disagreements.json, ns3_modern_test.cc) reach it so too.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import referencesJson from '../../../../public/validation/references.json?raw';
import gridScenariosJsonl from '../../../../engine/tests/data/ns3-grid-page-scenarios.jsonl?raw';
import classesJson from '../../../../engine/tests/data/ns3-grid-disagreements.json?raw';
import modernClassesJson from '../../../../engine/tests/data/ns3-modern-disagreements.json?raw';
import { referenceGroups } from './validation';
import { parseReferences } from './references';
import { disagreementText } from './disagreement';
import { DisagreementNote } from '../../components/DisagreementNote';

const refs = parseReferences(JSON.parse(referencesJson));
const rows = referenceGroups(refs.groups).flatMap((g) => g.rows);
type Classes = { classes: { id: string; explained: string; cause: string; tests: string[] }[] };
const classes = (JSON.parse(classesJson) as Classes).classes;
const modernClasses = (JSON.parse(modernClassesJson) as Classes).classes;
const note = (key: string, verdict: 'holds' | 'does-not-hold') => {
  const row = rows.find((r) => r.key === key)!;
  return renderToStaticMarkup(createElement(DisagreementNote, { rowKey: row.key, d: row.disagreement, verdict }));
};
/** The note's text as read (its summary, then the cause it opens to). */
const noteText = (key: string) => {
  const html = note(key, 'does-not-hold');
  expect(html).toMatch(/^<details [^>]*><summary>does not hold — [^<]*\(class [^<]*\):<\/summary>/);
  return html.replace(/<[^>]+>/g, '');
};

describe('the ns-3 grid’s known disagreements', () => {
  it('are those of ns3-grid-disagreements.json and ns3-modern-disagreements.json (run make-references.py after changing them)', () => {
    expect(refs.problems).toEqual([]);
    const onPage = JSON.parse(referencesJson).disagreements as Record<string, unknown>;
    expect(onPage).toEqual(
      Object.fromEntries(
        [...classes, ...modernClasses].map((c) => [c.id, { explained: c.explained, cause: c.cause, tests: c.tests }]),
      ),
    );
  });

  it('put on every check of a point the class ns3_grid_test.cc finds there', () => {
    // ns3_grid_test.cc (ThePageRunsTheScenariosThisTestRuns) checks each line's class is its own.
    const byPoint = new Map<string, string | null>();
    for (const line of gridScenariosJsonl.split('\n').filter((l) => l.trim())) {
      const { point, disagreement } = JSON.parse(line) as { point: string; disagreement: string | null };
      byPoint.set(`ns3-grid-${point.replaceAll('|', '-')}`, disagreement);
    }
    const grid = rows.filter((r) => r.key.startsWith('ns3-grid-'));
    expect(grid.length).toBeGreaterThan(150);
    const points: Record<string, number> = {};
    for (const r of grid) {
      const point = r.key.replace(/-(total|share|jain)$/, '');
      expect(byPoint.has(point), r.key).toBe(true);
      expect(r.disagreement?.id ?? null, r.key).toBe(byPoint.get(point));
      if (r.key.endsWith('-total') && r.disagreement) points[r.disagreement.id] = (points[r.disagreement.id] ?? 0) + 1;
    }
    expect(points).toEqual({
      cubic: 44,
      'no-sack': 63,
      'no-sack-after-timeout': 10,
      bbr: 21,
      'tiny-queue': 6,
      overshoot: 1,
    });
    expect(
      rows.filter((r) => !r.key.startsWith('ns3-grid-') && !r.key.startsWith('ns3-modern-') && r.disagreement),
    ).toEqual([]);
  });

  it('name on the modern cases the classes make-references.py gives them', () => {
    const named = Object.fromEntries(
      rows.filter((r) => r.key.startsWith('ns3-modern-') && r.disagreement).map((r) => [r.key, r.disagreement!.id]),
    );
    // None since 2026-11-29: the FQ-CoDel total and the CUBIC pair's Jain index agree with
    // ns-3.44's DoRecovery calls (prr_ns3_calls), its CUBIC window law and RFC 6675's
    // duplicate ACKs (ns3_modern_test.cc).
    expect(named).toEqual({});
  });

  it('say, beside a check that does not hold, the cause and the test that shows it', () => {
    const key = 'ns3-grid-newreno-10-50-0.25-0-total';
    expect(rows.find((r) => r.key === key)?.disagreement?.id).toBe('no-sack-after-timeout');
    const text = noteText(key);
    expect(text).toContain('does not hold — known disagreement (class no-sack-after-timeout): ns-3 without SACK');
    expect(text).toContain('(tested by Ns3Grid.Ns3WithoutSackRecoversOverAndOverAfterATimeout)');
    expect(note(key, 'does-not-hold')).toContain('data-explained="yes"');
    expect(note(key, 'holds')).toBe('');
  });

  it('read as unexplained where no test explains them, and as partly explained where a test explains part', () => {
    // Checked on a class as make-references.py copies one: today every class of the grid
    // has a test for at least part of its cause.
    const text = disagreementText({ id: 'x', explained: 'no', cause: 'not explained by a test yet', tests: [] });
    expect(text).toMatch(/^does not hold — unexplained disagreement \(class x\), no test shows its cause yet: /);
    expect(text).toContain('not explained by a test yet');
    expect(text).not.toContain('known disagreement');
    expect(text).not.toContain('tested by');
    const bbr = rows.find((r) => r.disagreement?.id === 'bbr')!;
    expect(disagreementText(bbr.disagreement!)).toContain('known disagreement, partly explained (class bbr)');
    // A class whose every point has its test reads as explained, naming its tests.
    const noSack = rows.find((r) => r.disagreement?.id === 'no-sack')!;
    const noSackText = disagreementText(noSack.disagreement!);
    expect(noSackText).toContain('known disagreement (class no-sack)');
    expect(noSackText).toContain('Ns3Grid.Ns3RenoSacksAreWhyTheseLossFreeNoSackPointsDisagree');
  });

  it('leave out a check naming a class that is not there, and a class without its fields', () => {
    const check = { id: 'c', text: 't', hash: '#', figure: 'f', seeds: 1, reference: 1, tolerance: 0.1 };
    const doc = (disagreement: string, explained: string, tests: string[]) => ({
      disagreements: { a: { explained, cause: 'why', tests } },
      groups: [{ id: 'g', title: 't', source: 's', checks: [{ ...check, disagreement }] }],
    });
    expect(parseReferences(doc('a', 'yes', ['T.x'])).groups[0].checks[0].disagreement?.cause).toBe('why');
    expect(parseReferences(doc('b', 'yes', ['T.x'])).groups[0].checks).toEqual([]);
    const noTest = parseReferences(doc('a', 'yes', []));
    expect(noTest.groups[0].checks).toEqual([]);
    expect(noTest.problems.join()).toContain('disagreement a: needs explained');
  });
});
