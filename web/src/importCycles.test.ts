// No import cycles between the page's source files: every file of web/src, its
// relative imports (type-only ones too: a cycle of types is still two files that must
// change together) read from the sources, and a depth-first search for a back edge.
// A cycle is reported as its files in order, so the message says what to cut.
import { describe, expect, it } from 'vitest';

// Every source file's text, keyed by its path from web/src ("./model/views.ts"):
// vite reads them, so the test needs no file-system API.
const SOURCES = import.meta.glob(['./**/*.ts', './**/*.tsx', '!./**/*.d.ts', '!./**/fixtures/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const EXTENSIONS = ['.ts', '.tsx'];

/** A path with "." and ".." segments resolved ("a/b/../c" -> "a/c"). */
function normalize(p: string): string {
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

/** The file a relative specifier names (with or without its extension, or a folder's
 * index), among the known files; null for anything else (a stylesheet, JSON). */
function resolve(files: ReadonlySet<string>, from: string, spec: string): string | null {
  const base = normalize(from.slice(0, from.lastIndexOf('/') + 1) + spec);
  for (const c of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)])
    if (files.has(c)) return c;
  return null;
}

/** import … from '…', export … from '…', import '…' and import('…'), relative ones only. */
export function relativeImports(source: string): string[] {
  const out: string[] = [];
  const re =
    /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|(?:^|[\s;])import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const m of source.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

export function importGraph(sources: Record<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = new Set(Object.keys(sources).map(normalize));
  for (const [name, text] of Object.entries(sources)) {
    const f = normalize(name);
    const deps = relativeImports(text)
      .map((s) => resolve(files, f, s))
      .filter((d): d is string => d !== null);
    graph.set(f, [...new Set(deps)]);
  }
  return graph;
}

/** Every cycle found by a depth-first search (one per back edge), as its files in order. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const d of graph.get(f) ?? []) {
      if (state.get(d) === 'open') cycles.push([...stack.slice(stack.indexOf(d)), d]);
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...graph.keys()].sort()) if (!state.has(f)) visit(f);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle of two files and one of three, and none in a chain', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['x', ['y']],
      ['y', []],
    ]);
    expect(findCycles(g)).toEqual([
      ['a', 'b', 'a'],
      ['c', 'd', 'e', 'c'],
    ]);
  });

  it('reads relative imports of every form, and no package imports', () => {
    const src = `import { a } from './a';\nimport type { B } from "../b";\nexport * from './c';\nimport './d.css';\nconst e = import('./e');\nimport React from 'react';`;
    expect(relativeImports(src)).toEqual(['./a', '../b', './c', './d.css', './e']);
  });

  it('web/src has no import cycle between its files', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    const graph = importGraph(SOURCES);
    // The graph sees the imports: App.tsx reaches the store.
    expect(graph.get('App.tsx')).toContain('state/store.ts');
    const cycles = findCycles(graph).map((c) => c.join(' -> '));
    expect(cycles).toEqual([]);
  });
});
