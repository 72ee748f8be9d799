// Native == WASM: every scenario here runs through the native CLI
// (`build/engine/plab run FILE --csv DIR`) and through the WASM build under Node
// (wasm/dist/plab.cjs); the summaries must be deep-equal and the column buffers
// identical bit for bit. Any drift (fused multiply-add, libc maths, a
// std::*_distribution, uninitialised memory...) fails here.
//
// Needs `npm run build:engine` and `npm run build:wasm` first (scripts/test.sh and
// `npm run build` do both).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { loadPlab } from '../plab-node.mjs';

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kNativeCli = path.join(kRoot, 'build/engine/plab');

// engine/scenarios/bufferbloat-aqm.json with this queue and protocol on both flows.
function bufferbloatScenario(queue, protocol) {
  const s = JSON.parse(readFileSync(path.join(kRoot, 'engine/scenarios/bufferbloat-aqm.json'), 'utf8'));
  s.topology.bottleneck.queue = queue;
  for (const flow of s.flows) flow.protocol = protocol;
  return s;
}

// A bulk flow of the presets: no channel loss either way, no token bucket; `extra` its own settings.
function bulkFlow(protocol, extra = {}) {
  return {
    protocol,
    ...extra,
    channel: { forward: { model: 'none' }, reverse: { model: 'none' } },
    app: { token_bucket: { enabled: false } },
  };
}

