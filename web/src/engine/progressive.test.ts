import { describe, expect, it } from 'vitest';
import { FIRST_SLICE_MS, runProgressive, type Stepper } from './progressive';

// A fake engine whose simulated time costs wall time at a fixed rate on a fake clock.
function fakeEngine(durationS: number, msPerSimS: number, clock: { t: number }, refuse = false) {
  let now = 0;
  const calls: string[] = [];
  const engine: Stepper = {
    begin: () => !refuse,
    advance: (tS) => {
      const to = Math.min(tS, durationS);
      clock.t += (to - now) * msPerSimS;
      now = to;
      return now >= durationS;
    },
    nowS: () => now,
    durationS: () => durationS,
    snapshot: () => {
      calls.push(`snapshot ${now}`);
      return { json: `{"t":${now}}`, columns: new Float64Array([now]) };
    },
    finish: () => {
      calls.push('finish');
      return { ok: !refuse, json: refuse ? '{"ok":false}' : '{"ok":true}', columns: new Float64Array(0) };
    },
  };
  return { engine, calls };
}

describe('runProgressive', () => {
  it('posts slices in order, the first within its budget, and ends with finish()', async () => {
    const clock = { t: 0 };
    const { engine, calls } = fakeEngine(20, 4, clock); // 80 ms of work
    const posted: { at: number; filled: number }[] = [];
    const end = await runProgressive(engine, '{}', undefined, {
      now: () => clock.t,
      yieldTurn: async () => {},
      current: () => true,
      slice: (_json, _cols, filledToS) => posted.push({ at: clock.t, filled: filledToS }),
    });
    expect(end).toMatchObject({ kind: 'done', ok: true });
    expect(calls.at(-1)).toBe('finish');
    expect(posted.length).toBeGreaterThanOrEqual(3);
    // The first slice posts after about FIRST_SLICE_MS of work (one step more at most).
    expect(posted[0].at).toBeLessThan(FIRST_SLICE_MS * 2 + 1);
    for (let i = 1; i < posted.length; i++) expect(posted[i].filled).toBeGreaterThan(posted[i - 1].filled);
    expect(posted.at(-1)!.filled).toBeLessThan(20);
  });

  it('stops at the next slice when a newer run replaced it, without touching the engine again', async () => {
    const clock = { t: 0 };
    const { engine, calls } = fakeEngine(20, 4, clock);
    let current = true;
    const end = await runProgressive(engine, '{}', undefined, {
      now: () => clock.t,
      yieldTurn: async () => {
        current = false; // a newer run arrived while this one gave the loop a turn
      },
      current: () => current,
      slice: () => {},
    });
    expect(end).toEqual({ kind: 'cancelled' });
    expect(calls.filter((c) => c === 'finish')).toEqual([]);
    expect(calls.length).toBe(1); // the one snapshot before the turn
  });

  it('a refused scenario ends at once with the error document', async () => {
    const clock = { t: 0 };
    const { engine } = fakeEngine(20, 4, clock, true);
    const end = await runProgressive(engine, '{}', undefined, {
      now: () => clock.t,
      yieldTurn: async () => {},
      current: () => true,
    });
    expect(end).toMatchObject({ kind: 'done', ok: false, json: '{"ok":false}' });
  });
});
