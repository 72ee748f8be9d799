// The sweep view's runs: N points x (protocols x) K seeds in the worker pool, point by
// point (so a cancelled sweep keeps whole points), in coarse-to-fine order (so a
// cancelled sweep still spans the range), summaries only (plab_run_summary). The runs
// are the engine's plan (plab_sweep_plan: x values, seeds, scenarios), as `plab sweep`'s.
// A run's summary depends only on its scenario (the engine is deterministic, bit for
// bit): the summaries of this page's runs are kept, bounded, by their scenario text, so
// opening a sweep again (Back, the same preset from the Papers menu) redraws it from
// them instead of running it again; Run always runs every point.
import type { BatchHandle, WorkerPool } from '../engine/pool';
import type { RunSummary } from '../engine/types';
import { buildScenario, type ParamModel, type Values } from '../model/params/params';
import { sweepableParams, sweepProtocols, type SweepConfig } from '../model/sweep/sweep';
import { planScenarios, planSweep } from '../model/sweep/sweepPlan';
import { coarseToFine } from '../model/sweep/sweepOrder';
import type { StoreCore } from './labState';

const FLUSH_MS = 100;
/** Summaries kept for reuse: LE Fig. 4's 1860 runs a few times over (~2 KB each). */
export const SWEEP_CACHE_MAX = 8000;

export interface SweepPlan {
  grid: number[];
  seeds: number[];
  protocols: string[] | null;
  key: string;
  /** Every run's scenario: point by point, then protocol, then seed. */
  scenarios: string[];
}

export class SweepRunner {
  private batch: BatchHandle | null = null;
  private started = 0;
  private flushPending: () => void = () => {};
  /** Summaries by scenario text, oldest first (a Map keeps insertion order). */
  private readonly cache = new Map<string, RunSummary>();
  /** The last plan and what it was planned from. */
  private lastPlan: {
    model: ParamModel;
    v: Values;
    c: SweepConfig;
    cmp: string[];
    plan: SweepPlan | null;
    /** Why the engine refused the plan (e.g. x on the flows after the first of one flow). */
    error: string | null;
  } | null = null;

  constructor(
    private readonly core: StoreCore,
    private readonly pool: () => WorkerPool,
  ) {}

  /** What a sweep of these settings runs: its key tells whether a finished sweep is
   * still the one the settings describe. */
  plan(values?: Values, cfg?: SweepConfig, compare?: string[]): SweepPlan | null {
    const s = this.core.get();
    const model = s.engine.model;
    if (!model) return null;
    const v = values ?? s.scenario.values;
    const c = cfg ?? s.view.sweep;
    const cmp = compare ?? s.view.compare;
    // The state is immutable: the same objects plan the same sweep. The view's plan (its
    // cost, whether a run is stale) and the runner's are one, not two (LE Fig. 4's 1860
    // scenarios took ~0.5 s of main thread each time).
    const last = this.lastPlan;
    if (last && last.model === model && last.v === v && last.c === c && last.cmp === cmp) return last.plan;
    const { plan, error } = this.build(model, v, c, cmp);
    this.lastPlan = { model, v, c, cmp, plan, error };
    return plan;
  }

  /** Why the engine refused the plan of these settings, or null (none refused, or not
   * planned: the engine still loading, x not a sweepable parameter). */
  planError(values?: Values, cfg?: SweepConfig, compare?: string[]): string | null {
    this.plan(values, cfg, compare);
    return this.lastPlan?.error ?? null;
  }

  private build(
    model: ParamModel,
    v: Values,
    c: SweepConfig,
    compare: string[],
  ): { plan: SweepPlan | null; error: string | null } {
    const spec = sweepableParams(model).find((p) => p.path === c.x);
    if (!spec) return { plan: null, error: null };
    const protocols = sweepProtocols(c, compare);
    const plan = planSweep(model, v, c, protocols);
    if (typeof plan === 'string') return { plan: null, error: plan === 'the engine is still loading' ? null : plan };
    const { grid, seeds } = plan;
    const base = buildScenario(model, v);
    const key = JSON.stringify(protocols ? [base, c.x, grid, seeds, protocols] : [base, c.x, grid, seeds]);
    return { plan: { grid, seeds, protocols, key, scenarios: planScenarios(plan) }, error: null };
  }

