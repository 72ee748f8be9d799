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

// Issue H §1b: the fuzzing campaign's findings, in WASM's timeline path (the page's
// live mode sends its timeline through plab_run_timeline, as this does).
describe('hostile timelines to the WASM module', () => {
  const scenario = { duration_s: 1, max_events: 200000, flows: [{ app: { token_bucket: { enabled: false } } }] };

  test('a change at 1e10 s is refused naming the range (it overflowed and applied at t = 0)', () => {
    const { ok, result } = plab.run(scenario, [{ t_s: 1e10, path: 'topology.bottleneck.rate_mbps', value: 0.01 }]);
    assert.equal(ok, false);
    assert.match(
      result.errors[0].message,
      /^timeline\[0\]\.t_s must be within \[0, 2000\] s \(the longest run\), got 10000000000$/,
    );
  });

  test('a refused change names its entry and path; unknown keys are refused; bad JSON says where', () => {
    let r = plab.run(scenario, [{ t_s: 0.5, path: 'topology.bottleneck.queue_packets', value: 5 }]);
    assert.match(r.result.errors[0].message, /^timeline\[0\] \(topology\.bottleneck\.queue_packets at 0\.5 s\): /);
    r = plab.run(scenario, [{ t_s: 0.5, path: 'topology.bottleneck.rate_mbps', value: 5, vlaue: 6 }]);
    assert.equal(
      r.result.errors[0].message,
      'unknown field timeline[0].vlaue (a timeline entry has t_s, path and value)',
    );
    r = plab.run(scenario, '[\n{"t_s": 1, "path": x}]');
    assert.match(r.result.errors[0].message, /^the timeline is not valid JSON at line 2, column 20: /);
  });

  // 20,000 changes (1.3 MB of JSON) went through ccall's 'string', onto the module's
  // stack, and trapped it ("memory access out of bounds"); now through the heap.
  test('a timeline of 20,000 changes runs instead of trapping the module', () => {
    const t = [];
    for (let i = 0; i < 20000; i++)
      t.push({ t_s: i * 1e-4, path: 'flows[0].channel.forward.p', value: i % 2 ? 0.01 : 0 });
    const lossy = { duration_s: 2, flows: [{ channel: { forward: { model: 'bernoulli', p: 0 } } }] };
    const r = plab.run(lossy, t);
    assert.equal(r.ok, true, r.json.slice(0, 300));
    assert.equal(r.result.trapped, undefined);
  });

  // The event budget bounds the work: 8,000 background users at 10 kb/s under 1e6
  // events return within a bound far above their cost (about 2 s natively on a loaded
  // machine; WASM is 1.5-2x native), so only a scan per event would cross it.
  test('8,000 background users at 10 kb/s return within their event budget', () => {
    const many = {
      duration_s: 2000,
      max_events: 1000000,
      topology: { kind: 'dumbbell', bottleneck: { rate_mbps: 0.01 } },
      flows: [{}],
      background: [
        { kind: 'http', count: 1000, think_mean_s: 0.001 },
        ...Array(3).fill({ kind: 'http', count: 1000 }),
        ...Array(4).fill({ kind: 'ftp', count: 1000 }),
      ],
    };
    const start = process.cpuUsage();
    const { ok, result } = plab.run(many);
    const cpu_s = (process.cpuUsage(start).user + process.cpuUsage(start).system) / 1e6;
    assert.equal(ok, true);
    assert.ok(result.summary.events <= 1000000);
    assert.ok(cpu_s < 20, `${cpu_s} s of CPU for ${result.summary.events} events`);
  });
});
