// After a trap (an exception out of a WASM call) the Node loader drops the module and
// puts a fresh one in its place, as the browser worker does: the next run works and
// gives the same figures, and repeated traps do not pile up heap (issue G: 2,000 traps
// grew the heap from 248 MB to 803 MB).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { loadPlab } from '../plab-node.mjs';

let plab;
before(async () => {
  plab = await loadPlab();
});

// A real trap: plab_run reading its scenario 16 bytes below 4 GiB, far outside the
// module's memory ("memory access out of bounds"). It first leaves 32 MB allocated,
// as a run that trapped midway would, so a module that is kept grows with every trap.
const trap = (m) => {
  m._malloc(32 << 20);
  return m._plab_run(0xfffffff0);
};

describe('recovery after a WASM trap', () => {
  test('a trap is reported as an error document and the next run works', () => {
    const good = { duration_s: 2 };
    const first = plab.run(good);
    assert.equal(first.ok, true);
    const out = plab.call(trap);
    assert.equal(out.ok, false);
    assert.equal(out.result.trapped, true);
    assert.match(out.result.errors[0].message, /trapped \(RuntimeError: memory access out of bounds\)/);
    assert.equal(plab.traps(), 1);
    const again = plab.run(good);
    assert.equal(again.ok, true);
    assert.deepEqual(again.result.summary, first.result.summary);
  });

  test('50 traps leave the heap where a fresh module has it', async () => {
    await plab.ready();
    const heapBefore = plab.heapBytes();
    const listenersBefore = process.listenerCount('uncaughtException');
    for (let i = 0; i < 50; i++) {
      assert.equal(plab.call(trap).result.trapped, true);
      await plab.ready();
    }
    assert.ok(plab.heapBytes() < heapBefore + (32 << 20), `heap grew from ${heapBefore} to ${plab.heapBytes()} bytes`);
    // Nothing holds on to the dropped modules (Emscripten's process listeners are removed).
    assert.equal(process.listenerCount('uncaughtException'), listenersBefore);
    assert.equal(plab.run({ duration_s: 1 }).ok, true);
  });

  test('two traps in a row, before a spare is ready, give a message, then recover', async () => {
    await plab.ready();
    plab.call(trap);
    const second = plab.call(trap);
    assert.equal(second.ok, false);
    await plab.ready();
    assert.equal(plab.run({ duration_s: 1 }).ok, true);
  });
});
