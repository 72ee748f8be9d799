import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerPool, type PoolOutcome } from './pool';
import type { FromWorker, ToWorker } from './types';

class FakeWorker {
  sent: Extract<ToWorker, { type: 'run' | 'run-summary' }>[] = [];
  cancels: number[] = [];
  terminated = false;
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  postMessage(m: ToWorker) {
    if (m.type === 'run' || m.type === 'run-summary') this.sent.push(m);
    if (m.type === 'cancel') this.cancels.push(m.id);
  }
  terminate() {
    this.terminated = true;
  }
  answer() {
    const m = this.sent.shift()!;
    this.onmessage?.({ data: { type: 'result', id: m.id, ok: true, result: { ok: true, summary: { goodput_mbps: Number(m.scenario) }, series: [] }, engineMs: 1 } } as unknown as MessageEvent<FromWorker>);
  }
}

describe('WorkerPool', () => {
  let workers: FakeWorker[];
  let pool: WorkerPool;
  beforeEach(() => {
    vi.useFakeTimers();
    workers = [];
    pool = new WorkerPool(2, () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    }, 1000);
  });
  afterEach(() => vi.useRealTimers());

  it('spreads a batch over its workers, one run each at a time, plab_run_summary when asked', () => {
    const got: [number, PoolOutcome][] = [];
    let done = false;
    pool.runBatch(['1', '2', '3'], { summaryOnly: true, onResult: (i, o) => got.push([i, o]), onDone: () => (done = true) });
    expect(workers).toHaveLength(2);
    expect(workers.map((w) => w.sent.map((m) => m.scenario))).toEqual([['1'], ['2']]);
    expect(workers[0].sent[0].type).toBe('run-summary');
    workers[1].answer();
    expect(workers[1].sent.map((m) => m.scenario)).toEqual(['3']);
    workers[0].answer();
    workers[1].answer();
    expect(got.map(([i]) => i)).toEqual([1, 0, 2]);
    expect(done).toBe(true);
  });

  it('a hard cancel terminates the busy workers at once and keeps what finished', () => {
    const got: number[] = [];
    let done = false;
    const h = pool.runBatch(['1', '2', '3', '4'], { onResult: (i) => got.push(i), onDone: () => (done = true) });
    expect(workers[0].sent[0].type).toBe('run'); // not summary-only: full runs
    workers[0].answer();
    h.cancel({ terminate: true });
    expect(workers[0].terminated && workers[1].terminated).toBe(true);
    expect(got).toEqual([0]);
    expect(done).toBe(false);
    expect(pool.pending).toBe(0);
    // The pool still works: fresh workers for the next batch.
    pool.runBatch(['9'], { onResult: (i) => got.push(10 + i) });
    expect(workers).toHaveLength(3);
    workers[2].answer();
    expect(got).toEqual([0, 10]);
  });

  it('a soft cancel drops queued runs and ignores the ones in flight', () => {
    const got: number[] = [];
    const h = pool.runBatch(['1', '2', '3'], { onResult: (i) => got.push(i) });
    h.cancel();
    workers[0].answer();
    expect(got).toEqual([]);
    expect(workers[0].terminated).toBe(false);
    expect(workers[0].sent).toEqual([]); // '3' was never sent
  });

  it('reports a run that takes too long and replaces its worker', () => {
    const got: PoolOutcome[] = [];
    pool.runBatch(['1'], { onResult: (_, o) => got.push(o) });
    vi.advanceTimersByTime(1001);
    expect(got[0].kind).toBe('timeout');
    expect(workers[0].terminated).toBe(true);
  });

  it('a cancellable batch runs quietly in slices; a cancel stops it at its next slice and frees the worker, warm', () => {
    const got: number[] = [];
    const h = pool.runBatch(['7'], { cancellable: true, onResult: (i) => got.push(i) });
    const w = workers[0];
    const sent = w.sent[0];
    expect(sent).toMatchObject({ type: 'run', progressive: 'quiet' });
    h.cancel();
    expect(w.cancels).toEqual([sent.id]);
    expect(w.terminated).toBe(false);
    expect(pool.pending).toBe(1); // until the worker says it stopped
    w.onmessage?.({ data: { type: 'result', id: sent.id, ok: false, cancelled: true, engineMs: 1 } } as MessageEvent<FromWorker>);
    expect(pool.pending).toBe(0);
    expect(got).toEqual([]);
    // The next run goes to the same warm worker.
    pool.runBatch(['8'], { onResult: () => {} });
    expect(workers).toHaveLength(1);
  });
});
