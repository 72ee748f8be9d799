// Speculation: while a slider has focus or is dragged, idle pool workers run the
// scenarios the next steps in the drag's direction would ask for, into a bounded cache
// keyed by the exact scenario JSON, so a step often lands on a result already there.
// A cached result is an engine result like any other (the same scenario gives the same
// bits), so drawing it is drawing the run. Speculation never delays a real run: the
// live view pauses it while its own run is in flight, and a paused or replaced
// speculative run is cancelled at its next slice (progressive.ts, 'quiet').
import type { ResultDoc } from './types';

export interface CachedRun {
  result: Extract<ResultDoc, { ok: true }>;
  columns: Float64Array;
}

/** What an entry is charged besides its columns (its result document), bytes. */
const ENTRY_OVERHEAD_BYTES = 64 * 1024;

/** Least recently used results, at most `maxEntries` of them and `maxBytes` of columns
 * (plus a fixed charge per entry for its document). */
export class RunCache {
  private readonly entries = new Map<string, { run: CachedRun; bytes: number }>();
  private total = 0;

  constructor(
    readonly maxEntries = 24,
    readonly maxBytes = 48 * 1024 * 1024,
  ) {}

  get(scenario: string): CachedRun | undefined {
    const e = this.entries.get(scenario);
    if (!e) return undefined;
    this.entries.delete(scenario); // most recent last
    this.entries.set(scenario, e);
    return e.run;
  }

  has(scenario: string): boolean {
    return this.entries.has(scenario);
  }

  set(scenario: string, run: CachedRun) {
    const bytes = run.columns.byteLength + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(scenario);
    if (old) {
      this.total -= old.bytes;
      this.entries.delete(scenario);
    }
    this.entries.set(scenario, { run, bytes });
    this.total += bytes;
    for (const [key, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxBytes) break;
      this.entries.delete(key);
      this.total -= e.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }
}

/** Runs one scenario somewhere idle (the worker pool); cancel() stops it at its next
 * slice and nothing of it is delivered. */
export type SpeculativeRun = (scenario: string, done: (run: CachedRun | null) => void) => { cancel(): void };

export class Speculator {
  private wanted: string[] = [];
  private readonly inFlight = new Map<string, { cancel(): void }>();
  private paused = false;

  constructor(
    private readonly runOne: SpeculativeRun,
    readonly cache: RunCache,
    /** Runs at a time (the pool's idle workers). */
    private readonly parallel = 1,
  ) {}

  /** The scenarios to have ready, nearest first; replaces the last list (runs no longer
   * wanted are cancelled). */
  want(scenarios: readonly string[]) {
    this.wanted = scenarios.filter((s, i) => scenarios.indexOf(s) === i);
    for (const [scenario, run] of this.inFlight) {
      if (!this.wanted.includes(scenario)) {
        run.cancel();
        this.inFlight.delete(scenario);
      }
    }
    this.pump();
  }

  /** A real run is in flight: every speculative run stops at its next slice. */
  pause() {
    this.paused = true;
    for (const run of this.inFlight.values()) run.cancel();
    this.inFlight.clear();
  }

  resume() {
    this.paused = false;
    this.pump();
  }

  /** The slider lost focus: nothing more is wanted. */
  stop() {
    this.want([]);
  }

  get running(): readonly string[] {
    return [...this.inFlight.keys()];
  }

  private pump() {
    if (this.paused) return;
    for (const scenario of this.wanted) {
      if (this.inFlight.size >= this.parallel) return;
      if (this.inFlight.has(scenario) || this.cache.has(scenario)) continue;
      // The entry is in place before the run starts, so an answer given at once is kept.
      const entry = { cancel: () => {} };
      this.inFlight.set(scenario, entry);
      entry.cancel = this.runOne(scenario, (run) => {
        if (this.inFlight.get(scenario) !== entry) return; // cancelled meanwhile
        this.inFlight.delete(scenario);
        if (run) this.cache.set(scenario, run);
        this.wanted = this.wanted.filter((s) => s !== scenario);
        this.pump();
      }).cancel;
    }
  }
}
