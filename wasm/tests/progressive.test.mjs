// Progressive runs (api.h RunSession, the bridge's plab_begin / plab_advance /
// plab_snapshot / plab_finish): a run taken in slices of simulated time, with a look at
// the result after each slice, ends with exactly plab_run's result: the same document
// and the same column bits, for one flow, many flows, background traffic and a
// live-mode timeline. Needs `npm run build:wasm` first.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { loadPlab } from '../plab-node.mjs';

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const plab = await loadPlab();

function heapText(module, text) {
  const n = module.lengthBytesUTF8(text) + 1;
  const ptr = module._malloc(n);
  module.stringToUTF8(text, ptr, n);
  return ptr;
}

function lastOutput(module) {
  const json = module.UTF8ToString(module.ccall('plab_result_json', 'number', [], []));
  const ptr = module.ccall('plab_columns_ptr', 'number', [], []) / 8;
  const len = module.ccall('plab_columns_length', 'number', [], []);
  return { json, columns: len > 0 ? module.HEAPF64.slice(ptr, ptr + len) : new Float64Array(0) };
}

// Steps the run at `cuts` (seconds), taking a snapshot after each; returns the
// snapshots and the final output.
function runInSlices(scenario, timeline, cuts) {
  return plab.call((module) => {
    const s = heapText(module, JSON.stringify(scenario));
    const t = heapText(module, timeline === undefined ? '' : JSON.stringify(timeline));
    let begun;
    try {
      begun = module.ccall('plab_begin', 'number', ['number', 'number'], [s, t]);
    } finally {
      module._free(s);
      module._free(t);
    }
    assert.equal(begun, 1, lastOutput(module).json);
    const snapshots = [];
    for (const cut of cuts) {
      const ended = module.ccall('plab_advance', 'number', ['number'], [cut]);
      assert.equal(module.ccall('plab_snapshot', 'number', [], []), 1);
      snapshots.push({ at: module.ccall('plab_now_s', 'number', [], []), ...lastOutput(module) });
      if (ended === 1) break;
    }
    const ok = module.ccall('plab_finish', 'number', [], []);
    return { ok, snapshots, ...lastOutput(module) };
  });
}

function sameBits(a, b) {
  if (a.length !== b.length) return false;
  const x = new BigUint64Array(a.buffer, a.byteOffset, a.length);
  const y = new BigUint64Array(b.buffer, b.byteOffset, b.length);
  return x.every((bits, i) => bits === y[i]);
}

const scenarioFile = (name) => JSON.parse(readFileSync(path.join(kRoot, 'engine/scenarios', name), 'utf8'));

const kCases = [
  { name: 'the default scenario', scenario: {}, cuts: [0.001, 0.5, 1, 2.5, 7, 19.99] },
  {
    name: 'loss, cut at uneven times',
    scenario: {
      seed: 9,
      duration_s: 12,
      flows: [{ protocol: 'sack', channel: { forward: { model: 'bernoulli', p: 0.02 } } }],
    },
    cuts: [0.0137, 0.3, 0.3, 3.3333, 6, 11.5, 12, 40],
  },
  { name: 'ten flows on a dumbbell', scenario: scenarioFile('dumbbell-10-flows.json'), cuts: [0.2, 1, 3, 6, 9] },
  {
    name: 'four flows and background traffic',
    scenario: {
      seed: 5,
      duration_s: 8,
      flows: [{ protocol: 'cubic' }, { protocol: 'newreno' }, { protocol: 'vegas' }, { protocol: 'bbr' }],
      background: [{ kind: 'http' }],
    },
    cuts: [0.05, 0.5, 2, 4.44, 7.9],
  },
];

describe('a run in slices ends with the one-shot result, bit for bit', () => {
  for (const c of kCases) {
    test(c.name, () => {
      const whole = plab.run(c.scenario);
      assert.equal(whole.ok, true, whole.json);
      const sliced = runInSlices(c.scenario, undefined, c.cuts);
      assert.equal(sliced.ok, 1, sliced.json);
      assert.equal(sliced.json, whole.json);
      assert.ok(whole.columns.length > 0);
      assert.ok(sameBits(sliced.columns, whole.columns), 'the columns differ');
      // The snapshots covered the run as it went: progress while running, the times reached.
      const running = sliced.snapshots.filter((s) => JSON.parse(s.json).progress);
      assert.ok(running.length >= 2, 'too few snapshots in progress');
      for (const s of running) assert.equal(JSON.parse(s.json).progress.t_s, s.at);
    });
  }

  test('a live-mode timeline, cut before, at and after its changes', () => {
    const scenario = {
      seed: 21,
      duration_s: 15,
      flows: [{ protocol: 'newreno', channel: { forward: { model: 'bernoulli', p: 0.002 } } }],
    };
    const timeline = [
      { t_s: 3.25, path: 'flows[0].channel.forward.p', value: 0.04 },
      { t_s: 7.5, path: 'topology.bottleneck.rate_mbps', value: 3 },
      { t_s: 7.5, path: 'flows[0].channel.forward.p', value: 0.001 },
    ];
    const whole = plab.run(scenario, timeline);
    assert.equal(whole.ok, true, whole.json);
    const sliced = runInSlices(scenario, timeline, [1, 3.25, 3.26, 5, 7.5, 10]);
    assert.equal(sliced.json, whole.json);
    assert.ok(sameBits(sliced.columns, whole.columns), 'the columns differ');
    // The comparison can fail: without the timeline the run differs.
    const plain = runInSlices(scenario, undefined, [1, 5]);
    assert.notEqual(plain.json, whole.json);
  });

  test('a snapshot is a prefix of the run: the series so far, never a point after now', () => {
    const sliced = runInSlices({}, undefined, [4]);
    const snap = JSON.parse(sliced.snapshots[0].json);
    const cols = sliced.snapshots[0].columns;
    assert.equal(snap.progress.t_s, 4);
    for (const s of snap.series) {
      for (let i = 0; i < s.length; i++) assert.ok(cols[s.offset + i] <= 4, `${s.key} has a point after 4 s`);
    }
  });

  test('a refused scenario or timeline gives the error document at begin', () => {
    const out = plab.call((module) => {
      const s = heapText(module, JSON.stringify({ duration_s: -1 }));
      try {
        return { begun: module.ccall('plab_begin', 'number', ['number', 'number'], [s, 0]), ...lastOutput(module) };
      } finally {
        module._free(s);
      }
    });
    assert.equal(out.begun, 0);
    assert.match(JSON.parse(out.json).errors[0].path, /duration_s/);
    const bad = runInSlicesRefused({}, [{ t_s: 1, path: 'duration_s', value: 5 }]);
    assert.equal(bad.ok, 0);
    assert.equal(JSON.parse(bad.json).errors[0].path, 'timeline[0]');
  });
});

// A timeline change the run cannot take ends the run at that change with its error.
function runInSlicesRefused(scenario, timeline) {
  return plab.call((module) => {
    const s = heapText(module, JSON.stringify(scenario));
    const t = heapText(module, JSON.stringify(timeline));
    try {
      assert.equal(module.ccall('plab_begin', 'number', ['number', 'number'], [s, t]), 1);
    } finally {
      module._free(s);
      module._free(t);
    }
    assert.equal(module.ccall('plab_advance', 'number', ['number'], [2]), 1);
    const ok = module.ccall('plab_finish', 'number', [], []);
    return { ok, ...lastOutput(module) };
  });
}