// Partial scenarios: any field left out takes its default (docs/engine-api.md).
const kScenarios = [
  { name: 'default scenario', scenario: null /* filled from defaultScenario() */ },
  {
    name: 'reverse-path (ACK) loss',
    scenario: {
      seed: 2,
      flows: [{ channel: { forward: { model: 'none' }, reverse: { model: 'bernoulli', p: 0.05 } } }],
    },
  },
  {
    name: 'ON/OFF channel',
    scenario: {
      seed: 3,
      flows: [
        {
          channel: {
            forward: { model: 'on_off', on_mean_s: 1, off_mean_s: 1, on_p: 0.2, off_p: 0 },
          },
        },
      ],
    },
  },
  {
    // The packet trace's columns (times, link ids, sequence numbers) come after the
    // series; tracing must not change them.
    name: 'packet trace of a window',
    scenario: {
      seed: 6,
      metrics: { packet_trace: { from_s: 2, to_s: 2.5 } },
      flows: [{ channel: { forward: { model: 'bernoulli', p: 0.02 } } }],
    },
  },
  {
    // ECN: DCTCP's alpha (a double EWMA) on a step-marking queue, beside NewReno with
    // classic ECN; CE marks, ECE echoes and window cuts (RFC 3168, RFC 8257).
    name: 'DCTCP and NewReno with ECN on a step queue',
    scenario: {
      seed: 7,
      duration_s: 3,
      topology: {
        access: { rate_mbps: 1000, delay_ms: 0.5 },
        bottleneck: { rate_mbps: 100, delay_ms: 1, queue_packets: 200, queue: 'step', step: { k_packets: 20 } },
      },
      flows: [
        { protocol: 'dctcp', channel: { forward: { model: 'none' } } },
        { protocol: 'newreno', tcp: { ecn: true }, channel: { forward: { model: 'none' } } },
      ],
    },
  },
  {
    // The BBR v3 preset's path at its 0.5 BDP buffer: four v3 flows (doubles in the
    // bandwidth filter, gains 2.77 / 0.9 / 1.25, inflight_hi and inflight_lo cuts by 0.7).
    name: 'BBR v3, four flows on a shallow buffer',
    scenario: {
      seed: 14,
      duration_s: 10,
      topology: {
        access: { rate_mbps: 1000, delay_ms: 0.5 },
        bottleneck: { rate_mbps: 20, delay_ms: 19, queue_packets: 50 },
      },
      flows: [1, 2, 3, 4].map(() => bulkFlow('bbr3')),
    },
  },
  {
    // The preset "LEDBAT yielding to CUBIC" (scripts/ledbat-cubic-presets.py) at its
    // 200-packet buffer: LEDBAT's one-way delay filters and its gain, beside CUBIC.
    name: 'LEDBAT preset: LEDBAT beside CUBIC',
    scenario: {
      duration_s: 30,
      topology: {
        access: { rate_mbps: 1000, delay_ms: 0.5 },
        bottleneck: { rate_mbps: 10, delay_ms: 19, queue_packets: 200 },
      },
      flows: [bulkFlow('ledbat'), bulkFlow('cubic')],
    },
  },
  {
    // Copa's delay law: a double window moved by v / (delta cwnd) per ACK, beside BBR v1.
    name: 'Copa beside BBR v1',
    scenario: {
      seed: 15,
      duration_s: 10,
      topology: { bottleneck: { rate_mbps: 10, delay_ms: 20, queue_packets: 100 } },
      flows: [
        { protocol: 'copa', channel: { forward: { model: 'none' } } },
        { protocol: 'bbr', channel: { forward: { model: 'none' } } },
      ],
    },
  },
  {
    // The preset "Copa beside CUBIC: the competitive mode" (scripts/copa-presets.py) at
    // 50 packets: the mode switch (§2.3), 1/delta's AIMD and the held velocity.
    name: 'Copa preset: Copa with mode switching beside CUBIC',
    scenario: {
      duration_s: 30,
      topology: {
        access: { rate_mbps: 1000, delay_ms: 0.5 },
        bottleneck: { rate_mbps: 10, delay_ms: 20, queue_packets: 50 },
      },
      flows: [bulkFlow('copa', { copa: { mode: 'switching' } }), bulkFlow('cubic')],
    },
  },
  {
    // L4S: the preset "L4S and classic sharing under DualPI2" (scripts/l4s-presets.py)
    // at its claims' point and at 3 ms base RTT: DualPI2's p' (a double PI loop) and its
    // coins, Prague's alpha, its RTT-scaled increase and its pacing (RFC 9332, the
    // Prague draft); then with Prague's RTT independence off.
    name: 'L4S preset: Prague and CUBIC on DualPI2',
    scenario: {
      seed: 2,
      topology: {
        access: { rate_mbps: 1000, delay_ms: 0.5 },
        bottleneck: { rate_mbps: 40, delay_ms: 9, queue_packets: 1000, queue: 'dualpi2' },
      },
      flows: [
        { protocol: 'prague', channel: { forward: { model: 'none' } }, app: { token_bucket: { enabled: false } } },
        { protocol: 'cubic', channel: { forward: { model: 'none' } }, app: { token_bucket: { enabled: false } } },
      ],
    },
  },
  {
    name: 'L4S preset at 3 ms base RTT, Prague without RTT independence',
    scenario: {
      seed: 3,
      topology: {
        access: { rate_mbps: 1000, delay_ms: 0.5 },
        bottleneck: { rate_mbps: 40, delay_ms: 1, queue_packets: 1000, queue: 'dualpi2' },
      },
      flows: [
        {
          protocol: 'prague',
          prague: { rtt_scaling: false },
          channel: { forward: { model: 'none' } },
          app: { token_bucket: { enabled: false } },
        },
        { protocol: 'cubic', channel: { forward: { model: 'none' } }, app: { token_bucket: { enabled: false } } },
      ],
    },
  },
  {
    // RED's random early decisions mark ECT packets (RFC 3168 §7); CUBIC answers ECE.
    name: 'CUBIC with ECN on RED',
    scenario: {
      seed: 8,
      duration_s: 5,
      topology: { bottleneck: { queue: 'red' } },
      flows: [{ protocol: 'cubic', tcp: { ecn: true }, channel: { forward: { model: 'none' } } }],
    },
  },
  // The bufferbloat presets (scripts/bufferbloat-presets.py) as they run: PIE's coin
  // (RFC 8033) and its lazy 15 ms timer, FQ-CoDel's per-flow CoDel and round robin (RFC 8290).
  ...['pie', 'fq_codel'].flatMap((queue) =>
    ['cubic', 'newreno'].map((protocol) => ({
      name: `bufferbloat preset: ${protocol} on ${queue}`,
      scenario: bufferbloatScenario(queue, protocol),
    })),
  ),
  {
    // PIE's and FQ-CoDel's ECN marks (RFC 8033 §5.1; RFC 8290 via RFC 8289 §5).
    name: 'NewReno with ECN on PIE and CUBIC with ECN on FQ-CoDel',
    scenario: {
      seed: 9,
      duration_s: 5,
      topology: { bottleneck: { queue: 'pie', queue_packets: 300 } },
      flows: [
        { protocol: 'newreno', tcp: { ecn: true }, channel: { forward: { model: 'none' } } },
        { protocol: 'cubic', tcp: { ecn: true }, start_s: 0.5, channel: { forward: { model: 'none' } } },
      ],
    },
  },
  {
    name: 'CUBIC with ECN on FQ-CoDel',
    scenario: {
      seed: 10,
      duration_s: 5,
      topology: { bottleneck: { queue: 'fq_codel', queue_packets: 300 } },
      flows: [
        { protocol: 'cubic', tcp: { ecn: true }, channel: { forward: { model: 'none' } } },
        { protocol: 'cubic', tcp: { ecn: true }, start_s: 0.5, channel: { forward: { model: 'none' } } },
      ],
    },
  },
  {
    name: 'tahoe with bernoulli loss',
    scenario: {
      seed: 4,
      flows: [{ protocol: 'tahoe', channel: { forward: { model: 'bernoulli', p: 0.02 } } }],
    },
  },
  {
    name: 'reno with bernoulli loss',
    scenario: {
      seed: 5,
      flows: [{ protocol: 'reno', channel: { forward: { model: 'bernoulli', p: 0.01 } } }],
    },
  },
  {
    // Receiver-driven: wave rates are doubles measured at the receiver, so any
    // platform difference in them would change the window.
    name: 'TCP-Real with ON/OFF loss and lost ACKs',
    scenario: {
      seed: 12,
      flows: [
        {
          protocol: 'real',
          channel: { forward: { model: 'on_off', on_p: 0.2 }, reverse: { model: 'bernoulli', p: 0.1 } },
        },
      ],
    },
  },
  {
    // Transmission-order recovery over a fixed window, and LE with Westwood+.
    name: 'LE on a fixed window and with Westwood+, Bernoulli loss',
    scenario: {
      seed: 13,
      topology: { kind: 'dumbbell' },
      flows: [
        { protocol: 'fixed', recovery: 'le', channel: { forward: { model: 'bernoulli', p: 0.03 } } },
        { protocol: 'westwood', recovery: 'le', channel: { forward: { model: 'bernoulli', p: 0.03 } } },
      ],
    },
  },
  {
    name: 'fixed-size transfer (newreno)',
    scenario: {
      seed: 6,
      duration_s: 60,
      flows: [
        {
          protocol: 'newreno',
          channel: { forward: { model: 'bernoulli', p: 0.01 } },
          app: { size_bytes: 2000000, token_bucket: { enabled: false } },
        },
      ],
    },
  },
  {
    name: 'token bucket source',
    scenario: {
      seed: 7,
      flows: [
        {
          channel: { forward: { model: 'bernoulli', p: 0.005 } },
          app: { token_bucket: { enabled: true } },
        },
      ],
    },
  },
  {
    name: 'scripted drops (newreno partial ACKs)',
    scenario: {
      seed: 8,
      duration_s: 5,
      flows: [
        {
          protocol: 'newreno',
          channel: { forward: { model: 'scripted', drop_packets: [14, 16, 18] } },
          app: { token_bucket: { enabled: false } },
        },
      ],
    },
  },
];

