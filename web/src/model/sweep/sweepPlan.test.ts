// Issue K: the page's sweep and `plab sweep` of the same link run the same x values,
// seeds and scenarios (one plan, the engine's), and the page's per-point figures (mean,
// sd, min, max, n, 95 % interval) are the CLI's bit for bit. Links: a log grid (its
// interior points rounded to 6 significant digits, as the page's links always were),
// TCP-Real's explicit points, one series per protocol (sweep.by=protocol), and from = to.
// Needs the WASM build and the native CLI (npm run build:engine, npm run build:wasm).
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlabModule } from 'plab-glue';
import { buildScenario, type ParamModel } from '../params/params';
import { sweepPoints, sweepProtocols, type SweepConfig } from './sweep';
import { engineStats, planScenarios, planSweep, type EngineSweepPlan } from './sweepPlan';
import { loadTestEngine } from '../testEngine';
import { decodeHash } from '../../url/codec';
import { defaultViewState } from '../views';
import { decodeViewParams } from '../../url/viewParams';
import type { WorkerPool } from '../../engine/pool';
import type { LabState, StoreCore } from '../../state/labState';
import { SweepRunner } from '../../state/sweepRunner';
import { nodeModule, type NodeChildProcess, type NodeFs } from '../testNode';

let model: ParamModel;
let engine: PlabModule;
let fs: NodeFs;
let cp: NodeChildProcess;
beforeAll(async () => {
  ({ model, engine } = await loadTestEngine());
  fs = await nodeModule<NodeFs>('node:fs');
  cp = await nodeModule<NodeChildProcess>('node:child_process');
});

const BASE = '#v=2&duration_s=3&seed=5&f0.protocol=reno&f0.channel.reverse.model=bernoulli';

/** The page's reading of a link: its values, sweep and the protocols of its series. */
function openLink(hash: string) {
  const d = decodeHash(model, hash);
  const v = decodeViewParams(model, d.viewPairs);
  expect([...d.messages, ...v.messages]).toEqual([]);
  return {
    values: d.values,
    sweep: v.state.sweep,
    compare: v.state.compare,
    protocols: sweepProtocols(v.state.sweep, v.state.compare),
  };
}

/** What the sweep view runs for a link (its runner's plan: the grid it draws on and the
 * scenarios it queues), with the engine's plan it came from. */
function viewPlan(hash: string) {
  const { values, sweep, compare, protocols } = openLink(hash);
  const state = {
    engine: { model },
    scenario: { values },
    view: { ...defaultViewState(model), view: 'sweep', sweep, compare },
  } as unknown as LabState;
  const core: StoreCore = { get: () => state, set: () => {} };
  const runner = new SweepRunner(core, () => ({}) as WorkerPool).plan();
  const plan = planSweep(model, values, sweep, protocols);
  if (!runner || typeof plan === 'string') throw new Error(`no plan for ${hash}: ${plan}`);
  return { runner, plan, values, sweep, protocols };
}

