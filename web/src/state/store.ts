// The one store: the experiment (a flat map of parameter values), what the engine said
// about it, and the run status. The URL hash is derived from the values on every change
// (history.replaceState) and read back, validated, on load and on hashchange.
import { EngineClient, type RunOutcome } from '../engine/client';
import { WorkerPool, type BatchHandle, type PoolOutcome } from '../engine/pool';
import type { EngineErrorItem, EngineSchema, ParamValue, RunSummary } from '../engine/types';
import { buildModel, buildScenario, groupSpecs, type ParamModel, type ParamSpec, type Values } from '../model/params';
import { sweepGrid, sweepProtocols, sweepSeeds, type SweepConfig } from '../model/sweep';
import { decodeHash, encodeHash, type UrlMessage } from '../model/urlCodec';
import {
  decodeViewParams,
  defaultViewState,
  encodeViewParams,
  PROTOCOL_PATH,
  type ViewName,
  type ViewState,
} from '../model/views';
import { visibilityRules, type VisibilityRule } from '../model/visibility';
import { seriesFromResult, type Extracted } from '../charts/series';

export interface CompareEntry {
  protocol: string;
  scenario: string;
  status: 'pending' | 'ok' | 'invalid' | 'error';
  summary?: RunSummary;
  series?: Extracted;
  durationS: number;
  error?: string;
}

export interface CompareState {
  entries: CompareEntry[];
  busy: boolean;
  /** Wall time of the last batch, ms (runs served from the cache cost nothing). */
  ms?: number;
  /** Increases with every batch started. */
  id: number;
}

export interface SweepRun {
  id: number;
  /** What was run: base scenario, x, grid and seeds (to tell when settings changed). */
  key: string;
  config: SweepConfig;
  grid: number[];
  seeds: number[];
  /** One entry per series: each protocol of the compare list (by protocol), or one
   * with protocol null (the scenario's own). summaries[point][seed]: undefined = not
   * run yet, null = the run failed. */
  series: { protocol: string | null; summaries: (RunSummary | null | undefined)[][] }[];
  errors: string[];
  done: number;
  total: number;
  status: 'running' | 'done' | 'cancelled';
  elapsedMs: number;
}

export interface Displayed {
  id: number;
  summary: RunSummary;
  series: Extracted;
  durationS: number;
}

export interface LabState {
  phase: 'loading' | 'ready' | 'failed';
  loadError?: string;
  model?: ParamModel;
  groups: { group: string; specs: ParamSpec[] }[];
  rules: Map<string, VisibilityRule>;
  values: Values;
  /** Problems with the link the page was opened with. */
  urlMessages: UrlMessage[];
  /** Engine validation errors for the current values (result ok:false). */
  engineErrors: EngineErrorItem[];
  /** The engine crashed or timed out on the current values. */
  runError?: string;
  busy: boolean;
  displayed?: Displayed;
  /** The id of the newest run that has finished (ok or not). */
  lastFinishedId: number;
  lastRun?: { engineMs: number; roundTripMs: number; points: number; toWorkerMs?: number; fromWorkerMs?: number };
  engineLoadMs?: number;
  /** The view shown and each view's settings (also in the URL). */
  view: ViewState;
  compare: CompareState;
  sweepRun?: SweepRun;
}

type Listener = () => void;

export const MARK_INPUT = 'plab:input';
export const MARK_REDRAWN = 'plab:redrawn';
export const MARK_RESULT = 'plab:result';
export const MEASURE_INPUT_TO_REDRAWN = 'plab:input->redrawn';
export const MEASURE_RESULT_TO_REDRAWN = 'plab:result->redrawn';

