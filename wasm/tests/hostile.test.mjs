// The WASM module on hostile input: deep nesting, long values and a stream of bad
// scenarios give error documents, never a trap, and leave the heap as it was
// (issue G: 7,000 nested lists trapped with "Maximum call stack size exceeded", and
// 2,000 traps grew the heap from 248 MB to 803 MB).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { loadPlab } from '../plab-node.mjs';

let plab;
before(async () => {
  plab = await loadPlab();
});

const deep = (n) => '['.repeat(n) + ']'.repeat(n);

describe('hostile input to the WASM module', () => {
  test('deep nesting is refused with a message, before anything recurses', () => {
    for (const text of [deep(100000), `{"seed":${deep(7000)}}`, `{"flows":[${deep(40)}]}`]) {
      const { ok, result } = plab.run(text);
      assert.equal(ok, false);
      assert.match(result.errors[0].message, /nests lists and objects more than 32 levels/);
    }
  });

  test('a long bad value is cut in the message', () => {
    const { ok, json } = plab.run({ flows: [{ protocol: 'x'.repeat(1_000_000) }] });
    assert.equal(ok, false);
    assert.ok(json.length < 4096, `error document of ${json.length} bytes`);
  });

  test('2,000 bad scenarios leave the heap where it was and the next run is fine', () => {
    const good = { duration_s: 2 };
    const first = plab.run(good);
    assert.equal(first.ok, true);
    const heapBefore = plab.heapBytes();
    const bad = [deep(5000), '{"seed":"abc"}', '[]', '{"flows[0]":{}}', `{"x":"${'y'.repeat(10000)}"}`];
    for (let i = 0; i < 2000; i++) assert.equal(plab.run(bad[i % bad.length]).ok, false);
    assert.ok(plab.heapBytes() <= heapBefore * 1.5, `heap grew from ${heapBefore} to ${plab.heapBytes()} bytes`);
    const again = plab.run(good);
    assert.deepEqual(again.result.summary, first.result.summary);
  });
});
