// Talks to the engine worker with latest-wins scheduling: at most one run in flight
// plus the newest pending scenario (older pending ones are dropped unsent). A result
// older than the last one delivered is dropped. A progressive client (the live view's)
// runs in slices instead (progressive.ts): each slice's result so far goes to the slice
// listeners, and a newer run is sent at once, stopping the older one at its next slice;
// only the newest run's slices and result are ever delivered. A run that takes longer than
// `timeoutMs` gets its worker terminated and replaced, and is reported as an error.
import type { FromWorker, ResultDoc, ToWorker } from './types';

export type OutcomeKind = 'ok' | 'invalid' | 'crash' | 'timeout';

export interface RunOutcome {
  id: number;
  kind: OutcomeKind;
  scenario: string;
  result?: ResultDoc;
  columns?: Float64Array;
  error?: string;
  engineMs: number;
  /** From posting the scenario to receiving the result, in ms. */
  roundTripMs: number;
  /** A newer scenario is already queued behind this one. */
  superseded: boolean;
  /** Time the scenario waited to reach the worker, and the result to come back (ms). */
  toWorkerMs?: number;
  fromWorkerMs?: number;
  /** Answered from the run cache (a result computed ahead, speculation.ts): no run. */
  fromCache?: boolean;
}

export interface EngineInfo {
  schema: string;
  defaultScenario: string;
  loadMs: number;
}

export interface ClientOptions {
  timeoutMs?: number;
  createWorker?: () => Worker;
  /** Run in slices, posting each (the live view). */
  progressive?: boolean;
}

/** A progressive run's result so far (every series up to filledToS simulated s). */
export interface SliceOutcome {
  id: number;
  scenario: string;
  result: ResultDoc;
  columns: Float64Array;
  filledToS: number;
}

type Listener = (o: RunOutcome) => void;
type SliceListener = (s: SliceOutcome) => void;
type BusyListener = (busy: boolean) => void;

interface Job {
  id: number;
  scenario: string;
  /** Live-mode changes to apply during the run (engine JSON), if any. */
  timeline?: string;
}

// A safety net, not a limit on experiments: a run's own event budget (max_events,
// default 5e7, a few seconds) stops it with a message first. TCP-ER's Table VI load
// (12.9 M events) takes about 2 s in WASM here; a budget raised to 2e8 about 25 s.
export const DEFAULT_TIMEOUT_MS = 60_000;

export function defaultWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'plab-engine' });
}

export class EngineClient {
  private worker: Worker;
  private readonly timeoutMs: number;
  private readonly createWorker: () => Worker;
  private readonly progressive: boolean;
  private seq = 0;
  private lastDelivered = 0;
  private inFlight: (Job & { started: number; sentAt: number; timer: ReturnType<typeof setTimeout> }) | null = null;
  private pending: Job | null = null;
  private listeners = new Set<Listener>();
  private busyListeners = new Set<BusyListener>();
  private sliceListeners = new Set<SliceListener>();
  private ready: Promise<EngineInfo> | null = null;
  private readyHandlers: { resolve: (i: EngineInfo) => void; reject: (e: Error) => void } | null = null;

  constructor(opts: ClientOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.createWorker = opts.createWorker ?? defaultWorker;
    this.progressive = opts.progressive ?? false;
    this.worker = this.spawn();
  }

  /** Loads the engine once; resolves with its schema and default scenario. */
  init(): Promise<EngineInfo> {
    if (!this.ready) {
      this.ready = new Promise<EngineInfo>((resolve, reject) => {
        this.readyHandlers = { resolve, reject };
      });
      this.ready.catch(() => (this.ready = null)); // allow a retry
      this.send({ type: 'init' });
    }
    return this.ready;
  }

