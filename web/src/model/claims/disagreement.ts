// A class of known disagreement between this engine and ns-3.44 over the grid: its cause,
// whether tests explain it and which. The one owner is
// engine/tests/data/ns3-grid-disagreements.json: ns3_grid_test.cc reads it (every point
// outside tolerance must fall in a class), and scripts/make-references.py copies it into
// references.json's `disagreements` and names each grid check's class in `disagreement`.

export interface KnownDisagreement {
  id: string;
  /** yes: the tests show the cause; partly: part of it (the cause says what is left); no:
   * no test explains it yet. */
  explained: 'yes' | 'partly' | 'no';
  cause: string;
  /** GoogleTest names ("Ns3Grid.Name"): ns3_grid_test.cc checks each exists. */
  tests: string[];
}

const EXPLAINED = ['yes', 'partly', 'no'];

/** references.json's `disagreements` by id; a malformed class is left out with a message. */
export function parseDisagreements(doc: unknown, problems: string[]): Map<string, KnownDisagreement> {
  const out = new Map<string, KnownDisagreement>();
  const all = (doc as { disagreements?: unknown } | null)?.disagreements;
  if (all === undefined) return out;
  if (all === null || typeof all !== 'object') {
    problems.push('references.json: disagreements must be an object of classes by id');
    return out;
  }
  for (const [id, v] of Object.entries(all)) {
    const d = (v ?? {}) as Record<string, unknown>;
    const tests = d.tests;
    if (
      !EXPLAINED.includes(d.explained as string) ||
      typeof d.cause !== 'string' ||
      !d.cause.trim() ||
      !Array.isArray(tests) ||
      !tests.every((t) => typeof t === 'string') ||
      (d.explained !== 'no' && tests.length === 0)
    ) {
      problems.push(
        `disagreement ${id}: needs explained (yes, partly or no), a cause and tests (at least one unless explained is no) — left out`,
      );
      continue;
    }
    out.set(id, { id, explained: d.explained as KnownDisagreement['explained'], cause: d.cause, tests });
  }
  return out;
}

/** What the page says beside a check of the class that does not hold: an unexplained class
 * reads as unexplained, whatever tests it lists. */
export function disagreementText(d: KnownDisagreement): string {
  const tests = d.tests.join(', ');
  if (d.explained === 'no')
    return (
      `does not hold — unexplained disagreement (class ${d.id}), no test shows its cause yet: ${d.cause}` +
      (tests ? ` (related tests: ${tests})` : '')
    );
  const partly = d.explained === 'partly' ? ', partly explained' : '';
  return `does not hold — known disagreement${partly} (class ${d.id}): ${d.cause} (tested by ${tests})`;
}
