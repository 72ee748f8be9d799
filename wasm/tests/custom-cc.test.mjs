// The `custom` congestion control in WASM (docs/custom-cc.md): the engine's checker
// answers the editor (checkProgram), and a program's run-time error is the same error
// document as natively, naming flows[0].custom.program, the handler, line and values.
// Native = WASM for every template's run is in determinism.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { loadPlab } from '../plab-node.mjs';

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const plab = await loadPlab();

test('checkProgram: ok for every template, errors with line and columns otherwise', () => {
  for (const t of plab.schema().languages.custom.templates) {
    assert.deepEqual(plab.checkProgram(t.program), { ok: true, errors: [] }, t.name);
  }
  const bad = plab.checkProgram('on_ack {\n  cwnd = cwnd + rtt_ms\n}\n');
  assert.equal(bad.ok, false);
  assert.equal(bad.errors[0].line, 2);
  assert.equal(bad.errors[0].col, 17);
  assert.equal(bad.errors[0].end_col, 23);
  assert.match(bad.errors[0].message, /unknown name 'rtt_ms'/);
  assert.match(plab.checkProgram('#'.repeat(1 << 20)).errors[0].message, /at most 65536/);
});

test('a division by zero stops the run with the same error document as natively', () => {
  const scenario = {
    duration_s: 5,
    flows: [{ protocol: 'custom', custom: { program: 'var z = 0\non_ack {\n  cwnd = cwnd + mss / z\n}\n' } }],
  };
  const wasm = plab.run(scenario);
  assert.equal(wasm.ok, false);
  assert.equal(wasm.result.errors[0].path, 'flows[0].custom.program');
  assert.match(
    wasm.result.errors[0].message,
    /on_ack, line 3: division by zero: 1000 \/ 0 \(cwnd = \d+, mss = 1000, z = 0\)/,
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'plab-custom-'));
  try {
    writeFileSync(path.join(dir, 's.json'), JSON.stringify(scenario));
    const native = spawnSync(path.join(kRoot, 'build/engine/plab'), ['run', path.join(dir, 's.json')], {
      encoding: 'utf8',
    });
    assert.equal(native.status, 2);
    assert.ok(native.stderr.includes(wasm.result.errors[0].message), native.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The module keeps working after the error.
  assert.equal(plab.run({ duration_s: 1 }).ok, true);
});

test('the trace of a round is the same in WASM as natively (plab run --set flows[0].custom.trace_round=N)', () => {
  const templates = Object.fromEntries(plab.schema().languages.custom.templates.map((t) => [t.name, t.program]));
  assert.equal(plab.schema().languages.custom.trace.result, 'program_trace');
  const dir = mkdtempSync(path.join(tmpdir(), 'plab-trace-'));
  try {
    for (const [name, round] of [
      ['reno', 6],
      ['cubic_like', 9],
      ['bbr_like', 4],
    ]) {
      const scenario = { duration_s: 6, flows: [{ protocol: 'custom', custom: { program: templates[name] } }] };
      const traced = structuredClone(scenario);
      traced.flows[0].custom.trace_round = round;
      const wasm = plab.run(traced);
      assert.equal(wasm.ok, true, name);
      const trace = wasm.result.flows[0].program_trace;
      assert.equal(trace.round, round, name);
      assert.ok(trace.calls.length > 0, name);
      // Tracing changes nothing else.
      const plain = plab.run(scenario);
      assert.deepEqual(plain.result.summary, wasm.result.summary, name);
      assert.equal(plain.result.flows[0].program_trace, undefined, name);
      writeFileSync(path.join(dir, 's.json'), JSON.stringify(scenario));
      const native = spawnSync(
        path.join(kRoot, 'build/engine/plab'),
        ['run', path.join(dir, 's.json'), '--set', `flows[0].custom.trace_round=${round}`],
        { encoding: 'utf8', maxBuffer: 1 << 28 },
      );
      assert.equal(native.status, 0, native.stderr);
      assert.deepEqual(JSON.parse(native.stdout).flows[0].program_trace, trace, name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
