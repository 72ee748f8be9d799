// Records the summaries of the pre-multi-flow engine (commit 5766ed6) for the
// compatibility test (engine/tests/compat_test.cc): every shipped scenario file, every
// Papers preset (as the page ran it), and each protocol on the default scenario with
// forward, reverse and ON/OFF loss. Run with the CLI of that commit:
//   node engine/tests/data/make-golden.mjs build/engine/plab > engine/tests/data/golden-5766ed6.jsonl
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const cli = process.argv[2];
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'golden-'));

function run(name, scenario) {
  const file = path.join(work, 'in.json');
  writeFileSync(file, JSON.stringify(scenario));
  const r = spawnSync(cli, ['run', file], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
  const summary = JSON.parse(r.stdout).summary;
  console.log(JSON.stringify({ name, scenario, summary }));
}

const dir = path.join(root, 'engine/scenarios');
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
  run(`scenario ${f}`, JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
}

const protocols = ['tahoe', 'reno', 'newreno', 'sack', 'fack', 'vegas', 'westwood', 'cubic', 'bbr'];
for (const protocol of protocols) {
  for (const p of [0, 0.01, 0.05]) {
    run(`default ${protocol} forward p=${p}`, { seed: 3, flows: [{ protocol, channel: { forward: { p } } }] });
  }
  run(`default ${protocol} reverse p=0.05`, {
    seed: 4, flows: [{ protocol, channel: { forward: { model: 'none' }, reverse: { model: 'bernoulli', p: 0.05 } } }],
  });
  run(`default ${protocol} on_off`, {
    seed: 5, duration_s: 60, flows: [{ protocol, channel: { forward: { model: 'on_off' }, reverse: { model: 'none' } } }],
  });
  run(`default ${protocol} unlimited bulk p=0.02 delayed acks timestamps`, {
    seed: 6, flows: [{ protocol, tcp: { delayed_ack: true, timestamps: true }, channel: { forward: { p: 0.02 } }, app: { token_bucket: { enabled: false } } }],
  });
}

// Papers presets, as the page builds their scenarios (the default scenario with the
// preset's values written in).
const le = {
  duration_s: 10, topology: { bottleneck: { delay_ms: 24 } },
  flows: [{ tcp: { max_window_segments: 32, min_rto_ms: 200 }, channel: { forward: { model: 'window' }, reverse: { model: 'none' } }, app: { token_bucket: { enabled: false } } }],
};
for (const protocol of ['reno', 'newreno', 'sack', 'fack']) {
  for (const drops of [1, 2, 4, 8, 12, 16, 20, 24, 28, 31]) {
    for (const seed of [1, 2]) {
      const s = structuredClone(le);
      s.seed = seed;
      s.flows[0].protocol = protocol;
      s.flows[0].channel.forward.window_drops = drops;
      run(`preset le-fig4 ${protocol} drops=${drops} seed=${seed}`, s);
    }
  }
}
for (const protocol of ['tahoe', 'reno']) {
  run(`preset tcp-real-tokens ${protocol}`, { duration_s: 60, flows: [{ protocol, channel: { forward: { model: 'on_off' }, reverse: { model: 'none' } } }] });
}
for (const p of [0.001, 0.01, 0.1]) {
  for (const seed of [1, 2]) {
    run(`preset ng-chan-models p=${p} seed=${seed}`, {
      seed, duration_s: 60, topology: { bottleneck: { delay_ms: 24 } },
      flows: [{ tcp: { timestamps: true, header_bytes: 42, initial_window_segments: 10, max_window_segments: 131 }, channel: { forward: { p }, reverse: { model: 'none' } }, app: { token_bucket: { enabled: false } } }],
    });
  }
}
for (const protocol of ['tahoe', 'reno', 'newreno', 'sack']) {
  run(`preset fall-floyd-drops ${protocol}`, {
    duration_s: 5, topology: { bottleneck: { delay_ms: 24, queue_packets: 1000 } },
    flows: [{ protocol, tcp: { max_window_segments: 20 }, channel: { forward: { model: 'scripted', drop_packets: [50, 52, 54] }, reverse: { model: 'none' } }, app: { size_bytes: 100000, token_bucket: { enabled: false } } }],
  });
}
