// No source file of the page (web/src) or its browser tests (e2e) over 400 lines: a
// file that long does more than one job (STYLE.md: small files with one job), so it is
// split by concern before it grows further. The message names each file and its length.
import { describe, expect, it } from 'vitest';

export const MAX_LINES = 400;

// Every source file's text, keyed by its path from web/src: vite reads them, so the
// test needs no file-system API.
const SOURCES = import.meta.glob(
  ['./**/*.{ts,tsx,mjs,css}', '../../e2e/**/*.{ts,mjs}', '!./**/*.d.ts', '!**/node_modules/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
) as Record<string, string>;

/** How many lines a text has (a last line without its newline counts). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The files over the limit, as "path: N lines", longest first. */
export function overLong(sources: Record<string, string>, max = MAX_LINES): string[] {
  return Object.entries(sources)
    .map(([path, text]) => [path, lineCount(text)] as const)
    .filter(([, n]) => n > max)
    .sort((a, b) => b[1] - a[1])
    .map(([path, n]) => `${path}: ${n} lines`);
}

describe('source file length', () => {
  it('reads both the page and the e2e specs', () => {
    const paths = Object.keys(SOURCES);
    expect(paths).toContain('./App.tsx');
    expect(paths).toContain('./charts/TimeSeqChart.tsx');
    expect(paths.some((p) => p.startsWith('../../e2e/') && p.endsWith('.spec.ts'))).toBe(true);
  });

  it('counts lines and names a file over the limit', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(overLong({ './short.ts': 'x\n'.repeat(400), './long.ts': 'x\n'.repeat(401) })).toEqual([
      './long.ts: 401 lines',
    ]);
  });

  it(`no web/src or e2e source file is over ${MAX_LINES} lines`, () => {
    expect(overLong(SOURCES)).toEqual([]);
  });
});
