// The page keeps no chart catalogue of its own: which series a chart draws comes from
// the engine's panel declarations, which charts/panels.ts turns into charts. This reads the
// sources of everything that draws (charts/, views/, present/, components/) and fails
// on a series read by a literal name, or any quoted literal that is a declared series'
// name (a summary figure of the same name, a table column, is not a series).
import { describe, expect, it } from 'vitest';
import fixture from './testdata/schema-panels.json';

// Every source of what draws, as text (Vite reads them; no file system access).
const SOURCES = import.meta.glob(
  [
    '../charts/**/*.{ts,tsx}',
    '../views/**/*.{ts,tsx}',
    '../present/**/*.{ts,tsx}',
    '../components/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
  ],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
) as Record<string, string>;

/** The code without its comments (which may name series to explain them). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

const seriesNames = new Set(fixture.series.map((s) => s.name));
const figureNames = new Set(fixture.summary);
// The builder (charts/panels.ts) included: it reads names from the declarations too.
const files = Object.keys(SOURCES);

/** The offending pieces of one file's code. */
function offences(text: string): string[] {
  const out: string[] = [];
  const c = code(text);
  // A series accessor given a literal name: get(ex, 'cwnd'), flowTv(ex, i, 'cwnd')...
  for (const m of c.matchAll(/\b(get|flowSeries|groupSeries|flowTv|explain)\([^()]*?(['"`])([a-z_]+)\2/g))
    if (seriesNames.has(m[3])) out.push(m[0]);
  for (const m of c.matchAll(/(['"`])([a-z_]+)\1/g))
    if (seriesNames.has(m[2]) && !figureNames.has(m[2])) out.push(m[0]);
  return out;
}

describe('no chart component lists series by hand', () => {
  it('finds the drawing sources', () => {
    expect(files.length).toBeGreaterThan(20);
    for (const f of ['TimeSeqChart.tsx', 'panels.ts', 'CompareView.tsx'])
      expect(files.some((k) => k.endsWith(`/${f}`))).toBe(true);
  });

  it('reads no series by a literal name, the builder included', () => {
    const found = files.flatMap((f) => offences(SOURCES[f]).map((o) => `${f}: ${o}`));
    expect(found).toEqual([]);
  });

  it('would catch the catalogue it replaced', () => {
    // The lines Charts.tsx, FlowCharts.tsx and CompareView.tsx had.
    expect(offences("{ key: 'ssthresh', label: 'ssthresh', shape: 'step', ...tv(get(ex, 'ssthresh')) }")).not.toEqual(
      [],
    );
    expect(offences('...flowTv(ex, f.index, `allowed_rate`)')).not.toEqual([]);
    expect(offences("cwnd: shown.map((e) => mk(e, 'cwnd', 'step')),")).not.toEqual([]);
    expect(offences("...tv(get(focus, 'app_success_pct'))")).not.toEqual([]);
    expect(offences("// a comment may name 'cwnd'\nconst figure = 'app_success_pct';")).toEqual([]);
  });
});
