// The contest view's runs: the engine's plan (plab_contest_plan: every entrant as
// flows[0] of every scenario of the set) in the worker pool, summaries only, then the
// engine's leaderboard (plab_contest_score) from the summaries, so the page's score is
// `plab contest`'s to the bit. Summaries this page already has (the same scenario text)
// are not run again: adding "yours" to a finished board runs only its own paths.
import type { BatchHandle, WorkerPool } from '../engine/pool';
import { sweepEngine } from '../engine/sweepEngine';
import type { RunSummary } from '../engine/types';
import { contestSpec, type ContestBoard, type ContestSpec } from '../model/contest/contest';
import type { ContestRun, StoreCore } from './labState';

interface PlanDoc {
  ok: boolean;
  plan?: { scenarios: ContestRun['scenarios']; entrants: string[]; runs: { run: unknown }[] };
  errors?: { message: string }[];
}

/** Summaries kept by scenario text: adding "yours" to a board runs only its own paths. */
const CACHE_MAX = 500;

export class ContestRunner {
  private batch: BatchHandle | null = null;
  /** A run's summary depends only on its scenario (the engine is deterministic). */
  private readonly cache = new Map<string, RunSummary>();

  constructor(
    private readonly core: StoreCore,
    private readonly pool: () => WorkerPool,
  ) {}

  /** The spec the settings describe (null: no engine, or an engine without contests). */
  spec(): ContestSpec | null {
    const s = this.core.get();
    const model = s.engine.model;
    return model ? contestSpec(model, s.scenario.values, s.view.contest ?? '') : null;
  }

  /** Runs the contest the settings describe; with `reuse` (opening a link) a finished
   * contest of the same spec stays as it is. */
  run({ reuse = false }: { reuse?: boolean } = {}) {
    const spec = this.spec();
    const engine = sweepEngine();
    if (!spec || !engine) return;
    const key = JSON.stringify(spec);
    const prev = this.core.get().contestRun;
    if (reuse && prev?.key === key && prev.status === 'done') return;
    this.batch?.cancel({ terminate: true });
    const id = (prev?.id ?? 0) + 1;
    const started = performance.now();
    const base = { id, key, scenarios: [], entrants: [], done: 0, total: 0, errors: [], elapsedMs: 0 };
    const planned = JSON.parse(engine.contestPlan(key)) as PlanDoc;
    if (!planned.ok || !planned.plan) {
      const errors = (planned.errors ?? []).map((e) => e.message);
      this.core.set({ contestRun: { ...base, status: 'failed', errors } });
      return;
    }
    const { scenarios, entrants, runs } = planned.plan;
    const texts = runs.map((r) => JSON.stringify(r.run));
    const summaries: (RunSummary | null | undefined)[] = texts.map((t) => this.cache.get(t));
    const toRun = texts.flatMap((t, i) => (summaries[i] === undefined ? [i] : []));
    const known = texts.length - toRun.length;
    this.core.set({ contestRun: { ...base, scenarios, entrants, done: known, total: runs.length, status: 'running' } });
    const current = () => {
      const run = this.core.get().contestRun;
      return run && run.id === id ? run : null;
    };
    this.batch = this.pool().runBatch(
      toRun.map((i) => texts[i]),
      {
        summaryOnly: true,
        onResult: (n, o) => {
          const run = current();
          if (!run) return;
          const j = toRun[n];
          let error: string | null = null;
          if (o.kind === 'ok' && o.result?.ok) {
            summaries[j] = o.result.summary ?? {};
            this.remember(texts[j], summaries[j]);
          } else {
            summaries[j] = null;
            error =
              o.kind === 'invalid' && o.result && !o.result.ok
                ? (o.result.errors ?? []).map((e) => e.message).join('; ')
                : (o.error ?? 'no result');
          }
          const errors =
            error && run.errors.length < 5 && !run.errors.includes(error) ? [...run.errors, error] : run.errors;
          this.core.set({ contestRun: { ...run, done: run.done + 1, errors, elapsedMs: performance.now() - started } });
        },
        onDone: () => {
          const run = current();
          if (!run || run.status !== 'running') return;
          const scored = JSON.parse(engine.contestScore(key, JSON.stringify(summaries))) as {
            ok: boolean;
            board?: ContestBoard;
            errors?: { message: string }[];
          };
          const elapsedMs = performance.now() - started;
          if (!scored.ok || !scored.board) {
            const errors = [...run.errors, ...(scored.errors ?? []).map((e) => e.message)];
            this.core.set({ contestRun: { ...run, status: 'failed', errors, elapsedMs } });
            return;
          }
          this.core.set({ contestRun: { ...run, status: 'done', board: scored.board, elapsedMs } });
        },
      },
    );
  }

  private remember(text: string, summary: RunSummary) {
    this.cache.delete(text);
    this.cache.set(text, summary);
    if (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
  }

  /** Stops a running contest (its workers are terminated); it has no board. */
  cancel() {
    const run = this.core.get().contestRun;
    if (run?.status !== 'running') return;
    this.batch?.cancel({ terminate: true });
    this.batch = null;
    this.core.set({ contestRun: { ...run, status: 'cancelled' } });
  }
}
