// The page's unit tests of its chart builder read the engine's panel declarations
// from a copy (web/src/charts/testdata/schema-panels.json); this checks the copy is
// the engine's: the same panels, the same series names and scopes, the protocols' families.
//
// Needs `npm run build:wasm` first. Regenerate the copy from `plab schema` when the
// declarations change (its _source says which parts it keeps).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { loadPlab } from '../plab-node.mjs';

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kCopy = path.join(kRoot, 'web/src/charts/testdata/schema-panels.json');

test("the page's copy of the panel declarations is the engine's", async () => {
  const plab = await loadPlab();
  const schema = plab.schema();
  const copy = JSON.parse(readFileSync(kCopy, 'utf8'));
  assert.deepEqual(copy.panels, schema.panels);
  assert.deepEqual(
    copy.series,
    schema.series.map((s) => ({ name: s.name, kind: s.kind, scope: s.scope })),
  );
  // Summary names only exempt a figure's key from the page's catalogue check.
  const figures = new Set(schema.summary.map((f) => f.name));
  for (const name of copy.summary) assert.ok(figures.has(name), `${name} is a summary figure`);
  for (const p of copy.protocols) {
    const engine = schema.protocols.find((e) => e.name === p.name);
    assert.ok(engine, `${p.name} is a registered protocol`);
    assert.equal(p.family, engine.family, `${p.name}'s family`);
  }
});