// Many flows: every topology, staggered starts, a flow that ends early, background
// FTP flows and web users (new connections, Pareto sizes, exponential think times).
kScenarios.push(
  {
    name: 'dumbbell, four flows, different RTTs and protocols',
    scenario: {
      seed: 31,
      duration_s: 15,
      topology: { kind: 'dumbbell', bottleneck: { rate_mbps: 10, delay_ms: 20 } },
      flows: [0, 1, 2, 3].map((i) => ({
        protocol: ['newreno', 'cubic', 'sack', 'reno'][i],
        start_s: i * 0.37,
        access: { delay_ms: [1, 10, 25, 50][i] },
        channel: { forward: { model: 'bernoulli', p: 0.001 }, reverse: { model: 'none' } },
        app: { token_bucket: { enabled: false } },
      })),
    },
  },
  {
    name: 'wireless last hop with lossy channels, one flow finishing early',
    scenario: {
      seed: 32,
      duration_s: 20,
      topology: { kind: 'wireless_last_hop' },
      flows: [
        {
          protocol: 'westwood',
          channel: { forward: { model: 'bernoulli', p: 0.02 } },
          app: { token_bucket: { enabled: false } },
        },
        { protocol: 'newreno', app: { size_bytes: 300000, token_bucket: { enabled: false } } },
      ],
    },
  },
  {
    name: 'RED at the bottleneck, CoDel at the last hops',
    scenario: {
      seed: 34,
      duration_s: 15,
      topology: {
        kind: 'wireless_last_hop',
        bottleneck: { rate_mbps: 5, queue: 'red', queue_packets: 60 },
        last_hop: { queue: 'codel', queue_packets: 200 },
      },
      flows: [0, 1, 2].map((i) => ({
        protocol: ['cubic', 'newreno', 'bbr'][i],
        app: { token_bucket: { enabled: false } },
      })),
    },
  },
  {
    // Issue 20 §4: the bundled traces are engine data, the same bytes in both builds;
    // an inline trace on the reverse path of a dumbbell's access links.
    name: 'delivery traces: cellular bottleneck, bursty ACK path, inline access trace',
    scenario: {
      seed: 34,
      duration_s: 15,
      topology: {
        kind: 'dumbbell',
        bottleneck: { queue_packets: 80, trace: { forward: { source: 'cellular-a' }, reverse: { source: 'bursty' } } },
        access: { trace: { reverse: { source: 'inline', ms: [0, 0, 1, 3, 3, 3, 4, 7, 9, 10] } } },
      },
      flows: ['cubic', 'bbr'].map((protocol) => ({
        protocol,
        channel: { forward: { model: 'none' }, reverse: { model: 'none' } },
        app: { token_bucket: { enabled: false } },
      })),
    },
  },
  {
    name: 'background FTP flows and web users',
    scenario: {
      seed: 33,
      duration_s: 20,
      topology: { kind: 'dumbbell', bottleneck: { rate_mbps: 5 } },
      flows: [{ protocol: 'sack', channel: { forward: { model: 'none' } }, app: { token_bucket: { enabled: false } } }],
      background: [
        { kind: 'ftp', count: 5, start_max_s: 5 },
        { kind: 'http', count: 30, start_max_s: 2, think_mean_s: 0.5 },
      ],
    },
  },
);

