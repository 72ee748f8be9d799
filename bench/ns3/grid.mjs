// Runs the ns-3 comparison grid (issue H §5) through bench/ns3/grid.cc and appends one JSON
// line per run to engine/tests/data/ns3-grid-a.jsonl (or --out FILE):
//   npm run bench:ns3-grid -- [--out FILE] [--budget-min 45] [--dry] [--mixes a,b]
//                             [--ns3-arg --ns3::TcpCubic::HyStart=false ...]
//                             [--points 'mix|rate|rtt|queue_bdp|loss,...' --seeds N]
// --mixes runs only those mixes; --points only those points (keys as the grid test prints
// them); --seeds runs seeds 1..N at each point instead of the grid's 1 or 3 (a rerun that
// asks whether three seeds' mean stands for ns-3's: engine/tests/data/README.md); each --ns3-arg is passed on to grid.cc (an attribute's
// default, for an experiment on ns-3's side: engine/tests/data/README.md).
// One ns-3 process at a time under `nice -n 15` (the machine is shared). Resumable: a run
// whose line is already in the file is skipped. Stops starting runs once the wall budget
// is spent. --dry prints the design and each point's estimated cost, and runs nothing.
//
// The grid: rate {1, 10, 100} Mb/s x RTT {10, 50, 200} ms x queue {0.25, 1, 2} BDP x
// random loss {0, 0.3 %, 3 %} (81 points) per mix. NewReno alone runs all 81; every other
// mix runs two disjoint L9 orthogonal arrays (18 points, every pair of two factors' levels
// twice). Loss-free runs run one seed (ns-3's only randomness there is TcpBbr's draw of
// its first ProbeBW phase); lossy ones three. Each run lasts 10 s (20 s at RTT 200 ms), goodput
// measured after the first fifth.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { prepareNs3 } from './ns3.mjs';

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const kRates = [1, 10, 100];
export const kRtts = [10, 50, 200];
export const kQueues = [0.25, 1, 2];
export const kLosses = [0, 0.003, 0.03];
export const kLossySeeds = 3;
const kMss = 1000;
// Two disjoint L9(3^4) orthogonal arrays over (rate, RTT, queue, loss): the second is the
// first with the loss column shifted by one level.
const kL9 = ['0000', '0112', '0221', '1011', '1120', '1202', '2022', '2101', '2210'];
const kL9b = kL9.map((row) => row.slice(0, 3) + String((Number(row[3]) + 1) % 3));

// Our protocol name per flow, ns-3's TypeId per flow, and SACK. ns-3's NewReno without
// SACK is our newreno; with SACK (and ns-3's PRR) our sack; CUBIC and BBR run with SACK.
// In the pairs, NewReno has SACK, as every flow of a run shares ns-3's SACK setting.
export const kMixes = {
  newreno: { ours: ['newreno'], ns3: ['ns3::TcpNewReno'], sack: false },
  sack: { ours: ['sack'], ns3: ['ns3::TcpNewReno'], sack: true },
  cubic: { ours: ['cubic'], ns3: ['ns3::TcpCubic'], sack: true },
  bbr: { ours: ['bbr'], ns3: ['ns3::TcpBbr'], sack: true },
  'sack+cubic': { ours: ['sack', 'cubic'], ns3: ['ns3::TcpNewReno', 'ns3::TcpCubic'], sack: true },
  'cubic+bbr': { ours: ['cubic', 'bbr'], ns3: ['ns3::TcpCubic', 'ns3::TcpBbr'], sack: true },
  'sack+bbr': { ours: ['sack', 'bbr'], ns3: ['ns3::TcpNewReno', 'ns3::TcpBbr'], sack: true },
};

export function durationFor(rtt_ms) {
  return rtt_ms >= 200 ? 20 : 10;
}

// The bottleneck queue for a BDP multiple, as the engine's topology.bottleneck.queue_bdp
// computes it: rate x RTT in MSS-sized packets, at least one.
export function queuePackets(rate_mbps, rtt_ms, queue_bdp) {
  return Math.max(1, Math.round((((queue_bdp * rate_mbps * 1e6) / 8) * rtt_ms) / 1e3 / kMss));
}

function point(mix, design, [r, t, q, l]) {
  return { mix, design, rate_mbps: kRates[r], rtt_ms: kRtts[t], queue_bdp: kQueues[q], loss: kLosses[l] };
}

// Every point of the design, cheapest arrays first so a cut budget leaves whole arrays.
export function gridPoints() {
  const points = [];
  for (const [design, rows] of [
    ['L9a', kL9],
    ['L9b', kL9b],
  ]) {
    for (const mix of Object.keys(kMixes)) {
      for (const row of rows) points.push(point(mix, design, [...row].map(Number)));
    }
  }
  const in_arrays = new Set([...kL9, ...kL9b]);
  for (let r = 0; r < 3; ++r)
    for (let t = 0; t < 3; ++t)
      for (let q = 0; q < 3; ++q)
        for (let l = 0; l < 3; ++l) {
          if (!in_arrays.has(`${r}${t}${q}${l}`)) points.push(point('newreno', 'full', [r, t, q, l]));
        }
  return points;
}

export function seedsFor(p) {
  return p.loss === 0 ? 1 : kLossySeeds;
}

