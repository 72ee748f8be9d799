// The live view's runs: one engine worker, latest wins (engine/client.ts); what it
// answers becomes the displayed result, the engine's objections, or the run error.
import { seriesFromResult } from '../charts/series';
import { EngineClient, type RunOutcome, type SliceOutcome } from '../engine/client';
import type { WorkerPool } from '../engine/pool';
import { RunCache, Speculator } from '../engine/speculation';
import { crossFieldErrors } from '../model/params/crossField';
import { buildScenario } from '../model/params/params';
import { asksFirst, estimateRunCost, windowedProtocols } from '../model/run/runCost';
import { timelineJson } from '../url/timeline';
import { durationOf, MARK_RESULT, type StoreCore } from './labState';
import { onSlide } from './slideHints';

export class LiveRunner {
  private client: EngineClient | null = null;
  /** The run held for the user's word (its scenario and timeline). */
  private held: { scenario: string; timeline?: string } | null = null;
  /** The last scenario the user agreed to run at its cost: not asked again. */
  private approved = '';

  /** Results by exact scenario: speculated ones and the live runs' own (bounded). */
  readonly cache = new RunCache();
  private speculator: Speculator | null = null;
  /** Runs made with a live-mode timeline: their results are not the scenario's alone. */
  private readonly timelineRuns = new Set<number>();

  constructor(
    private readonly core: StoreCore,
    private readonly getPool?: () => WorkerPool,
  ) {}

  attach(client: EngineClient) {
    this.client?.dispose();
    this.client = client;
    client.onBusy((busy) => {
      this.core.set({ busy });
      // Speculation yields to the real run (speculation.ts).
      if (busy) this.speculator?.pause();
      else this.speculator?.resume();
    });
    onSlide((path, ahead) => this.speculate(path, ahead));
    client.onResult((o) => this.onOutcome(o));
    client.onSlice((s) => this.onSlice(s));
  }

  run() {
    const {
      engine: { model },
      scenario: { values, timeline },
    } = this.core.get();
    if (!model || !this.client) return;
    // Values that break a rule between two fields are named at the field, in the page's
    // words, and nothing runs (the engine would refuse them the same way).
    const crossed = crossFieldErrors(model, values);
    if (crossed.length) {
      this.held = null;
      this.core.set({ engineErrors: crossed, costAsk: undefined });
      return;
    }
    if (this.core.get().run.engineErrors.some((e) => e.byPage)) this.core.set({ engineErrors: [] });
    const scenario = buildScenario(model, values);
    const tl = timeline.length > 0 ? timelineJson(timeline) : undefined;
    // A run estimated as long waits for a click (ask, never refuse: a link must still run).
    const cost = estimateRunCost(scenario, windowedProtocols(model));
    if (scenario !== this.approved && asksFirst(cost)) {
      this.held = { scenario, timeline: tl };
      this.core.set({ costAsk: cost });
      return;
    }
    this.held = null;
    if (this.core.get().run.costAsk) this.core.set({ costAsk: undefined });
    const cached = tl === undefined ? this.cache.get(scenario) : undefined;
    if (cached) {
      this.core.set({ requestedId: this.client.resolve(scenario, cached.result, cached.columns) });
      return;
    }
    const id = this.client.run(scenario, tl);
    if (tl !== undefined) this.timelineRuns.add(id);
    this.core.set({ requestedId: id });
  }

  /** The user agreed to the held run's cost: run it. */
  runHeld() {
    const held = this.held;
    if (!held || !this.client) return;
    this.approved = held.scenario;
    this.held = null;
    this.core.set({ costAsk: undefined, requestedId: this.client.run(held.scenario, held.timeline) });
  }