const kScenarioDir = path.join(kRoot, 'engine/scenarios');

// Loaded at module level so the test list can come from the engine's own schema.
const plab = await loadPlab();
let work_dir;

// Every protocol the schema offers, beyond the ones named above, under Bernoulli loss.
const kNamedProtocols = new Set(['tahoe', 'reno', 'newreno']);
const protocol_options = plab.schema().params.find((param) => param.path === 'flows[].protocol')?.options ?? [];
protocol_options
  .filter((protocol) => !kNamedProtocols.has(protocol))
  .forEach((protocol, i) => {
    kScenarios.push({
      name: `${protocol} with bernoulli loss (from the schema)`,
      scenario: {
        seed: 20 + i,
        flows: [{ protocol, channel: { forward: { model: 'bernoulli', p: 0.01 } } }],
      },
    });
  });

// Every option of the flows' named readings (recoveries, timer profiles, AIMD's and CUBIC's HyStart
// and window law, RRTP's modes), each on a flow of the protocol whose block it is in,
// under Bernoulli loss: a reading added to the schema is compared here without a line.
const kReadingOwner = { recovery: 'newreno', tcp: 'newreno', aimd: 'newreno', cubic: 'cubic', rrtp: 'rrtp' };
plab
  .schema()
  .params.filter((param) => param.options && kReadingOwner[param.path.split('.')[1]])
  .forEach((param, i) => {
    const keys = param.path.split('.').slice(1);
    param.options.forEach((option, j) => {
      const flow = { protocol: kReadingOwner[keys[0]], channel: { forward: { model: 'bernoulli', p: 0.02 } } };
      let at = flow;
      for (const key of keys.slice(0, -1)) at = at[key] ??= {};
      at[keys[keys.length - 1]] = option;
      kScenarios.push({
        name: `${param.path} = ${option} (from the schema)`,
        scenario: { seed: 60 + 10 * i + j, duration_s: 2, flows: [flow] },
      });
    });
  });

