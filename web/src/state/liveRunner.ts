// The live view's runs: one engine worker, latest wins (engine/client.ts); what it
// answers becomes the displayed result, the engine's objections, or the run error.
import { seriesFromResult } from '../charts/series';
import { EngineClient, type RunOutcome } from '../engine/client';
import { crossFieldErrors } from '../model/params/crossField';
import { buildScenario } from '../model/params/params';
import { asksFirst, estimateRunCost, windowedProtocols } from '../model/run/runCost';
import { timelineJson } from '../url/timeline';
import { durationOf, MARK_RESULT, type StoreCore } from './labState';

export class LiveRunner {
  private client: EngineClient | null = null;
  /** The run held for the user's word (its scenario and timeline). */
  private held: { scenario: string; timeline?: string } | null = null;
  /** The last scenario the user agreed to run at its cost: not asked again. */
  private approved = '';

  constructor(private readonly core: StoreCore) {}

  attach(client: EngineClient) {
    this.client?.dispose();
    this.client = client;
    client.onBusy((busy) => this.core.set({ busy }));
    client.onResult((o) => this.onOutcome(o));
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
    this.client.run(scenario, tl);
  }

  /** The user agreed to the held run's cost: run it. */
  runHeld() {
    const held = this.held;
    if (!held || !this.client) return;
    this.approved = held.scenario;
    this.held = null;
    this.core.set({ costAsk: undefined });
    this.client.run(held.scenario, held.timeline);
  }

  private onOutcome(o: RunOutcome) {
    performance.mark(MARK_RESULT);
    const lastFinishedId = o.id;
    if (o.kind === 'ok' && o.result?.ok) {
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
        },
      });
    } else if (o.kind === 'invalid' && o.result && !o.result.ok) {
      this.core.set({ lastFinishedId, engineErrors: o.result.errors ?? [], runError: undefined });
    } else {
      this.core.set({ lastFinishedId, runError: o.error ?? 'the engine gave no result' });
    }
  }

  dispose() {
    this.client?.dispose();
    this.client = null;
  }
}
