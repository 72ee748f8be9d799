// Runs issue M's ns-3.44 cases (today's queues and controllers) through bench/ns3/modern.cc
// and appends one JSON line per run to engine/tests/data/ns3-modern.jsonl (or --out FILE):
//   node bench/ns3/modern.mjs [--out FILE] [--only name,...] [--seeds N]
// (--seeds N: seeds 1..N of each case run instead of its own count; PIE's drops over 20
// seeds, engine/tests/data/ns3-modern-pie-seeds.jsonl, came so.)
// Resumable: a run whose case and seed are already in the file is skipped. One ns-3
// process at a time under `nice -n 15` (the machine is shared). Each line carries its
// case's `name`, which the engine's comparison tests look up.
//
// The cases, on grid.cc's dumbbell (1 Gb/s, 1 ms access links; RTT = 2 (delay + 2) ms):
// - dctcp-k20 / dctcp-k40 / dctcp-2flows: DCTCP with step marking (RED, MinTh = MaxTh = K
//   on the instantaneous queue, ECN), 100 Mb/s, 10 ms RTT: the queue held near K, no loss;
// - newreno-fifo: NewReno on a 100-packet drop-tail buffer at the same path, for contrast;
// - ledbat-alone / ledbat-newreno: LEDBAT (TcpLedbat, target 100 ms) alone and beside
//   NewReno on 10 Mb/s, 50 ms RTT, a 1000-packet buffer: it yields;
// - codel-2newreno / pie-2newreno / fqcodel-newreno-cubic: two flows through CoDel, PIE
//   and FQ-CoDel (ns-3's defaults), 10 Mb/s, 50 ms RTT, 1000-packet limit;
// - cubic-alone / cubic-2flows: TcpCubic with its defaults (HyStart on) on drop-tail, 10 Mb/s,
//   50 ms RTT, a 1000-packet buffer alone (where HyStart decides how far slow start fills
//   it) and a 100-packet one for two flows.
// Loss-free cases with no randomness run one seed; PIE, FQ-CoDel and RED draw random
// numbers: three.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { prepareNs3 } from './ns3.mjs';

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const kCases = [
  {
    name: 'dctcp-k20',
    tcps: ['ns3::TcpDctcp'],
    ecn: true,
    qdisc: 'red',
    k: 20,
    bw: 100,
    delay: 3,
    limit: 1000,
    seeds: 3,
  },
  {
    name: 'dctcp-k40',
    tcps: ['ns3::TcpDctcp'],
    ecn: true,
    qdisc: 'red',
    k: 40,
    bw: 100,
    delay: 3,
    limit: 1000,
    seeds: 3,
  },
  {
    name: 'dctcp-2flows',
    tcps: ['ns3::TcpDctcp', 'ns3::TcpDctcp'],
    ecn: true,
    qdisc: 'red',
    k: 20,
    bw: 100,
    delay: 3,
    limit: 1000,
    seeds: 3,
  },
  {
    name: 'newreno-fifo',
    tcps: ['ns3::TcpNewReno'],
    ecn: false,
    qdisc: 'fifo',
    bw: 100,
    delay: 3,
    limit: 100,
    seeds: 1,
  },
  {
    name: 'ledbat-alone',
    tcps: ['ns3::TcpLedbat'],
    ecn: false,
    qdisc: 'fifo',
    bw: 10,
    delay: 23,
    limit: 1000,
    seeds: 1,
  },
  {
    name: 'ledbat-newreno',
    tcps: ['ns3::TcpNewReno', 'ns3::TcpLedbat'],
    ecn: false,
    qdisc: 'fifo',
    bw: 10,
    delay: 23,
    limit: 1000,
    seeds: 1,
  },
  {
    name: 'codel-2newreno',
    tcps: ['ns3::TcpNewReno', 'ns3::TcpNewReno'],
    ecn: false,
    qdisc: 'codel',
    bw: 10,
    delay: 23,
    limit: 1000,
    seeds: 1,
  },
  {
    name: 'pie-2newreno',
    tcps: ['ns3::TcpNewReno', 'ns3::TcpNewReno'],
    ecn: false,
    qdisc: 'pie',
    bw: 10,
    delay: 23,
    limit: 1000,
    seeds: 3,
  },
  {
    name: 'fqcodel-newreno-cubic',
    tcps: ['ns3::TcpNewReno', 'ns3::TcpCubic'],
    ecn: false,
    qdisc: 'fqcodel',
    bw: 10,
    delay: 23,
    limit: 1000,
    seeds: 3,
  },
  {
    name: 'cubic-alone',
    tcps: ['ns3::TcpCubic'],
    ecn: false,
    qdisc: 'fifo',
    bw: 10,
    delay: 23,
    limit: 1000,
    seeds: 1,
  },
  {
    name: 'cubic-2flows',
    tcps: ['ns3::TcpCubic', 'ns3::TcpCubic'],
    ecn: false,
    qdisc: 'fifo',
    bw: 10,
    delay: 23,
    limit: 100,
    seeds: 1,
  },
];

function argsFor(c, seed) {
  return [
    `--tcps=${c.tcps.join(',')}`,
    `--qdisc=${c.qdisc}`,
    `--ecn=${c.ecn ? 1 : 0}`,
    `--bw=${c.bw}`,
    `--delay=${c.delay}`,
    `--limit=${c.limit}`,
    `--k=${c.k ?? 20}`,
    '--time=10',
    '--warmup=2',
    '--stagger=0.37',
    `--seed=${seed}`,
  ];
}

function main() {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const out = path.resolve(arg('--out', path.join(kRoot, 'engine/tests/data/ns3-modern.jsonl')));
  const only = arg('--only', '');
  const seeds = Number(arg('--seeds', 0));
  const { binary, prefix, reason } = prepareNs3('modern');
  if (!binary) {
    console.error(`ns-3.44 not usable: ${reason} (npm run bench:ns3-install)`);
    process.exit(1);
  }
  const done = new Set(
    existsSync(out)
      ? readFileSync(out, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
          .map((r) => `${r.name}|${r.seed}`)
      : [],
  );
  const env = { ...process.env, LD_LIBRARY_PATH: path.join(prefix, 'lib64') };
  for (const c of kCases.filter((c) => !only || only.split(',').includes(c.name))) {
    for (let seed = 1; seed <= (seeds || c.seeds); ++seed) {
      if (done.has(`${c.name}|${seed}`)) continue;
      const child = spawnSync('nice', ['-n', '15', binary, ...argsFor(c, seed)], { encoding: 'utf8', env });
      if (child.status !== 0) throw new Error(`${c.name} seed ${seed}: ${child.stderr.trim().slice(-300)}`);
      const line = { name: c.name, ...JSON.parse(child.stdout.trim().split('\n').at(-1)) };
      appendFileSync(out, JSON.stringify(line) + '\n');
      console.log(`${c.name} seed ${seed}: ${line.goodput_mbps.join(' + ')} Mb/s, queue ${line.mean_queue_packets}`);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
