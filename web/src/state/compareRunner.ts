// The compare view's runs: the base scenario once per chosen protocol (the protocol of
// flows[0] and of every flow running the same, views.ts withProtocol), in the worker
// pool; results already computed for the same scenario are reused.
import { seriesFromResult } from '../charts/series';
import type { BatchHandle, PoolOutcome, WorkerPool } from '../engine/pool';
import { buildScenario } from '../model/params/params';
import { withProtocol } from '../model/views';
import { durationOf, type CompareEntry, type StoreCore } from './labState';

const CACHE_SIZE = 12;

export class CompareRunner {
  private batch: BatchHandle | null = null;
  private cache = new Map<string, CompareEntry>();

  constructor(
    private readonly core: StoreCore,
    private readonly pool: () => WorkerPool,
  ) {}

  run() {
    const {
      engine: { model },
      scenario: { values },
      view,
      compare,
    } = this.core.get();
    if (!model) return;
    this.batch?.cancel();
    const entries: CompareEntry[] = view.compare.map((protocol) => {
      const scenario = buildScenario(model, withProtocol(model, values, protocol));
      return this.cache.get(scenario) ?? { protocol, scenario, status: 'pending', durationS: NaN };
    });
    const pending = entries.map((e, i) => (e.status === 'pending' ? i : -1)).filter((i) => i >= 0);
    const id = compare.id + 1;
    const started = performance.now();
    this.core.set({ compare: { entries, busy: pending.length > 0, id, ms: pending.length ? undefined : 0 } });
    if (!pending.length) return;
    // Results that arrive within one frame are drawn together: with six protocols on
    // two workers, drawing each on arrival redrew the four charts six times.
    let arrived: { i: number; o: PoolOutcome }[] = [];
    let frame = 0;
    const apply = () => {
      frame = 0;
      const cur = this.core.get().compare;
      if (cur.id !== id || arrived.length === 0) return;
      const next = cur.entries.slice();
      for (const { i, o } of arrived) {
        next[i] = toEntry(cur.entries[i], o);
        if (next[i].status === 'ok') this.remember(next[i]);
      }
      arrived = [];
      this.core.set({ compare: { ...cur, entries: next } });
    };
    this.batch = this.pool().runBatch(
      pending.map((i) => entries[i].scenario),
      {
        onResult: (j, o) => {
          if (this.core.get().compare.id !== id) return;
          arrived.push({ i: pending[j], o });
          if (frame === 0) frame = nextFrame(apply);
        },
        onDone: () => {
          apply();
          const cur = this.core.get().compare;
          if (cur.id !== id) return;
          this.core.set({ compare: { ...cur, busy: false, ms: performance.now() - started } });
        },
      },
    );
  }

  private remember(e: CompareEntry) {
    this.cache.delete(e.scenario);
    this.cache.set(e.scenario, e);
    while (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
  }
}

// The next animation frame, or a task where there are no frames (unit tests in Node).
function nextFrame(fn: () => void): number {
  if (typeof requestAnimationFrame === 'function') return requestAnimationFrame(fn);
  return setTimeout(fn, 0) as unknown as number;
}

function toEntry(e: CompareEntry, o: PoolOutcome): CompareEntry {
  if (o.kind === 'ok' && o.result?.ok) {
    return {
      ...e,
      status: 'ok',
      summary: o.result.summary ?? {},
      series: seriesFromResult(o.result, o.columns),
      durationS: durationOf(e.scenario),
    };
  }
  if (o.kind === 'invalid' && o.result && !o.result.ok)
    return { ...e, status: 'invalid', error: (o.result.errors ?? []).map((x) => x.message).join('; ') || 'rejected' };
  return { ...e, status: 'error', error: o.error ?? 'the engine gave no result' };
}