// Every template of the `custom` language (docs/custom-cc.md): the program's maths
// (exp, pow, cbrt, log) is the engine's own, so native and WASM agree bit for bit.
(plab.schema().languages?.custom?.templates ?? []).forEach((t, i) => {
  kScenarios.push({
    name: `custom protocol, template ${t.name}`,
    scenario: {
      seed: 40 + i,
      flows: [
        {
          protocol: 'custom',
          recovery: i % 2 === 0 ? 'sack' : 'default',
          custom: { program: t.program },
          channel: { forward: { model: 'bernoulli', p: 0.01 } },
        },
      ],
    },
  });
});

// Every scenario file the engine ships (the bench's reference run among them).
for (const file of readdirSync(kScenarioDir)
  .filter((name) => name.endsWith('.json'))
  .sort()) {
  kScenarios.push({
    name: `engine/scenarios/${file}`,
    scenario: JSON.parse(readFileSync(path.join(kScenarioDir, file), 'utf8')),
  });
}

function runNative(args) {
  const child = spawnSync(kNativeCli, args, {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (child.error) throw child.error;
  return child;
}

// Runs FILE through the CLI with `--csv DIR` (one CSV per series, 17 significant
// digits, so every double round-trips exactly) and rebuilds the column buffer from
// the CSVs at the offsets the result names.
function runNativeScenario(name, scenario_json) {
  const stem = name.replace(/[^a-z0-9]+/gi, '_');
  const file = path.join(work_dir, `${stem}.json`);
  const csv_dir = path.join(work_dir, `${stem}_csv`);
  writeFileSync(file, scenario_json);
  const child = runNative(['run', file, '--csv', csv_dir]);
  assert.equal(
    child.status,
    0,
    `native CLI failed on ${name} (exit ${child.status}):\n${child.stderr}\n${child.stdout}`,
  );
  const result = JSON.parse(child.stdout);
  const keys = result.series.map((s) => s.key);
  assert.equal(new Set(keys).size, keys.length, `series keys are not unique: ${keys}`);
  const trace = result.packet_trace;
  const length = Math.max(
    result.series.reduce((end, s) => Math.max(end, s.offset + 2 * s.length), 0),
    trace ? trace.offset + 6 * trace.count : 0,
  );
  const columns = new Float64Array(length);
  if (trace) {
    // packet_trace.csv spells link and event out; back to their indices.
    const rows = readFileSync(path.join(csv_dir, 'packet_trace.csv'), 'utf8')
      .split('\n')
      .slice(1)
      .filter((line) => line.length > 0);
    assert.equal(rows.length, trace.count, `packet_trace.csv has ${rows.length} rows, not ${trace.count}`);
    const n = trace.count;
    rows.forEach((row, i) => {
      const [t, name, direction, event, feedback, flow, seq] = row.split(',');
      const link = trace.links.findIndex((l) => l.name === name && l.direction === direction);
      const values = [Number(t), link, trace.events.indexOf(event), Number(feedback), Number(flow), Number(seq)];
      values.forEach((v, k) => (columns[trace.offset + k * n + i] = v));
    });
  }
  for (const s of result.series) {
    const rows = readFileSync(path.join(csv_dir, `${s.key}.csv`), 'utf8')
      .split('\n')
      .slice(1)
      .filter((line) => line.length > 0);
    assert.equal(rows.length, s.length, `${s.key}.csv has ${rows.length} rows, not ${s.length}`);
    rows.forEach((row, i) => {
      const [time, value] = row.split(',');
      columns[s.offset + i] = Number(time);
      columns[s.offset + s.length + i] = Number(value);
    });
  }
  return { result, columns };
}

// Index of the first element whose bits differ, or -1.
function firstBitDifference(a, b) {
  const a_bits = new BigUint64Array(a.buffer, a.byteOffset, a.length);
  const b_bits = new BigUint64Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < Math.min(a.length, b.length); ++i) {
    if (a_bits[i] !== b_bits[i]) return i;
  }
  return a.length === b.length ? -1 : Math.min(a.length, b.length);
}

function seriesAt(series, index) {
  for (const s of series) {
    if (index >= s.offset && index < s.offset + 2 * s.length) {
      const part = index < s.offset + s.length ? 'time' : 'value';
      return `${s.key} ${part}[${(index - s.offset) % s.length}]`;
    }
  }
  return 'outside every series';
}

before(() => {
  assert.ok(existsSync(kNativeCli), `${kNativeCli} is missing: run npm run build:engine`);
  work_dir = mkdtempSync(path.join(tmpdir(), 'plab-determinism-'));
});

after(() => {
  if (work_dir) rmSync(work_dir, { recursive: true, force: true });
});

describe('native CLI and WASM give identical results', () => {
  for (const { name, scenario } of kScenarios) {
    test(name, () => {
      const scenario_json = JSON.stringify(scenario ?? plab.defaultScenario());
      const wasm = plab.run(scenario_json);
      assert.equal(wasm.ok, true, `WASM rejected ${name}: ${wasm.json}`);
      const native = runNativeScenario(name, scenario_json);

      // Not a vacuous comparison: the run simulated something and produced series.
      assert.ok(wasm.result.summary.events > 0, 'the run simulated no events');
      assert.ok(wasm.result.series.length > 0, 'the run produced no series');
      assert.ok(wasm.columns.length > 0, 'the run produced no columns');

      assert.deepStrictEqual(native.result.summary, wasm.result.summary, 'summaries differ');
      assert.deepStrictEqual(native.result.series, wasm.result.series, 'series layouts differ');
      assert.equal(native.columns.length, wasm.columns.length, 'column lengths differ');
      const index = firstBitDifference(native.columns, wasm.columns);
      assert.equal(
        index,
        -1,
        index < 0
          ? ''
          : `columns differ first at ${index} (${seriesAt(wasm.result.series, index)}): ` +
              `native ${native.columns[index]} vs WASM ${wasm.columns[index]}`,
      );
    });
  }

  test('a different seed gives a different run (the comparison can see a change)', () => {
    const base = { flows: [{ channel: { forward: { model: 'bernoulli', p: 0.02 } } }] };
    const a = plab.run({ ...base, seed: 11 });
    const b = plab.run({ ...base, seed: 12 });
    assert.equal(a.ok && b.ok, true);
    assert.notEqual(firstBitDifference(a.columns, b.columns), -1);
  });

  test('the schema is the same natively and in WASM', () => {
    const child = runNative(['schema']);
    assert.equal(child.status, 0, child.stderr);
    assert.deepStrictEqual(
      JSON.parse(child.stdout),
      plab.schema(),
      'the native and WASM builds differ: after changing the engine, ' +
        'rebuild both (npm run build:engine && npm run build:wasm)',
    );
  });
});

describe('WASM validation errors', () => {
  test('an out-of-range value names its path and the allowed range', () => {
    const output = plab.run({ flows: [{ channel: { forward: { p: 1.5 } } }] });
    assert.equal(output.ok, false);
    assert.equal(output.result.ok, false);
    assert.equal(output.columns.length, 0);
    const messages = output.result.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
    assert.ok(
      output.result.errors.some((e) => e.path === 'flows[0].channel.forward.p'),
      messages,
    );
    assert.ok(
      output.result.errors.some(
        (e) => e.message.includes('flows[0].channel.forward.p') && e.message.includes('[0, 1]'),
      ),
      messages,
    );
  });

  test('an unknown field is an error, not ignored', () => {
    const output = plab.run({ flows: [{ channel: { forward: { not_a_field: 1 } } }] });
    assert.equal(output.ok, false);
    assert.ok(JSON.stringify(output.result.errors).includes('not_a_field'), output.json);
  });

  test('malformed JSON gives an error document, and the module keeps working', () => {
    const output = plab.run('{"seed": ');
    assert.equal(output.ok, false);
    assert.equal(output.result.ok, false);
    assert.ok(output.result.errors.length > 0);
    assert.equal(plab.run(plab.defaultScenario()).ok, true);
  });
});
