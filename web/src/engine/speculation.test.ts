import { describe, expect, it } from 'vitest';
import { RunCache, Speculator, type CachedRun } from './speculation';
import { positionsAhead } from '../state/slideHints';

const run = (n: number): CachedRun => ({ result: { ok: true, summary: {}, series: [] }, columns: new Float64Array(n) });

describe('RunCache', () => {
  it('gives back what it holds by the exact scenario text', () => {
    const c = new RunCache(4, 1 << 30);
    const r = run(2);
    c.set('{"a":1}', r);
    expect(c.get('{"a":1}')).toBe(r);
    expect(c.get('{"a": 1}')).toBeUndefined();
  });

  it('evicts the least recently used beyond its entry count', () => {
    const c = new RunCache(2, 1 << 30);
    c.set('A', run(1));
    c.set('B', run(1));
    c.get('A'); // A is now the most recent
    c.set('C', run(1));
    expect([c.has('A'), c.has('B'), c.has('C')]).toEqual([true, false, true]);
    expect(c.size).toBe(2);
  });

  it('stays within its bytes (columns plus a charge per entry) and refuses what cannot fit', () => {
    const perEntry = 64 * 1024;
    const c = new RunCache(100, 3 * perEntry + 3 * 8 * 1000);
    for (const k of ['A', 'B', 'C', 'D']) c.set(k, run(1000));
    expect(c.size).toBe(3);
    expect(c.has('A')).toBe(false);
    expect(c.bytes).toBeLessThanOrEqual(c.maxBytes);
    c.set('huge', run(1 << 20));
    expect(c.has('huge')).toBe(false);
    expect(c.size).toBe(3);
  });
});

// A stand-in for the pool: runs wait until finished by hand; cancels are recorded.
function fakeRunner() {
  const started: string[] = [];
  const cancelled: string[] = [];
  const waiting = new Map<string, (r: CachedRun | null) => void>();
  return {
    started,
    cancelled,
    finish: (s: string) => waiting.get(s)?.(run(1)),
    runOne: (s: string, done: (r: CachedRun | null) => void) => {
      started.push(s);
      waiting.set(s, done);
      return { cancel: () => cancelled.push(s) };
    },
  };
}

describe('Speculator', () => {
  it('runs the wanted scenarios nearest first, into the cache, then the next', () => {
    const r = fakeRunner();
    const sp = new Speculator(r.runOne, new RunCache(), 1);
    sp.want(['s1', 's2']);
    expect(r.started).toEqual(['s1']);
    r.finish('s1');
    expect(sp.cache.has('s1')).toBe(true);
    expect(r.started).toEqual(['s1', 's2']);
  });

  it('runs nothing already cached', () => {
    const r = fakeRunner();
    const cache = new RunCache();
    cache.set('s1', run(1));
    new Speculator(r.runOne, cache, 2).want(['s1', 's2']);
    expect(r.started).toEqual(['s2']);
  });

  it('cancels what is no longer wanted, and keeps nothing a cancelled run answers', () => {
    const r = fakeRunner();
    const sp = new Speculator(r.runOne, new RunCache(), 1);
    sp.want(['s1']);
    sp.want(['s5']);
    expect(r.cancelled).toEqual(['s1']);
    expect(r.started).toEqual(['s1', 's5']);
    r.finish('s1'); // too late: it was cancelled
    expect(sp.cache.has('s1')).toBe(false);
  });

  it('yields to a real run: pause cancels every run in flight, resume starts again', () => {
    const r = fakeRunner();
    const sp = new Speculator(r.runOne, new RunCache(), 2);
    sp.want(['s1', 's2']);
    sp.pause();
    expect(r.cancelled).toEqual(['s1', 's2']);
    sp.want(['s1', 's2', 's3']);
    expect(r.started).toEqual(['s1', 's2']); // nothing while paused
    sp.resume();
    expect(r.started).toEqual(['s1', 's2', 's1', 's2']);
    sp.stop();
    expect(sp.running).toEqual([]);
  });
});

describe('positionsAhead', () => {
  it('follows the drag in its direction and stride, within the track', () => {
    expect(positionsAhead(500, 5, 1000)).toEqual([505, 510, 515]);
    expect(positionsAhead(10, -4, 1000)).toEqual([6, 2]);
    expect(positionsAhead(500, 0, 1000)).toEqual([501, 499]);
  });
});
