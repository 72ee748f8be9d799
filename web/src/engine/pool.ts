// A pool of engine workers for batches of runs (compare, sweep): each worker runs one
// scenario at a time; a batch's jobs go to whichever worker is free, in order. A batch
// can be cancelled two ways: softly (queued jobs are dropped, runs in flight finish and
// are ignored; the workers stay warm) or hard (its busy workers are terminated and
// replaced, so it stops at once). A run longer than `timeoutMs` is a timeout: its
// worker is replaced. Workers start lazily and load the engine on their first run.
import { defaultWorker, type OutcomeKind } from './client';
import type { FromWorker, ResultDoc, ToWorker } from './types';

export interface PoolOutcome {
  kind: OutcomeKind;
  result?: ResultDoc;
  columns?: Float64Array;
  error?: string;
  engineMs: number;
}

export interface BatchOptions {
  summaryOnly?: boolean;
  /** Run in slices (progressive.ts, 'quiet'): a cancel stops a run in flight at its next
   * slice and frees its worker, warm (speculation). */
  cancellable?: boolean;
  /** Called once per job, in completion order. */
  onResult: (index: number, outcome: PoolOutcome) => void;
  /** Called once when every job has a result (not after a cancel). */
  onDone?: () => void;
}

export interface BatchHandle {
  cancel(opts?: { terminate?: boolean }): void;
  readonly finished: boolean;
}

interface Job {
  batch: Batch;
  index: number;
  scenario: string;
}

interface Batch {
  id: number;
  opts: BatchOptions;
  remaining: number;
  cancelled: boolean;
}

interface Slot {
  worker: Worker;
  job: (Job & { runId: number; timer: ReturnType<typeof setTimeout> }) | null;
}

export const POOL_TIMEOUT_MS = 30_000;

export function poolSize(): number {
  const hc = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 0;
  return Math.max(2, Math.min(8, hc || 2));
}

export class WorkerPool {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private seq = 0;
  private batchSeq = 0;

  constructor(
    readonly size: number = poolSize(),
    private readonly createWorker: () => Worker = defaultWorker,
    private readonly timeoutMs = POOL_TIMEOUT_MS,
  ) {}

  runBatch(scenarios: readonly string[], opts: BatchOptions): BatchHandle {
    const batch: Batch = { id: ++this.batchSeq, opts, remaining: scenarios.length, cancelled: false };
    scenarios.forEach((scenario, index) => this.queue.push({ batch, index, scenario }));
    if (scenarios.length === 0) queueMicrotask(() => opts.onDone?.());
    this.pump();
    return {
      cancel: ({ terminate = false } = {}) => this.cancel(batch, terminate),
      get finished() {
        return batch.remaining === 0 || batch.cancelled;
      },
    };
  }

  /** Runs queued or in flight. */
  get pending(): number {
    return this.queue.length + this.slots.filter((s) => s.job).length;
  }

  dispose() {
    for (const s of this.slots) {
      if (s.job) clearTimeout(s.job.timer);
      s.worker.terminate();
    }
    this.slots = [];
    this.queue = [];
  }

  // ---- internals -----------------------------------------------------------------

  private spawn(): Slot {
    const slot: Slot = { worker: this.createWorker(), job: null };
    slot.worker.onmessage = (ev: MessageEvent<FromWorker>) => this.onMessage(slot, ev.data);
    slot.worker.onerror = (ev: ErrorEvent) => {
      ev.preventDefault?.();
      this.replace(slot, { kind: 'crash', error: `engine worker error: ${ev.message || 'the worker script could not run'}`, engineMs: 0 });
    };
    return slot;
  }

  private pump() {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
        this.slots.push(slot);
      }
      const job = this.queue.shift()!;
      const runId = ++this.seq;
      const timer = setTimeout(() => this.onTimeout(slot!, runId), this.timeoutMs);
      slot.job = { ...job, runId, timer };
      // A summary-only batch (a sweep) asks for plab_run_summary: no time series at all.
      const msg: ToWorker = job.batch.opts.summaryOnly
        ? { type: 'run-summary', id: runId, scenario: job.scenario }
        : job.batch.opts.cancellable
          ? { type: 'run', id: runId, scenario: job.scenario, progressive: 'quiet' }
          : { type: 'run', id: runId, scenario: job.scenario };
      slot.worker.postMessage(msg);
    }
  }

  private onMessage(slot: Slot, msg: FromWorker) {
    if (msg.type !== 'result') return;
    const job = slot.job;
    if (!job || job.runId !== msg.id) return;
    clearTimeout(job.timer);
    slot.job = null;
    this.deliver(job, {
      kind: msg.error ? 'crash' : msg.ok ? 'ok' : 'invalid',
      result: msg.result,
      columns: msg.columns,
      error: msg.error,
      engineMs: msg.engineMs,
    });
    this.pump();
  }

  private onTimeout(slot: Slot, runId: number) {
    if (slot.job?.runId !== runId) return;
    this.replace(slot, {
      kind: 'timeout',
      error: `the engine took longer than ${(this.timeoutMs / 1000).toFixed(0)} s on this scenario; it was stopped`,
      engineMs: 0,
    });
  }

  /** Terminates a slot's worker, reports its job (if any) and starts a fresh worker. */
  private replace(slot: Slot, outcome: PoolOutcome | null) {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    slot.worker.terminate();
    const job = slot.job;
    if (job) clearTimeout(job.timer);
    this.slots.splice(i, 1);
    if (job && outcome) this.deliver(job, outcome);
    this.pump();
  }

  private deliver(job: Job, outcome: PoolOutcome) {
    const b = job.batch;
    if (b.cancelled) return;
    b.remaining--;
    b.opts.onResult(job.index, outcome);
    if (b.remaining === 0) b.opts.onDone?.();
  }

  private cancel(batch: Batch, terminate: boolean) {
    if (batch.cancelled || batch.remaining === 0) return;
    batch.cancelled = true;
    this.queue = this.queue.filter((j) => j.batch !== batch);
    if (terminate) for (const s of [...this.slots]) if (s.job?.batch === batch) this.replace(s, null);
    // A cancellable run stops at its next slice; its 'cancelled' answer frees the slot.
    if (!terminate && batch.opts.cancellable)
      for (const s of this.slots) if (s.job?.batch === batch) s.worker.postMessage({ type: 'cancel', id: s.job.runId } satisfies ToWorker);
    this.pump();
  }
}
