// The compare view's runs: the base scenario once per chosen protocol (the protocol of
// flows[0] and of every flow running the same, views.ts withProtocol), in the worker
// pool; results already computed for the same scenario are reused.
import { seriesFromResult } from '../charts/series';
import type { BatchHandle, PoolOutcome, WorkerPool } from '../engine/pool';
import { buildScenario } from '../model/params';
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
    const { model, values, view, compare } = this.core.get();
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
    this.batch = this.pool().runBatch(
      pending.map((i) => entries[i].scenario),
      {
        onResult: (j, o) => {
          const cur = this.core.get().compare;
          if (cur.id !== id) return;
          const i = pending[j];
          const entry = toEntry(cur.entries[i], o);
          if (entry.status === 'ok') this.remember(entry);
          const next = cur.entries.slice();
          next[i] = entry;
          this.core.set({ compare: { ...cur, entries: next } });
        },
        onDone: () => {
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

function toEntry(e: CompareEntry, o: PoolOutcome): CompareEntry {
  if (o.kind === 'ok' && o.result?.ok) {
    return { ...e, status: 'ok', summary: o.result.summary ?? {}, series: seriesFromResult(o.result, o.columns), durationS: durationOf(e.scenario) };
  }
  if (o.kind === 'invalid' && o.result && !o.result.ok)
    return { ...e, status: 'invalid', error: (o.result.errors ?? []).map((x) => x.message).join('; ') || 'rejected' };
  return { ...e, status: 'error', error: o.error ?? 'the engine gave no result' };
}
