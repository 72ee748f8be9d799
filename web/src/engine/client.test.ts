import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineClient, type RunOutcome } from './client';
import type { FromWorker, ToWorker } from './types';

// A stand-in for the engine worker: records what it is sent, answers when told to.
class FakeWorker {
  sent: ToWorker[] = [];
  terminated = false;
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  postMessage(m: ToWorker) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  reply(m: FromWorker) {
    this.onmessage?.({ data: m } as MessageEvent<FromWorker>);
  }
  runs() {
    return this.sent.filter((m): m is Extract<ToWorker, { type: 'run' }> => m.type === 'run');
  }
}

function ok(id: number): FromWorker {
  return { type: 'result', id, ok: true, result: { ok: true, summary: {}, series: [] }, columns: new Float64Array(0), engineMs: 1 };
}

describe('EngineClient scheduling', () => {
  let workers: FakeWorker[];
  let client: EngineClient;
  let got: RunOutcome[];

  beforeEach(() => {
    vi.useFakeTimers();
    workers = [];
    got = [];
    client = new EngineClient({
      timeoutMs: 10_000,
      createWorker: () => {
        const w = new FakeWorker();
        workers.push(w);
        return w as unknown as Worker;
      },
    });
    client.onResult((o) => got.push(o));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps one run in flight and only the newest pending', () => {
    const a = client.run('A');
    client.run('B');
    const c = client.run('C');
    expect(workers[0].runs().map((r) => r.scenario)).toEqual(['A']);
    workers[0].reply(ok(a));
    // B was dropped unsent; C goes next.
    expect(workers[0].runs().map((r) => r.scenario)).toEqual(['A', 'C']);
    expect(got.map((o) => [o.id, o.superseded])).toEqual([[a, true]]);
    workers[0].reply(ok(c));
    expect(got.map((o) => o.id)).toEqual([a, c]);
    expect(got[1].superseded).toBe(false);
    expect(client.busy).toBe(false);
  });

  it('drops results that are not for the run in flight', () => {
    const a = client.run('A');
    workers[0].reply(ok(a + 100));
    expect(got).toEqual([]);
    workers[0].reply(ok(a));
    expect(got).toHaveLength(1);
  });

  it('reports validation errors and crashes without losing the worker', () => {
    const a = client.run('A');
    workers[0].reply({ type: 'result', id: a, ok: false, result: { ok: false, errors: [{ path: 'seed', message: 'bad' }] }, engineMs: 1 });
    const b = client.run('B');
    workers[0].reply({ type: 'result', id: b, ok: false, error: 'engine crashed: RuntimeError', engineMs: 1 });
    expect(got.map((o) => o.kind)).toEqual(['invalid', 'crash']);
    expect(workers).toHaveLength(1);
  });

  it('terminates and replaces a worker whose run takes more than the time limit', () => {
    const a = client.run('slow');
    const b = client.run('next');
    vi.advanceTimersByTime(10_001);
    expect(workers[0].terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ id: a, kind: 'timeout' });
    expect(got[0].error).toMatch(/longer than 10 s/);
    // The pending run goes to the new worker; the old one's late answer is ignored.
    expect(workers[1].runs().map((r) => r.scenario)).toEqual(['next']);
    workers[0].reply(ok(a));
    workers[1].reply(ok(b));
    expect(got.map((o) => o.id)).toEqual([a, b]);
  });
});
