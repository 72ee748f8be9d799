// The one store: the experiment (a flat map of parameter values), what the engine said
// about it, and the run status. The URL hash is derived from the values on every change
// (history.replaceState) and read back, validated, on load and on hashchange.
import { EngineClient, type RunOutcome } from '../engine/client';
import type { EngineErrorItem, EngineSchema, ParamValue, RunSummary } from '../engine/types';
import { buildModel, buildScenario, groupSpecs, type ParamModel, type ParamSpec, type Values } from '../model/params';
import { decodeHash, encodeHash, type UrlMessage } from '../model/urlCodec';
import { visibilityRules, type VisibilityRule } from '../model/visibility';
import { seriesFromResult, type Extracted } from '../charts/series';

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
  };
  private listeners = new Set<Listener>();
  private client: EngineClient | null = null;
  private lastWrittenHash = '';

  constructor(private readonly makeClient: () => EngineClient = () => new EngineClient()) {}

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
    const { values, messages } = decodeHash(model, hash);
    this.set({ urlMessages: messages });
    this.commit(values);
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
    const hash = encodeHash(model, values);
    if (hash !== location.hash) {
      this.lastWrittenHash = hash;
      history.replaceState(history.state, '', hash);
    }
    this.client?.run(buildScenario(model, values));
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
    this.listeners.clear();
  }
}
