// One sweep, one owner (issue K): the engine's plan through the WASM build (what the
// page schedules in its worker pool) and `plab sweep` (the native CLI) give the same x
// values, seeds and scenarios, and the engine's per-point statistics of the WASM runs
// are the CLI's figures bit for bit. A log grid (interior points rounded to 6
// significant digits), an explicit list, from = to, and one series per protocol.
//
// Needs `npm run build:engine` and `npm run build:wasm` first.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { loadPlab } from '../plab-node.mjs';

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kNativeCli = path.join(kRoot, 'build/engine/plab');

// max_events as the schema's default: the CLI gives a scenario that sets none its own
// larger budget (engine/cli/main.cc), which would be the one difference in the plans.
const kBase = {
  duration_s: 3,
  seed: 5,
  max_events: 50000000,
  flows: [{ protocol: 'reno', channel: { forward: { model: 'bernoulli', p: 0.01 } } }],
};

// Each case: the engine's spec, and the same sweep as `plab sweep` flags.
const kCases = [
  {
    name: 'log grid, two seeds',
    spec: { x: 'flows[0].channel.forward.p', from: 0.001, to: 0.05, points: 6, scale: 'log', seeds: 2 },
    flags: [
      '--x',
      'flows[0].channel.forward.p',
      '--from',
      '0.001',
      '--to',
      '0.05',
      '--points',
      '6',
      '--log',
      '--seeds',
      '2',
    ],
    grid: [0.001, 0.00218672, 0.00478176, 0.0104564, 0.0228653, 0.05],
  },
  {
    name: 'explicit points (TCP-Real reverse loss rates)',
    spec: { x: 'flows[0].channel.reverse.p', xs: [0, 0.019, 0.098, 0.19], seeds: 1 },
    flags: ['--x', 'flows[0].channel.reverse.p', '--xs', '0,0.019,0.098,0.19', '--seeds', '1'],
    grid: [0, 0.019, 0.098, 0.19],
  },
  {
    name: 'from = to is one point',
    spec: { x: 'flows[0].channel.forward.p', from: 0.02, to: 0.02, points: 5, scale: 'linear', seeds: 2 },
    flags: ['--x', 'flows[0].channel.forward.p', '--from', '0.02', '--to', '0.02', '--points', '5', '--seeds', '2'],
    grid: [0.02],
  },
  {
    name: 'one series per protocol (sweep.by=protocol), linear grid',
    spec: {
      x: 'flows[0].channel.forward.p',
      from: 0,
      to: 0.02,
      points: 4,
      scale: 'linear',
      seeds: 2,
      protocols: ['reno', 'cubic', 'fixed/le'],
    },
    flags: [
      '--x',
      'flows[0].channel.forward.p',
      '--from',
      '0',
      '--to',
      '0.02',
      '--points',
      '4',
      '--seeds',
      '2',
      '--protocols',
      'reno,cubic,fixed/le',
    ],
    grid: [0, 0.00666667, 0.0133333, 0.02],
  },
];

let plab;
let dir;
before(async () => {
  plab = await loadPlab();
  dir = mkdtempSync(path.join(tmpdir(), 'plab-sweep-'));
  writeFileSync(path.join(dir, 'base.json'), JSON.stringify(kBase));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
});

function cli(flags) {
  const out = spawnSync(kNativeCli, ['sweep', path.join(dir, 'base.json'), ...flags], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout);
}

describe('the page and plab sweep run the same sweep', () => {
  for (const c of kCases) {
    test(c.name, () => {
      const answer = plab.sweepPlan(kBase, c.spec);
      assert.equal(answer.ok, true, JSON.stringify(answer.errors));
      const { plan } = answer;
      // The grid the page used to make itself (6 significant digits inside), and the CLI's plan.
      assert.deepEqual(plan.grid, c.grid);
      assert.deepEqual(plan, cli([...c.flags, '--plan']));

      // The WASM runs of the plan, aggregated by the engine, are the CLI's figures.
      const lines = plan.protocols ?? [null];
      const native = cli(c.flags);
      assert.equal(native.points.length, plan.grid.length * lines.length);
      const summaries = plan.runs.map((r) => {
        const out = plab.runSummary(r.scenario);
        assert.equal(out.ok, true);
        return out.result.summary;
      });
      for (const point of native.points) {
        const l = lines.indexOf(point.protocol ?? null);
        const i = plan.grid.indexOf(point.x);
        assert.ok(l >= 0 && i >= 0, `${point.protocol} at ${point.x} is in the plan`);
        const runs = plan.runs
          .map((r, j) => ({ r, s: summaries[j] }))
          .filter(({ r }) => r.point === i && r.protocol === lines[l]);
        assert.equal(runs.length, plan.seeds.length);
        for (const [figure, stats] of Object.entries(point.figures)) {
          const {
            stats: [ours],
          } = plab.sweepAggregate([runs.map(({ s }) => s[figure])]);
          assert.deepEqual(ours, stats, `${figure} at x = ${point.x} (${point.protocol ?? 'own protocol'})`);
        }
      }
    });
  }

  test('a log sweep from 0 and a descending list are refused with the field named', () => {
    const log0 = plab.sweepPlan(kBase, {
      x: 'flows[0].channel.forward.p',
      from: 0,
      to: 0.05,
      points: 5,
      scale: 'log',
      seeds: 1,
    });
    assert.equal(log0.ok, false);
    assert.equal(log0.errors[0].path, 'from');
    const down = plab.sweepPlan(kBase, { x: 'flows[0].channel.forward.p', xs: [0.1, 0.05], seeds: 1 });
    assert.equal(down.ok, false);
    assert.equal(down.errors[0].path, 'xs');
  });
});