  private remember(scenario: string, summary: RunSummary) {
    this.cache.delete(scenario);
    this.cache.set(scenario, summary);
    if (this.cache.size > SWEEP_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
  }

  /** Runs the sweep the settings describe. With `reuse` (opening a link), a sweep that
   * is already done for these settings stays as it is, and runs whose summary this page
   * already has are not run again; without it (Run), every run is run. */
  run({ reuse = false }: { reuse?: boolean } = {}) {
    const s = this.core.get();
    const model = s.engine.model;
    const plan = this.plan();
    if (!model || !plan) return;
    if (reuse && s.sweepRun?.key === plan.key && s.sweepRun.status === 'done') return;
    this.batch?.cancel({ terminate: true });
    const { grid, seeds, key, protocols } = plan;
    const lines: (string | null)[] = protocols ?? [null];
    // The pool runs its queue in order: the n-th point queued is order[n] on the grid
    // (the plan keeps a point's runs together, protocol by protocol, seed by seed).
    const perPoint = seeds.length * lines.length;
    const order = coarseToFine(grid.length);
    const scenarios = order.flatMap((i) => plan.scenarios.slice(i * perPoint, (i + 1) * perPoint));
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
    // Results arrive faster than a chart can redraw (LE Fig. 4: 1860 runs of a few ms):
    // they are gathered here and shown at most every FLUSH_MS, and at once when done.
    const pending: { idx: number; summary: RunSummary | null; error?: string }[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const run = this.core.get().sweepRun;
      if (!run || run.id !== id || pending.length === 0) return;
      const series = run.series.map((l) => ({ ...l, summaries: l.summaries.slice() }));
      let errors = run.errors;
      const done = run.done + pending.length;
      for (const { idx, summary, error } of pending.splice(0)) {
        const i = order[Math.floor(idx / perPoint)];
        const l = Math.floor((idx % perPoint) / k);
        const point = (series[l].summaries[i] = series[l].summaries[i].slice());
        point[idx % k] = summary;
        if (error !== undefined && errors.length < 5 && !errors.includes(error)) errors = [...errors, error];
      }
      this.core.set({ sweepRun: { ...run, series, errors, done, elapsedMs: performance.now() - this.started } });
    };
    // The runs to send to the pool (queue-order indices); the others are known already.
    const toRun: number[] = [];
    scenarios.forEach((sc, idx) => {
      const known = reuse ? this.cache.get(sc) : undefined;
      if (known) pending.push({ idx, summary: known });
      else toRun.push(idx);
    });
    if (pending.length) flush();
    this.batch = this.pool().runBatch(
      toRun.map((idx) => scenarios[idx]),
      {
        summaryOnly: true,
        onResult: (j, o) => {
          const idx = toRun[j];
          if (o.kind === 'ok' && o.result?.ok) {
            const summary = o.result.summary ?? {};
            this.remember(scenarios[idx], summary);
            pending.push({ idx, summary });
          } else {
            const msg =
              o.kind === 'invalid' && o.result && !o.result.ok
                ? (o.result.errors ?? []).map((e) => e.message).join('; ')
                : (o.error ?? 'no result');
            pending.push({ idx, summary: null, error: msg });
          }
          if (timer === null) timer = setTimeout(flush, FLUSH_MS);
        },
        onDone: () => {
          flush();
          const run = this.core.get().sweepRun;
          if (!run || run.id !== id) return;
          this.core.set({ sweepRun: { ...run, status: 'done', elapsedMs: performance.now() - this.started } });
        },
      },
    );
    this.flushPending = flush;
  }

  /** Stops a running sweep at once (its workers are terminated); finished points stay. */
  cancel() {
    if (this.core.get().sweepRun?.status !== 'running') return;
    this.flushPending();
    this.batch?.cancel({ terminate: true });
    this.batch = null;
    // Read after the flush: the results it just placed stay.
    const run = this.core.get().sweepRun!;
    this.core.set({ sweepRun: { ...run, status: 'cancelled', elapsedMs: performance.now() - this.started } });
  }
}
