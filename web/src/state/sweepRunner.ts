// The sweep view's runs: N points x (protocols x) K seeds in the worker pool, point by
// point (so a cancelled sweep keeps whole points), summaries only (plab_run_summary).
import type { BatchHandle, WorkerPool } from '../engine/pool';
import { buildScenario, type Values } from '../model/params';
import { withItemCount } from '../model/listEdits';
import { FLOW_COUNT_X, sweepableParams, sweepGrid, sweepProtocols, sweepSeeds, type SweepConfig } from '../model/sweep';
import { withProtocol } from '../model/views';
import type { StoreCore } from './labState';

export interface SweepPlan {
  grid: number[];
  seeds: number[];
  protocols: string[] | null;
  key: string;
}

export class SweepRunner {
  private batch: BatchHandle | null = null;
  private started = 0;

  constructor(
    private readonly core: StoreCore,
    private readonly pool: () => WorkerPool,
  ) {}

  /** What a sweep of these settings runs: its key tells whether a finished sweep is
   * still the one the settings describe. */
  plan(values?: Values, cfg?: SweepConfig, compare?: string[]): SweepPlan | null {
    const s = this.core.get();
    const model = s.model;
    if (!model) return null;
    const v = values ?? s.values;
    const c = cfg ?? s.view.sweep;
    const spec = sweepableParams(model).find((p) => p.path === c.x);
    if (!spec) return null;
    const grid = sweepGrid(c.from, c.to, c.n, c.scale, spec.decl.type === 'integer');
    const baseSeed = typeof v.seed === 'number' ? v.seed : 1;
    const seeds = sweepSeeds(baseSeed, c.k);
    const protocols = sweepProtocols(c, compare ?? s.view.compare);
    const base = buildScenario(model, v);
    const key = JSON.stringify(protocols ? [base, c.x, grid, seeds, protocols] : [base, c.x, grid, seeds]);
    return { grid, seeds, protocols, key };
  }

  /** The values of one run: x set (the number of flows copies the last flow), then
   * the seed and the protocol. */
  private pointValues(x: number, seed: number, protocol: string | null): Values {
    const { model, values, view } = this.core.get();
    let v: Values = view.sweep.x === FLOW_COUNT_X ? withItemCount(model!, values, 'flows', x) : { ...values, [view.sweep.x]: x };
    v = { ...v, seed };
    return protocol === null ? v : withProtocol(model!, v, protocol);
  }

  run() {
    const s = this.core.get();
    const model = s.model;
    const plan = this.plan();
    if (!model || !plan) return;
    this.batch?.cancel({ terminate: true });
    const { grid, seeds, key, protocols } = plan;
    const lines: (string | null)[] = protocols ?? [null];
    const scenarios: string[] = [];
    for (const x of grid)
      for (const protocol of lines) for (const seed of seeds) scenarios.push(buildScenario(model, this.pointValues(x, seed, protocol)));
    const id = (s.sweepRun?.id ?? 0) + 1;
    this.started = performance.now();
    this.core.set({
      sweepRun: {
        id,
        key,
        config: { ...s.view.sweep },
        grid,
        seeds,
        series: lines.map((protocol) => ({ protocol, summaries: grid.map(() => seeds.map(() => undefined)) })),
        errors: [],
        done: 0,
        total: scenarios.length,
        status: 'running',
        elapsedMs: 0,
      },
    });
    const k = seeds.length;
    const perPoint = k * lines.length;
    this.batch = this.pool().runBatch(scenarios, {
      summaryOnly: true,
      onResult: (idx, o) => {
        const run = this.core.get().sweepRun;
        if (!run || run.id !== id) return;
        const i = Math.floor(idx / perPoint);
        const l = Math.floor((idx % perPoint) / k);
        const j = idx % k;
        const series = run.series.slice();
        const summaries = series[l].summaries.slice();
        summaries[i] = summaries[i].slice();
        series[l] = { ...series[l], summaries };
        let errors = run.errors;
        if (o.kind === 'ok' && o.result?.ok) summaries[i][j] = o.result.summary ?? {};
        else {
          summaries[i][j] = null;
          const msg =
            o.kind === 'invalid' && o.result && !o.result.ok
              ? (o.result.errors ?? []).map((e) => e.message).join('; ')
              : (o.error ?? 'no result');
          if (errors.length < 5 && !errors.includes(msg)) errors = [...errors, msg];
        }
        this.core.set({ sweepRun: { ...run, series, errors, done: run.done + 1, elapsedMs: performance.now() - this.started } });
      },
      onDone: () => {
        const run = this.core.get().sweepRun;
        if (!run || run.id !== id) return;
        this.core.set({ sweepRun: { ...run, status: 'done', elapsedMs: performance.now() - this.started } });
      },
    });
  }

  /** Stops a running sweep at once (its workers are terminated); finished points stay. */
  cancel() {
    const run = this.core.get().sweepRun;
    if (!run || run.status !== 'running') return;
    this.batch?.cancel({ terminate: true });
    this.batch = null;
    this.core.set({ sweepRun: { ...run, status: 'cancelled', elapsedMs: performance.now() - this.started } });
  }
}