  onResult(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** A progressive client's slices of the newest run. */
  onSlice(l: SliceListener): () => void {
    this.sliceListeners.add(l);
    return () => this.sliceListeners.delete(l);
  }

  onBusy(l: BusyListener): () => void {
    this.busyListeners.add(l);
    return () => this.busyListeners.delete(l);
  }

  get busy(): boolean {
    return this.inFlight !== null;
  }

  /** Schedules a run (with live-mode changes at their times, if a timeline is given);
   * returns its id. */
  run(scenario: string, timeline?: string): number {
    const job: Job = timeline === undefined ? { id: ++this.seq, scenario } : { id: ++this.seq, scenario, timeline };
    if (this.inFlight && this.progressive) {
      // Sent now: the worker stops the older run at its next slice (it answers
      // 'cancelled', which is stale here by then).
      clearTimeout(this.inFlight.timer);
      this.dispatch(job);
    } else if (this.inFlight) this.pending = job; // replaces (drops) an older pending job
    else this.dispatch(job);
    return job.id;
  }

  /** Stops the run in flight (a progressive one at its next slice); nothing of it is
   * delivered. The page had the answer already (a speculated result). */
  cancel() {
    const job = this.inFlight;
    this.pending = null;
    if (!job) return;
    clearTimeout(job.timer);
    this.inFlight = null;
    this.lastDelivered = Math.max(this.lastDelivered, job.id);
    if (this.progressive) this.send({ type: 'cancel', id: job.id });
    this.busyListeners.forEach((l) => l(false));
  }

  /** A result the page already has for `scenario` (a speculated run, bit for bit the
   * run's): delivered at once as its run, the run in flight stopped. Returns its id. */
  resolve(scenario: string, result: ResultDoc, columns: Float64Array): number {
    this.cancel();
    const id = ++this.seq;
    this.lastDelivered = id;
    const outcome: RunOutcome = { id, kind: 'ok', scenario, result, columns, engineMs: 0, roundTripMs: 0, superseded: false, fromCache: true };
    this.listeners.forEach((l) => l(outcome));
    return id;
  }

  dispose() {
    if (this.inFlight) clearTimeout(this.inFlight.timer);
    this.inFlight = null;
    this.pending = null;
    this.worker.terminate();
    this.listeners.clear();
    this.busyListeners.clear();
    this.sliceListeners.clear();
  }

  // ---- internals -----------------------------------------------------------------

  private spawn(): Worker {
    const w = this.createWorker();
    w.onmessage = (ev: MessageEvent<FromWorker>) => this.handle(w, ev.data);
    w.onerror = (ev: ErrorEvent) => {
      ev.preventDefault?.();
      this.fail(w, `engine worker error: ${ev.message || 'the worker script could not run'}`, 'crash');
    };
    return w;
  }

  private send(msg: ToWorker) {
    this.worker.postMessage(msg);
  }

  private dispatch(job: Job) {
    const timer = setTimeout(() => this.onTimeout(job.id), this.timeoutMs);
    const wasBusy = this.inFlight !== null;
    this.inFlight = { ...job, started: performance.now(), sentAt: performance.timeOrigin + performance.now(), timer };
    const progressive = this.progressive ? { progressive: 'slices' as const } : {};
    this.send(
      job.timeline === undefined
        ? { type: 'run', id: job.id, scenario: job.scenario, ...progressive }
        : { type: 'run', id: job.id, scenario: job.scenario, timeline: job.timeline, ...progressive },
    );
    if (!wasBusy) this.busyListeners.forEach((l) => l(true));
  }

  private handle(from: Worker, msg: FromWorker) {
    if (from !== this.worker) return; // a terminated worker's last words
    if (msg.type === 'ready') {
      this.readyHandlers?.resolve({ schema: msg.schema, defaultScenario: msg.defaultScenario, loadMs: msg.loadMs });
      this.readyHandlers = null;
      return;
    }
    if (msg.type === 'init-failed') {
      this.readyHandlers?.reject(new Error(msg.error));
      this.readyHandlers = null;
      return;
    }
    const job = this.inFlight;
    if (!job || job.id !== msg.id) return; // stale
    if (msg.type === 'slice') {
      const slice = { id: msg.id, scenario: job.scenario, result: msg.result, columns: msg.columns, filledToS: msg.filledToS };
      this.sliceListeners.forEach((l) => l(slice));
      return;
    }
    if (msg.cancelled) return; // only a cancel() stops the newest run, and it cleared inFlight
    clearTimeout(job.timer);
    this.inFlight = null;
    const kind: OutcomeKind = msg.error ? 'crash' : msg.ok ? 'ok' : 'invalid';
    this.finish({
      id: msg.id,
      kind,
      scenario: job.scenario,
      result: msg.result,
      columns: msg.columns,
      error: msg.error,
      engineMs: msg.engineMs,
      roundTripMs: performance.now() - job.started,
      superseded: false,
      toWorkerMs: msg.receivedAt !== undefined ? msg.receivedAt - job.sentAt : undefined,
      fromWorkerMs: msg.postedAt !== undefined ? performance.timeOrigin + performance.now() - msg.postedAt : undefined,
    });
  }

  private onTimeout(id: number) {
    if (!this.inFlight || this.inFlight.id !== id) return;
    this.fail(
      this.worker,
      `the engine took longer than ${(this.timeoutMs / 1000).toFixed(0)} s on this scenario; it was stopped and restarted`,
      'timeout',
    );
  }

  /** Terminates the worker, starts a fresh one and reports the in-flight run as failed. */
  private fail(w: Worker, error: string, kind: OutcomeKind) {
    if (w !== this.worker) return;
    w.terminate();
    this.worker = this.spawn();
    if (this.readyHandlers) {
      this.readyHandlers.reject(new Error(error));
      this.readyHandlers = null;
    }
    const job = this.inFlight;
    this.inFlight = null;
    if (job) {
      clearTimeout(job.timer);
      this.finish({
        id: job.id,
        kind,
        scenario: job.scenario,
        error,
        engineMs: 0,
        roundTripMs: performance.now() - job.started,
        superseded: false,
      });
    } else if (!this.pending) {
      this.busyListeners.forEach((l) => l(false));
    }
  }

  private finish(outcome: RunOutcome) {
    const next = this.pending;
    this.pending = null;
    if (next) this.dispatch(next);
    else this.busyListeners.forEach((l) => l(false));
    if (outcome.id < this.lastDelivered) return;
    this.lastDelivered = outcome.id;
    outcome.superseded = next !== null;
    this.listeners.forEach((l) => l(outcome));
  }
}