  /** A slider's next values (slideHints.ts): run them in idle pool workers, in the
   * live view only, without a timeline, and only runs that need no word on their cost. */
  private speculate(path: string, ahead: readonly number[]) {
    const { engine, scenario, view, live } = this.core.get();
    const model = engine.model;
    if (
      !this.getPool ||
      !model ||
      view.view !== 'live' ||
      live.playback ||
      scenario.timeline.length > 0 ||
      ahead.length === 0
    ) {
      this.speculator?.stop();
      return;
    }
    if (!this.speculator) {
      const pool = this.getPool();
      this.speculator = new Speculator(
        (s, done) => {
          const batch = pool.runBatch([s], {
            cancellable: true,
            onResult: (_, o) =>
              done(o.kind === 'ok' && o.result?.ok && o.columns ? { result: o.result, columns: o.columns } : null),
          });
          return { cancel: () => batch.cancel() };
        },
        this.cache,
        Math.max(1, pool.size - 1),
      );
      if (this.client?.busy) this.speculator.pause();
    }
    const windowed = windowedProtocols(model);
    const scenarios = ahead
      .map((v) => ({ ...scenario.values, [path]: v }))
      .filter((values) => crossFieldErrors(model, values).length === 0)
      .map((values) => buildScenario(model, values))
      .filter((s) => !asksFirst(estimateRunCost(s, windowed)));
    this.speculator.want(scenarios);
  }

  /** The newest slice not yet shown, and the frame that will show it. */
  private pendingSlice: SliceOutcome | null = null;
  private sliceFrame = false;

  /** The newest run's result so far, shown at the next animation frame (slices that
   * arrive meanwhile replace it; the complete result drops it). */
  private onSlice(s: SliceOutcome) {
    this.pendingSlice = s;
    if (this.sliceFrame) return;
    this.sliceFrame = true;
    const show = () => {
      this.sliceFrame = false;
      const next = this.pendingSlice;
      this.pendingSlice = null;
      if (next) this.showSlice(next);
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(show);
    else setTimeout(show, 0);
  }

  private showSlice(s: SliceOutcome) {
    // Only the newest run asked for (a cached answer may have replaced it meanwhile).
    if (!s.result.ok || s.id !== this.core.get().run.requestedId) return;
    this.core.set({
      filling: {
        id: s.id,
        result: s.result,
        series: seriesFromResult(s.result, s.columns),
        durationS: durationOf(s.scenario),
        filledToS: s.filledToS,
      },
    });
  }

  private onOutcome(o: RunOutcome) {
    performance.mark(MARK_RESULT);
    const lastFinishedId = o.id;
    this.pendingSlice = null;
    if (this.core.get().run.filling) this.core.set({ filling: undefined });
    if (o.kind === 'ok' && o.result?.ok) {
      if (o.columns && !this.timelineRuns.delete(o.id))
        this.cache.set(o.scenario, { result: o.result, columns: o.columns });
      const series = seriesFromResult(o.result, o.columns);
      if (series.problems.length) console.warn('[plab] result problems:', series.problems);
      this.core.set({
        lastFinishedId,
        // A run still in flight when the page found a broken rule must not clear it.
        engineErrors: this.core.get().run.engineErrors.filter((e) => e.byPage),
        runError: undefined,
        displayed: {
          id: o.id,
          summary: o.result.summary ?? {},
          result: o.result,
          series,
          durationS: durationOf(o.scenario),
        },
        lastRun: {
          engineMs: o.engineMs,
          roundTripMs: o.roundTripMs,
          points: o.columns ? o.columns.length / 2 : 0,
          toWorkerMs: o.toWorkerMs,
          fromWorkerMs: o.fromWorkerMs,
          fromCache: o.fromCache,
        },
      });
    } else if (o.kind === 'invalid' && o.result && !o.result.ok) {
      this.core.set({ lastFinishedId, engineErrors: o.result.errors ?? [], runError: undefined });
    } else {
      this.core.set({ lastFinishedId, runError: o.error ?? 'the engine gave no result' });
    }
  }

  dispose() {
    onSlide(null);
    this.speculator?.stop();
    this.client?.dispose();
    this.client = null;
  }
}
