import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineClient, type RunOutcome, type SliceOutcome } from './client';
import type { FromWorker, ToWorker } from './types';

// A stand-in for the engine worker: records what it is sent, answers when told to.
class FakeWorker {
  sent: ToWorker[] = [];
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  postMessage(m: ToWorker) {
    this.sent.push(m);
  }
  terminate() {}
  reply(m: FromWorker) {
    this.onmessage?.({ data: m } as MessageEvent<FromWorker>);
  }
}

const doc = { ok: true as const, summary: {}, series: [] };
const slice = (id: number, filledToS: number): FromWorker => ({
  type: 'slice',
  id,
  result: doc,
  columns: new Float64Array([filledToS]),
  filledToS,
  engineMs: 1,
});
const done = (id: number): FromWorker => ({ type: 'result', id, ok: true, result: doc, columns: new Float64Array(0), engineMs: 1 });
const cancelled = (id: number): FromWorker => ({ type: 'result', id, ok: false, cancelled: true, engineMs: 1 });

describe('EngineClient, progressive (latest wins at the next slice)', () => {
  let worker: FakeWorker;
  let client: EngineClient;
  let events: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    events = [];
    client = new EngineClient({
      progressive: true,
      timeoutMs: 10_000,
      createWorker: () => (worker = new FakeWorker()) as unknown as Worker,
    });
    client.onSlice((s: SliceOutcome) => events.push(`slice ${s.scenario} ${s.filledToS}`));
    client.onResult((o: RunOutcome) => events.push(`result ${o.scenario} ${o.kind}`));
  });
  afterEach(() => {
    client.dispose();
    vi.useRealTimers();
  });

  it('asks for slices and sends a newer run at once', () => {
    client.run('A');
    client.run('B');
    const runs = worker.sent.filter((m) => m.type === 'run');
    expect(runs.map((m) => (m.type === 'run' ? [m.scenario, m.progressive] : []))).toEqual([
      ['A', 'slices'],
      ['B', 'slices'],
    ]);
  });

  it('never delivers anything of a superseded run after the newer one was asked for', () => {
    const a = client.run('A');
    worker.reply(slice(a, 1));
    const b = client.run('B');
    // The older run's last words, in any order around the newer run's.
    worker.reply(slice(a, 2));
    worker.reply(slice(b, 0.5));
    worker.reply(done(a));
    worker.reply(cancelled(a));
    worker.reply(slice(b, 3));
    worker.reply(done(b));
    worker.reply(slice(a, 4));
    expect(events).toEqual(['slice A 1', 'slice B 0.5', 'slice B 3', 'result B ok']);
  });

  it('stays busy across a superseded run and goes idle when the newest ends', () => {
    const busy: boolean[] = [];
    client.onBusy((b) => busy.push(b));
    const a = client.run('A');
    const b = client.run('B');
    worker.reply(cancelled(a));
    expect(client.busy).toBe(true);
    worker.reply(done(b));
    expect(busy).toEqual([true, false]);
  });

  it('cancel() stops the newest run: the worker is told, nothing more is delivered', () => {
    const a = client.run('A');
    worker.reply(slice(a, 1));
    client.cancel();
    expect(worker.sent.at(-1)).toEqual({ type: 'cancel', id: a });
    worker.reply(slice(a, 2));
    worker.reply(cancelled(a));
    expect(events).toEqual(['slice A 1']);
    expect(client.busy).toBe(false);
  });

  it('a result answered from the run cache says so; a run the worker made does not', () => {
    const outcomes: RunOutcome[] = [];
    client.onResult((o) => outcomes.push(o));
    client.run('A');
    worker.reply(done(1));
    client.resolve('B', doc, new Float64Array(0));
    expect(outcomes.map((o) => [o.scenario, o.fromCache === true])).toEqual([
      ['A', false],
      ['B', true],
    ]);
  });

  it('a non-progressive client keeps one run in flight and asks for no slices', () => {
    const plain = new EngineClient({ createWorker: () => (worker = new FakeWorker()) as unknown as Worker });
    plain.run('A');
    plain.run('B');
    const runs = worker.sent.filter((m) => m.type === 'run');
    expect(runs).toEqual([{ type: 'run', id: 1, scenario: 'A' }]);
    plain.dispose();
  });
});
