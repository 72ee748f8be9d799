// Issue J: a `custom` program costs at most kTemplateLimit x the built-in protocol it
// imitates, natively and in WASM. Each template of the schema's languages.custom runs
// the reference run (engine/scenarios/reference-ns3.json: 10 Mb/s, 50 ms RTT, 60 s) as
// protocol custom, beside the built-in it imitates on the same scenario. The two do not
// send the same packets (except the Reno template, which is Reno bit for bit), so the
// ratio is of whole runs: what a student's program costs the page.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const kTemplateLimit = 2;
const kRepetitions = 3;
// The built-in each template imitates (its comments say so).
const kImitates = { reno: 'reno', aimd: 'reno', vegas: 'vegas', delay: 'vegas', bbr_like: 'bbr', cubic_like: 'cubic' };

function best(values) {
  return Math.min(...values);
}

function nativeMs(cli, scenarioFile, sets) {
  const times = [];
  for (let i = 0; i < kRepetitions; ++i) {
    const args = ['run', scenarioFile, '--timing', ...sets.flatMap((s) => ['--set', s])];
    const child = spawnSync(cli, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (child.status !== 0) throw new Error(`native run failed (${sets.join(' ')}): ${child.stderr}`);
    times.push(Number(/wall_ms\s+([0-9.eE+-]+)/.exec(child.stderr)[1]));
  }
  return best(times);
}

function wasmMs(plab, scenario) {
  const json = JSON.stringify(scenario);
  plab.run(json); // warm-up
  const times = [];
  for (let i = 0; i < kRepetitions; ++i) {
    const t = performance.now();
    const out = plab.run(json);
    times.push(performance.now() - t);
    if (!out.ok) throw new Error(`WASM run failed: ${out.json.slice(0, 300)}`);
  }
  return best(times);
}

export async function templatesSection({ root, cli, plab, printTable, loadAverage }) {
  const scenarioFile = path.join(root, 'engine/scenarios/reference-ns3.json');
  const base = JSON.parse(readFileSync(scenarioFile, 'utf8'));
  const templates = plab.schema().languages?.custom?.templates ?? [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plab-templates-'));
  const rows = [['template', 'imitates', 'native', 'x built-in', 'WASM', 'x built-in', 'target', '']];
  try {
    for (const t of templates) {
      const builtIn = kImitates[t.name] ?? 'reno';
      const file = path.join(dir, `${t.name}.cc`);
      writeFileSync(file, t.program);
      const mine = structuredClone(base);
      mine.flows[0].protocol = 'custom';
      mine.flows[0].custom = { program: t.program };
      const theirs = structuredClone(base);
      theirs.flows[0].protocol = builtIn;
      const n = nativeMs(cli, scenarioFile, ['flows[0].protocol=custom', `flows[0].custom.program=@${file}`]);
      const nb = nativeMs(cli, scenarioFile, [`flows[0].protocol=${builtIn}`]);
      const w = wasmMs(plab, mine);
      const wb = wasmMs(plab, theirs);
      const ok = n / nb <= kTemplateLimit && w / wb <= kTemplateLimit;
      rows.push([
        t.name,
        builtIn,
        `${n.toFixed(1)} ms`,
        `${(n / nb).toFixed(2)}x`,
        `${w.toFixed(1)} ms`,
        `${(w / wb).toFixed(2)}x`,
        `<= ${kTemplateLimit}x`,
        ok ? 'PASS' : 'MISS',
      ]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('');
  console.log(
    `custom programs (the schema's templates) against the built-in each imitates, reference run, best of ${kRepetitions} (load ${loadAverage()})`,
  );
  console.log('');
  printTable(rows);
}