// ns-3's CPU time for a run: about 30 us per delivered packet while the window is small,
// growing with the window (its send buffer and scoreboard are walked per ACK): measured
// 0.35 s for 10 s at 10 Mb/s with a 25-packet window, 0.98 s with 190 packets, over 20 s
// (not finished) at 100 Mb/s, 200 ms with 5,000. Packets: the link's rate, or Mathis et
// al.'s loss-limited rate (window 1.22 / sqrt(p) per flow) when lower.
export function estimatedCpuSeconds(p) {
  const flows = kMixes[p.mix].ours.length;
  const bdp = (((p.rate_mbps * 1e6) / 8 / kMss) * p.rtt_ms) / 1e3;
  // BBR v1 does not slow down for random loss: it keeps two BDPs in flight.
  const loss_limited = kMixes[p.mix].ours.includes('bbr') ? 2 * bdp : (flows * 1.22) / Math.sqrt(p.loss);
  const window = Math.min(bdp * (1 + p.queue_bdp), p.loss > 0 ? loss_limited : Infinity);
  const mbps = Math.min(p.rate_mbps, (window * kMss * 8) / (p.rtt_ms / 1e3) / 1e6);
  return ((mbps * 1e6) / 8 / kMss) * durationFor(p.rtt_ms) * 30e-6 * (1 + window / 120);
}

// Points over this many seconds of ns-3 CPU are left out: the loss-free ones at 100 Mb/s
// and 50 or 200 ms (windows of 800-7,500 packets), which would cost 30-300 s each.
export const kMaxCpuSeconds = 15;

export function keyOf(p, seed) {
  return `${p.mix}|${p.rate_mbps}|${p.rtt_ms}|${p.queue_bdp}|${p.loss}|${seed}`;
}

function argsFor(p, seed) {
  const mix = kMixes[p.mix];
  const time = durationFor(p.rtt_ms);
  return [
    `--tcps=${mix.ns3.join(',')}`,
    `--sack=${mix.sack ? 1 : 0}`,
    `--bw=${p.rate_mbps}`,
    `--delay=${p.rtt_ms / 2 - 2}`,
    `--queue=${queuePackets(p.rate_mbps, p.rtt_ms, p.queue_bdp)}`,
    `--loss=${p.loss}`,
    `--time=${time}`,
    `--warmup=${time / 5}`,
    '--stagger=0.37',
    `--seed=${seed}`,
  ];
}

function main() {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const out = path.resolve(arg('--out', path.join(kRoot, 'engine/tests/data/ns3-grid-a.jsonl')));
  const budget_ms = Number(arg('--budget-min', 45)) * 60e3;
  const mixes = arg('--mixes', '');
  const only = arg('--points', '');
  const seeds = Number(arg('--seeds', 0));
  const ns3_args = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--ns3-arg' ? [a] : []));
  const points = gridPoints()
    .filter((p) => !mixes || mixes.split(',').includes(p.mix))
    .filter((p) => !only || only.split(',').includes(keyOf(p, '').slice(0, -1)));
  const left_out = points.filter((p) => estimatedCpuSeconds(p) > kMaxCpuSeconds);
  console.log(`${left_out.length} points left out for cost: ${left_out.map((p) => keyOf(p, '')).join(', ')}`);
  // Cheapest first, so a spent budget leaves out the costliest points only.
  const runs = points
    .filter((p) => estimatedCpuSeconds(p) <= kMaxCpuSeconds)
    .flatMap((p) => Array.from({ length: seeds || seedsFor(p) }, (_, i) => ({ p, seed: i + 1 })))
    .sort((a, b) => estimatedCpuSeconds(a.p) - estimatedCpuSeconds(b.p));
  const total_cpu = runs.reduce((s, r) => s + estimatedCpuSeconds(r.p), 0);
  console.log(`${runs.length} runs, about ${total_cpu.toFixed(0)} s of ns-3 CPU time`);
  if (process.argv.includes('--dry')) {
    for (const { p, seed } of runs)
      console.log(`${keyOf(p, seed)} ${p.design} ~${estimatedCpuSeconds(p).toFixed(2)} s`);
    return;
  }
  const { binary, reason } = prepareNs3('grid');
  if (!binary) {
    console.error(`ns-3 ${reason}`);
    process.exit(2);
  }
  const done = new Set(
    existsSync(out)
      ? readFileSync(out, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const row = JSON.parse(line);
            return keyOf(row, row.seed);
          })
      : [],
  );
  const start = Date.now();
  let ran = 0;
  for (const { p, seed } of runs) {
    if (done.has(keyOf(p, seed))) continue;
    if (Date.now() - start > budget_ms) {
      console.log(`budget spent after ${ran} runs; run again to go on`);
      return;
    }
    const child = spawnSync('nice', ['-n', '15', binary, ...argsFor(p, seed), ...ns3_args], {
      encoding: 'utf8',
      timeout: 1_800_000,
    });
    if (child.status !== 0) {
      console.error(`${keyOf(p, seed)} failed: ${child.error?.message ?? child.stderr.slice(-300)}`);
      process.exit(1);
    }
    const result = JSON.parse(child.stdout.trim().split('\n').at(-1));
    appendFileSync(
      out,
      `${JSON.stringify({
        mix: p.mix,
        design: p.design,
        rate_mbps: p.rate_mbps,
        rtt_ms: p.rtt_ms,
        queue_bdp: p.queue_bdp,
        ...result,
      })}\n`,
    );
    ++ran;
    console.log(
      `${keyOf(p, seed)}: ${result.goodput_mbps.join(' + ')} Mb/s, ${result.run_cpu_ms.toFixed(0)} ms CPU ` +
        `(estimated ${(estimatedCpuSeconds(p) * 1e3).toFixed(0)})`,
    );
  }
  console.log(`all ${runs.length} runs done (${ran} this time)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