/** `plab sweep` of the same scenario and sweep, as the flags a person would type. */
function cli(scenario: string, c: SweepConfig, protocols: string[] | null, extra: string[] = []): unknown {
  const native = new URL('../../../../build/engine/plab', import.meta.url).pathname;
  const dir = fs.mkdtempSync(new URL('../../../../build/plab-sweep-', import.meta.url).pathname);
  try {
    fs.writeFileSync(`${dir}/base.json`, scenario);
    const flags = ['--x', c.x, '--seeds', String(c.k)];
    if (c.points) flags.push('--xs', c.points.join(','));
    else
      flags.push(
        '--from',
        String(c.from),
        '--to',
        String(c.to),
        '--points',
        String(c.n),
        ...(c.scale === 'log' ? ['--log'] : []),
      );
    if (protocols) flags.push('--protocols', protocols.join(','));
    const out = cp.spawnSync(native, ['sweep', `${dir}/base.json`, ...flags, ...extra], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    expect(out.status, out.stderr).toBe(0);
    return JSON.parse(out.stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The CLI's plan without its own event budget: `plab` gives a scenario that sets no
 * max_events 1e9 in place of the schema's 5e7 (engine/cli/main.cc), the one way its runs
 * may differ from the page's (only for a run between the two budgets). */
function withoutCliBudget(plan: unknown): EngineSweepPlan {
  const p = plan as EngineSweepPlan;
  for (const r of p.runs) if (r.scenario.max_events === 1e9) delete r.scenario.max_events;
  return p;
}

function runSummary(scenario: string): Record<string, unknown> {
  expect(engine.ccall('plab_run_summary', 'number', ['string'], [scenario])).toBe(1);
  return JSON.parse(engine.UTF8ToString(engine.ccall('plab_result_json', 'number', [], []) as number)).summary;
}

/** Plans a link as the sweep view does, checks it against `plab sweep --plan`, runs it
 * in WASM and checks every drawn point against the CLI's figures. */
function samePlanAndFigures(hash: string, figure = 'goodput_mbps'): EngineSweepPlan {
  const { runner, plan, values, sweep, protocols } = viewPlan(hash);
  const base = buildScenario(model, values);
  const native = withoutCliBudget(cli(base, sweep, protocols, ['--plan']));
  expect(plan).toEqual(native);
  // The view's grid and queue are that plan's.
  expect(runner.grid).toEqual(native.grid);
  expect(runner.seeds).toEqual(native.seeds);
  expect(runner.scenarios.map((sc) => JSON.parse(sc))).toEqual(native.runs.map((r) => r.scenario));

  const scenarios = planScenarios(plan);
  const lines = plan.protocols ?? [null];
  const per = lines.length * plan.seeds.length;
  const summaries = scenarios.map(runSummary);
  const figures = cli(base, sweep, protocols) as {
    points: { x: number; protocol?: string; figures: Record<string, unknown> }[];
  };
  lines.forEach((protocol, l) => {
    // The sweep view's points (sweepPoints: what the chart and the table draw).
    const runs = plan.grid.map((_, i) => plan.seeds.map((_, j) => summaries[i * per + l * plan.seeds.length + j]));
    const drawn = sweepPoints(plan.grid, runs, figure);
    expect(drawn.map((p) => p.x)).toEqual(plan.grid);
    const cliPoints = figures.points.filter((p) => (p.protocol ?? null) === protocol);
    expect(cliPoints.map((p) => p.x)).toEqual(plan.grid);
    drawn.forEach(({ x, runs, ...stats }, i) =>
      expect(stats, `${protocol} x = ${x}`).toEqual(cliPoints[i].figures[figure]),
    );
    // The engine's statistics of the same values, as the page reads them.
    expect(engineStats(runs.map((r) => r.map((s) => s[figure] as number)))).toEqual(
      cliPoints.map((p) => p.figures[figure]),
    );
  });
  return plan;
}

describe('the page and plab sweep run one sweep', () => {
  it('a log sweep: the same x values, 6 significant digits inside, and the same figures', () => {
    const plan = samePlanAndFigures(
      `${BASE}&view=sweep&sweep.x=f0.channel.forward.p&sweep.from=0.001&sweep.to=0.05&sweep.scale=log&sweep.n=6&sweep.k=2`,
    );
    expect(plan.grid).toEqual([0.001, 0.00218672, 0.00478176, 0.0104564, 0.0228653, 0.05]);
  });

  it("explicit points (TCP-Real's reverse loss rates): the list itself", () => {
    const plan = samePlanAndFigures(
      `${BASE}&view=sweep&sweep.x=f0.channel.reverse.p&sweep.scale=linear&sweep.points=0,0.019,0.098,0.19&sweep.k=2`,
    );
    expect(plan.grid).toEqual([0, 0.019, 0.098, 0.19]);
  });

  it('one series per protocol (sweep.by=protocol), a pairing among them', () => {
    const plan = samePlanAndFigures(
      `${BASE}&view=sweep&cmp=reno,cubic,fixed/le&sweep.x=f0.channel.forward.p&sweep.from=0&sweep.to=0.02&sweep.scale=linear&sweep.n=4&sweep.k=2&sweep.by=protocol`,
    );
    expect(plan.grid).toEqual([0, 0.00666667, 0.0133333, 0.02]);
    expect(plan.protocols).toEqual(['reno', 'cubic', 'fixed/le']);
    expect(
      plan.runs
        .filter((r) => r.protocol === 'fixed/le')
        .every((r) => (r.scenario.flows as { recovery?: string }[])[0].recovery === 'le'),
    ).toBe(true);
  });

  it('from = to is one point on both sides (the page used to run N copies of it)', () => {
    const { values, sweep } = openLink(
      `${BASE}&view=sweep&sweep.x=f0.channel.forward.p&sweep.scale=linear&sweep.n=5&sweep.k=2`,
    );
    const c = { ...sweep, from: 0.02, to: 0.02 };
    const plan = planSweep(model, values, c, null);
    if (typeof plan === 'string') throw new Error(plan);
    expect(plan.grid).toEqual([0.02]);
    expect(plan).toEqual(withoutCliBudget(cli(buildScenario(model, values), c, null, ['--plan'])));
  });

  it('a log sweep from 0 is refused by the engine, naming from', () => {
    const { values, sweep } = openLink(`${BASE}&view=sweep&sweep.x=f0.channel.forward.p`);
    expect(planSweep(model, values, { ...sweep, from: 0, to: 0.05, scale: 'log' }, null)).toMatch(
      /^a log sweep needs from > 0/,
    );
  });
});