export class LabStore {
  private state: LabState = {
    phase: 'loading',
    groups: [],
    rules: new Map(),
    values: {},
    urlMessages: [],
    engineErrors: [],
    busy: false,
    lastFinishedId: 0,
    view: { view: 'live', compare: [], hidden: [], sweep: { x: '', from: 0, to: 1, scale: 'linear', n: 10, y: 'goodput_mbps', k: 3, by: 'none' } },
    compare: { entries: [], busy: false, id: 0 },
  };
  private listeners = new Set<Listener>();
  private client: EngineClient | null = null;
  private lastWrittenHash = '';
  private pool: WorkerPool | null = null;
  /** The values changed while the live view was not shown: run them when it is. */
  private liveDirty = true;
  private compareBatch: BatchHandle | null = null;
  private compareCache = new Map<string, CompareEntry>();
  private sweepBatch: BatchHandle | null = null;
  private sweepStarted = 0;

  constructor(
    private readonly makeClient: () => EngineClient = () => new EngineClient(),
    private readonly makePool: () => WorkerPool = () => new WorkerPool(),
  ) {}

  getState = (): LabState => this.state;

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private set(patch: Partial<LabState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  async start(): Promise<void> {
    this.client?.dispose();
    this.set({ phase: 'loading', loadError: undefined });
    const client = this.makeClient();
    this.client = client;
    client.onBusy((busy) => this.set({ busy }));
    client.onResult((o) => this.onOutcome(o));
    try {
      const info = await client.init();
      const schema = JSON.parse(info.schema) as EngineSchema;
      const def = JSON.parse(info.defaultScenario) as Record<string, unknown>;
      const model = buildModel(schema, def);
      if (model.problems.length) console.warn('[plab] schema problems:', model.problems);
      this.set({
        phase: 'ready',
        model,
        groups: groupSpecs(model.specs),
        rules: visibilityRules(model.specs),
        engineLoadMs: info.loadMs,
        view: defaultViewState(model),
      });
      this.loadFromHash(location.hash);
      window.removeEventListener('hashchange', this.onHashChange);
      window.addEventListener('hashchange', this.onHashChange);
    } catch (e) {
      this.set({ phase: 'failed', loadError: e instanceof Error ? e.message : String(e) });
    }
  }

  private onHashChange = () => {
    if (location.hash !== this.lastWrittenHash) this.loadFromHash(location.hash);
  };

  private loadFromHash(hash: string) {
    const model = this.state.model;
    if (!model) return;
    const { values, messages, viewPairs } = decodeHash(model, hash);
    const view = decodeViewParams(model, viewPairs);
    // A new link replaces the experiment: a sweep still running for the old one stops.
    if (view.state.view !== 'sweep') this.cancelSweep();
    this.set({ urlMessages: [...messages, ...view.messages], view: view.state });
    this.commit(values);
    // A shared sweep link reproduces its sweep: run it (with progress) on load.
    if (view.state.view === 'sweep') this.runSweep();
  }

  /** Opens a link's hash (a preset) as if the page had been opened with it. */
  openLink(hash: string) {
    this.loadFromHash(hash);
  }

  // ---- views -----------------------------------------------------------------------

  setView(view: ViewName) {
    if (view === this.state.view.view) return;
    this.setViewState({ ...this.state.view, view });
    if (view === 'live' && this.liveDirty) this.runLive();
    if (view === 'compare') this.runCompare();
  }

  setCompare(protocols: string[]) {
    const hidden = this.state.view.hidden.filter((p) => protocols.includes(p));
    this.setViewState({ ...this.state.view, compare: protocols, hidden });
    if (this.state.view.view === 'compare') this.runCompare();
    // The sweep shows that its result no longer matches (its plan key names them).
  }

  setHidden(hidden: string[]) {
    this.setViewState({ ...this.state.view, hidden });
  }

  setSweep(sweep: SweepConfig) {
    this.setViewState({ ...this.state.view, sweep });
  }

  private setViewState(view: ViewState) {
    this.set({ view });
    this.writeHash();
  }

  private writeHash() {
    const model = this.state.model;
    if (!model) return;
    const hash = encodeHash(model, this.state.values, encodeViewParams(model, this.state.view));
    if (hash !== location.hash) {
      this.lastWrittenHash = hash;
      history.replaceState(history.state, '', hash);
    }
  }

  private getPool(): WorkerPool {
    if (!this.pool) this.pool = this.makePool();
    return this.pool;
  }

  /** Runs the base scenario once per compared protocol (same seed, same everything
   * else) in the pool; results already computed for the same scenario are reused. */
  runCompare() {
    const model = this.state.model;
    if (!model) return;
    this.compareBatch?.cancel();
    const values = this.state.values;
    const entries: CompareEntry[] = this.state.view.compare.map((protocol) => {
      const scenario = buildScenario(model, { ...values, [PROTOCOL_PATH]: protocol });
      return this.compareCache.get(scenario) ?? { protocol, scenario, status: 'pending', durationS: NaN };
    });
    const pendingIndices = entries.map((e, i) => (e.status === 'pending' ? i : -1)).filter((i) => i >= 0);
    const id = this.state.compare.id + 1;
    const started = performance.now();
    this.set({ compare: { entries, busy: pendingIndices.length > 0, id, ms: pendingIndices.length ? undefined : 0 } });
    if (!pendingIndices.length) return;
    this.compareBatch = this.getPool().runBatch(
      pendingIndices.map((i) => entries[i].scenario),
      {
        onResult: (j, o) => {
          const i = pendingIndices[j];
          const cur = this.state.compare;
          if (cur.id !== id) return;
          const entry = this.compareEntry(cur.entries[i], o);
          if (entry.status === 'ok') this.cache(entry);
          const next = cur.entries.slice();
          next[i] = entry;
          this.set({ compare: { ...cur, entries: next } });
        },
        onDone: () => {
          if (this.state.compare.id !== id) return;
          this.set({ compare: { ...this.state.compare, busy: false, ms: performance.now() - started } });
        },
      },
    );
  }

  private compareEntry(e: CompareEntry, o: PoolOutcome): CompareEntry {
    if (o.kind === 'ok' && o.result?.ok) {
      let durationS = NaN;
      try {
        durationS = Number((JSON.parse(e.scenario) as { duration_s?: unknown }).duration_s);
      } catch {
        /* charts fall back to the data's extent */
      }
      return { ...e, status: 'ok', summary: o.result.summary ?? {}, series: seriesFromResult(o.result, o.columns), durationS };
    }
    if (o.kind === 'invalid' && o.result && !o.result.ok)
      return { ...e, status: 'invalid', error: (o.result.errors ?? []).map((x) => x.message).join('; ') || 'rejected' };
    return { ...e, status: 'error', error: o.error ?? 'the engine gave no result' };
  }

  private cache(e: CompareEntry) {
    const MAX = 12;
    this.compareCache.delete(e.scenario);
    this.compareCache.set(e.scenario, e);
    while (this.compareCache.size > MAX) this.compareCache.delete(this.compareCache.keys().next().value!);
  }

  /** What a sweep of these settings runs: its key tells whether a finished sweep is
   * still the one the settings describe. */
  sweepPlan(values: Values = this.state.values, cfg: SweepConfig = this.state.view.sweep, compare: string[] = this.state.view.compare) {
    const model = this.state.model;
    if (!model) return null;
    const spec = model.byPath.get(cfg.x);
    if (!spec) return null;
    const grid = sweepGrid(cfg.from, cfg.to, cfg.n, cfg.scale, spec.decl.type === 'integer');
    const baseSeed = typeof values.seed === 'number' ? values.seed : 1;
    const seeds = sweepSeeds(baseSeed, cfg.k);
    const protocols = sweepProtocols(cfg, compare);
    const base = buildScenario(model, values);
    const key = JSON.stringify(protocols ? [base, cfg.x, grid, seeds, protocols] : [base, cfg.x, grid, seeds]);
    return { grid, seeds, protocols, key };
  }

  /** Runs N points × (protocols ×) K seeds in the worker pool, point by point (so a
   * cancelled sweep keeps whole points), summaries only (plab_run_summary). */
  runSweep() {
    const model = this.state.model;
    const plan = this.sweepPlan();
    if (!model || !plan) return;
    this.sweepBatch?.cancel({ terminate: true });
    const cfg = this.state.view.sweep;
    const { grid, seeds, key, protocols } = plan;
    const lines: (string | null)[] = protocols ?? [null];
    const scenarios: string[] = [];
    for (const x of grid)
      for (const protocol of lines)
        for (const seed of seeds) {
          const values: Values = { ...this.state.values, [cfg.x]: x, seed };
          if (protocol !== null) values[PROTOCOL_PATH] = protocol;
          scenarios.push(buildScenario(model, values));
        }
    const id = (this.state.sweepRun?.id ?? 0) + 1;
    this.sweepStarted = performance.now();
    this.set({
      sweepRun: {
        id,
        key,
        config: { ...cfg },
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
    this.sweepBatch = this.getPool().runBatch(scenarios, {
      summaryOnly: true,
      onResult: (idx, o) => {
        const run = this.state.sweepRun;
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
        this.set({ sweepRun: { ...run, series, errors, done: run.done + 1, elapsedMs: performance.now() - this.sweepStarted } });
      },
      onDone: () => {
        const run = this.state.sweepRun;
        if (!run || run.id !== id) return;
        this.set({ sweepRun: { ...run, status: 'done', elapsedMs: performance.now() - this.sweepStarted } });
      },
    });
  }

  /** Stops a running sweep at once (its workers are terminated); finished points stay. */
  cancelSweep() {
    const run = this.state.sweepRun;
    if (!run || run.status !== 'running') return;
    this.sweepBatch?.cancel({ terminate: true });
    this.sweepBatch = null;
    this.set({ sweepRun: { ...run, status: 'cancelled', elapsedMs: performance.now() - this.sweepStarted } });
  }

  setValue(path: string, value: ParamValue) {
    performance.mark(MARK_INPUT);
    this.commit({ ...this.state.values, [path]: value });
  }

  reset() {
    performance.mark(MARK_INPUT);
    this.set({ urlMessages: [] });
    if (this.state.model) this.commit({ ...this.state.model.defaults });
  }

  dismissUrlMessages() {
    this.set({ urlMessages: [] });
  }

  /** Re-runs the current values (e.g. after a crash). */
  rerun() {
    this.commit(this.state.values);
  }

  private commit(values: Values) {
    const model = this.state.model;
    if (!model) return;
    this.set({ values });
    this.writeHash();
    this.liveDirty = true;
    const view = this.state.view.view;
    if (view === 'live') this.runLive();
    else if (view === 'compare') this.runCompare();
    // The sweep view shows that its result no longer matches; Run starts it again.
  }

  private runLive() {
    const model = this.state.model;
    if (!model || !this.client) return;
    this.liveDirty = false;
    this.client.run(buildScenario(model, this.state.values));
  }

  private onOutcome(o: RunOutcome) {
    performance.mark(MARK_RESULT);
    const lastFinishedId = o.id;
    if (o.kind === 'ok' && o.result?.ok) {
      const series = seriesFromResult(o.result, o.columns);
      if (series.problems.length) console.warn('[plab] result problems:', series.problems);
      let durationS = NaN;
      try {
        durationS = Number((JSON.parse(o.scenario) as { duration_s?: unknown }).duration_s);
      } catch {
        /* keep NaN; charts fall back to the data's extent */
      }
      this.set({
        lastFinishedId,
        engineErrors: [],
        runError: undefined,
        displayed: { id: o.id, summary: o.result.summary ?? {}, series, durationS },
        lastRun: {
          engineMs: o.engineMs,
          roundTripMs: o.roundTripMs,
          points: o.columns ? o.columns.length / 2 : 0,
          toWorkerMs: o.toWorkerMs,
          fromWorkerMs: o.fromWorkerMs,
        },
      });
    } else if (o.kind === 'invalid' && o.result && !o.result.ok) {
      this.set({ lastFinishedId, engineErrors: o.result.errors ?? [], runError: undefined });
    } else {
      this.set({ lastFinishedId, runError: o.error ?? 'the engine gave no result' });
    }
  }

  dispose() {
    window.removeEventListener('hashchange', this.onHashChange);
    this.client?.dispose();
    this.client = null;
    this.pool?.dispose();
    this.pool = null;
    this.listeners.clear();
  }
}
