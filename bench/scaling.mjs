// Cost that grows linearly (issue 19 §1): the reference run's path with 1, 10 and 64
// flows sharing its 10 Mb/s bottleneck, and one flow on a 1, 10, 100 Mb/s and 1 Gb/s
// bottleneck (window and queue one bandwidth-delay product and more, so the flow fills
// the link; simulated time shortened as the rate grows, so each run is some 10^5-10^6
// events). Each prints its events, wall time and ns per event natively and in WASM;
// ns per event must not grow with flows or rate: every row is held to at most
// kGrowthLimit x the cheapest row's ns per event, natively and in WASM.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const kRepetitions = 3;
// Allowance for noise on a shared machine; a cost per event that grew with N or the
// rate (a scan of every flow or every segment in flight) would show as 5-50x.
const kGrowthLimit = 1.5;
const kReferenceRttS = 0.05; // reference-ns3.json: 2 x (1 + 24) ms
const kMss = 1000;

function flowsCase(base, n) {
  const scenario = structuredClone(base);
  scenario.duration_s = 20;
  scenario.flows = Array.from({ length: n }, () => structuredClone(base.flows[0]));
  return { label: `${n} flow${n === 1 ? '' : 's'}, 10 Mb/s, 20 s`, scenario };
}

function rateCase(base, rate_mbps, duration_s) {
  const scenario = structuredClone(base);
  const bdp_packets = Math.ceil((rate_mbps * 1e6 * kReferenceRttS) / 8 / kMss);
  scenario.duration_s = duration_s;
  scenario.topology.access.rate_mbps = Math.min(10000, 10 * rate_mbps);
  scenario.topology.access.queue_packets = Math.max(100, bdp_packets);
  scenario.topology.bottleneck.rate_mbps = rate_mbps;
  scenario.topology.bottleneck.queue_packets = Math.max(100, bdp_packets);
  scenario.flows[0].tcp.max_window_segments = Math.max(131, 2 * bdp_packets + 100);
  const rate = rate_mbps >= 1000 ? `${rate_mbps / 1000} Gb/s` : `${rate_mbps} Mb/s`;
  return { label: `1 flow, ${rate}, ${duration_s} s`, scenario };
}

function nativeMs(cli, file) {
  const times = [];
  let events;
  for (let i = 0; i < kRepetitions; ++i) {
    const child = spawnSync(cli, ['run', file, '--timing'], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
    if (child.status !== 0) throw new Error(`native run of ${file} failed: ${child.stderr}`);
    times.push(Number(/wall_ms\s+([0-9.eE+-]+)/.exec(child.stderr)[1]));
    events = JSON.parse(child.stdout).summary.events;
  }
  return { ms: Math.min(...times), events };
}

function wasmMs(plab, json) {
  const warm = plab.run(json);
  if (!warm.ok) throw new Error(`WASM run failed: ${warm.json}`);
  const times = [];
  for (let i = 0; i < kRepetitions; ++i) {
    const start = performance.now();
    const output = plab.run(json);
    times.push(performance.now() - start);
    if (!output.ok) throw new Error(`WASM run failed: ${output.json}`);
  }
  return { ms: Math.min(...times), events: warm.result.summary.events };
}

// Runs every case; prints one table per axis with each row's growth against the
// cheapest row of the whole section.
export async function scalingSection({ root, cli, plab, printTable, loadAverage }) {
  const base = JSON.parse(readFileSync(path.join(root, 'engine/scenarios/reference-ns3.json'), 'utf8'));
  const dir = path.join(root, 'build/bench');
  mkdirSync(dir, { recursive: true });
  const axes = [
    ['flows', [1, 10, 64].map((n) => flowsCase(base, n))],
    [
      'bottleneck rate',
      [
        [1, 60],
        [10, 20],
        [100, 5],
        [1000, 2],
      ].map(([rate, duration]) => rateCase(base, rate, duration)),
    ],
  ];
  const measured = [];
  for (const [axis, cases] of axes) {
    for (const [index, { label, scenario }] of cases.entries()) {
      const file = path.join(dir, `scaling-${axis.replace(' ', '-')}-${index}.json`);
      const json = JSON.stringify(scenario);
      writeFileSync(file, json);
      const native = nativeMs(cli, file);
      const wasm = wasmMs(plab, json);
      if (native.events !== wasm.events) throw new Error(`${label}: native and WASM ran different numbers of events`);
      measured.push({
        axis,
        label,
        events: native.events,
        native_ns: (native.ms * 1e6) / native.events,
        wasm_ns: (wasm.ms * 1e6) / wasm.events,
        native_ms: native.ms,
        wasm_ms: wasm.ms,
      });
    }
  }
  const cheapest_native = Math.min(...measured.map((m) => m.native_ns));
  const cheapest_wasm = Math.min(...measured.map((m) => m.wasm_ns));
  console.log('');
  console.log(
    `Cost per event against flows and rate (best of ${kRepetitions}; WASM after one warm-up; ` +
      `target: ns/event <= ${kGrowthLimit}x the cheapest row; load average ${loadAverage()})`,
  );
  for (const [axis] of axes) {
    const rows = [
      ['scenario', 'events', 'native', 'native ns/event', 'growth', 'WASM', 'WASM ns/event', 'growth', 'target', ''],
    ];
    for (const m of measured.filter((row) => row.axis === axis)) {
      const native_growth = m.native_ns / cheapest_native;
      const wasm_growth = m.wasm_ns / cheapest_wasm;
      const pass = native_growth <= kGrowthLimit && wasm_growth <= kGrowthLimit;
      rows.push([
        m.label,
        m.events.toLocaleString('en-US'),
        `${m.native_ms.toFixed(1)} ms`,
        `${m.native_ns.toFixed(0)} ns`,
        `${native_growth.toFixed(2)}x`,
        `${m.wasm_ms.toFixed(1)} ms`,
        `${m.wasm_ns.toFixed(0)} ns`,
        `${wasm_growth.toFixed(2)}x`,
        `<= ${kGrowthLimit}x`,
        pass ? 'PASS' : 'MISS',
      ]);
    }
    console.log('');
    printTable(rows);
  }
}
