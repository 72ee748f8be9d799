// Live mode's timeline, native == WASM: a run with changes at given times (loss up,
// the bottleneck's rate down, loss back) gives the same summary and the same column
// bits through the native CLI (`plab run FILE --timeline T.json --csv DIR`) and
// through WASM's plab_run_timeline, so a live-mode link replays the same numbers
// wherever it is run. Needs `npm run build:engine` and `npm run build:wasm` first.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { loadPlab } from '../plab-node.mjs';

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kNativeCli = path.join(kRoot, 'build/engine/plab');

const kScenario = {
  seed: 21,
  duration_s: 15,
  flows: [{ protocol: 'newreno', channel: { forward: { model: 'bernoulli', p: 0.002 } } }],
};
const kTimeline = [
  { t_s: 3.25, path: 'flows[0].channel.forward.p', value: 0.04 },
  { t_s: 7.5, path: 'topology.bottleneck.rate_mbps', value: 3 },
  { t_s: 7.5, path: 'flows[0].channel.forward.p', value: 0.001 },
];

const plab = await loadPlab();
let work_dir;

before(() => {
  assert.ok(existsSync(kNativeCli), `${kNativeCli} is missing: run npm run build:engine`);
  work_dir = mkdtempSync(path.join(tmpdir(), 'plab-timeline-'));
});

after(() => {
  if (work_dir) rmSync(work_dir, { recursive: true, force: true });
});

// The CLI's result and its columns rebuilt from the CSVs (17 significant digits: exact).
function runNative(scenario, timeline) {
  const file = path.join(work_dir, 'scenario.json');
  const timeline_file = path.join(work_dir, 'timeline.json');
  const csv_dir = path.join(work_dir, 'csv');
  writeFileSync(file, JSON.stringify(scenario));
  writeFileSync(timeline_file, JSON.stringify(timeline));
  const child = spawnSync(kNativeCli, ['run', file, '--timeline', timeline_file, '--csv', csv_dir], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  assert.equal(child.status, 0, `native CLI failed (exit ${child.status}):\n${child.stderr}`);
  const result = JSON.parse(child.stdout);
  const length = result.series.reduce((end, s) => Math.max(end, s.offset + 2 * s.length), 0);
  const columns = new Float64Array(length);
  for (const s of result.series) {
    const rows = readFileSync(path.join(csv_dir, `${s.key}.csv`), 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l);
    rows.forEach((row, i) => {
      const [time, value] = row.split(',');
      columns[s.offset + i] = Number(time);
      columns[s.offset + s.length + i] = Number(value);
    });
  }
  return { result, columns };
}

function sameBits(a, b) {
  if (a.length !== b.length) return false;
  const x = new BigUint64Array(a.buffer, a.byteOffset, a.length);
  const y = new BigUint64Array(b.buffer, b.byteOffset, b.length);
  return x.every((bits, i) => bits === y[i]);
}

describe('a live-mode timeline replays identically natively and in WASM', () => {
  test('same summary and the same column bits', () => {
    const wasm = plab.run(kScenario, kTimeline);
    assert.equal(wasm.ok, true, wasm.json);
    const native = runNative(kScenario, kTimeline);
    assert.deepStrictEqual(native.result.summary, wasm.result.summary);
    assert.deepStrictEqual(native.result.series, wasm.result.series);
    assert.ok(wasm.columns.length > 0);
    assert.ok(sameBits(native.columns, wasm.columns), 'the columns differ');
  });

  test('the timeline changed the run (the comparison can see it)', () => {
    const plain = plab.run(kScenario);
    const replayed = plab.run(kScenario, kTimeline);
    assert.ok(replayed.result.summary.forward_channel_drops > plain.result.summary.forward_channel_drops);
    assert.ok(!sameBits(plain.columns, replayed.columns));
    // The result's scenario says what was in force at the end.
    assert.equal(replayed.result.scenario.topology.bottleneck.rate_mbps, 3);
  });

  test('a change the run cannot take is refused, naming the entry', () => {
    const out = plab.run(kScenario, [{ t_s: 1, path: 'duration_s', value: 5 }]);
    assert.equal(out.ok, false);
    assert.equal(out.result.errors[0].path, 'timeline[0]');
    assert.match(out.result.errors[0].message, /cannot change during a run/);
  });
});

// "You are the congestion control": the manual window set at 2 s and 4 s.
const kManualScenario = {
  seed: 4,
  duration_s: 6,
  flows: [{ protocol: 'manual', channel: { forward: { model: 'none' } }, app: { token_bucket: { enabled: false } } }],
};
const kManualTimeline = [
  { t_s: 2, path: 'flows[0].manual.cwnd_segments', value: 4 },
  { t_s: 4, path: 'flows[0].manual.cwnd_segments', value: 25 },
];

function seriesOf(out, key) {
  const s = out.result.series.find((d) => d.key === key);
  return {
    t: out.columns.subarray(s.offset, s.offset + s.length),
    v: out.columns.subarray(s.offset + s.length, s.offset + 2 * s.length),
  };
}

function valuesIn(s, from, to) {
  return Array.from(s.v).filter((_, i) => s.t[i] >= from && s.t[i] < to);
}

describe('the manual window replays identically natively and in WASM', () => {
  test('same summary and column bits, and the window follows the timeline', () => {
    const wasm = plab.run(kManualScenario, kManualTimeline);
    assert.equal(wasm.ok, true, wasm.json);
    const native = runNative(kManualScenario, kManualTimeline);
    assert.deepStrictEqual(native.result.summary, wasm.result.summary);
    assert.ok(sameBits(native.columns, wasm.columns), 'the columns differ');
    const mss = 1; // the window series are in segments
    const cwnd = seriesOf(wasm, 'flows[0].cwnd');
    const flight = seriesOf(wasm, 'flows[0].flight_size');
    assert.deepStrictEqual([...new Set(valuesIn(cwnd, 0.5, 2))], [10 * mss]);
    assert.deepStrictEqual([...new Set(valuesIn(cwnd, 2.001, 4))], [4 * mss]);
    assert.ok(Math.max(...valuesIn(flight, 2.5, 4)) <= 4 * mss);
    assert.deepStrictEqual([...new Set(valuesIn(cwnd, 4.001, 6))], [25 * mss]);
    assert.ok(Math.max(...valuesIn(flight, 4.5, 6)) <= 25 * mss);
    assert.ok(Math.max(...valuesIn(flight, 4.5, 6)) > 10 * mss);
  });
});
