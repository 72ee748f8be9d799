// The sweep runs its points coarse to fine, yet every result lands at its own x and
// seed: a fake pool answers each scenario with the loss rate and seed it was given. The
// plan (x values, seeds, scenarios) is the real engine's (plab_sweep_plan).
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchOptions, WorkerPool } from '../engine/pool';
import type { ParamModel } from '../model/params/params';
import { decodeHash } from '../url/codec';
import { defaultSweep } from '../model/sweep/sweep';
import { coarseToFine } from '../model/sweep/sweepOrder';
import { loadTestEngine } from '../model/testEngine';
import { defaultViewState } from '../model/views';
import { applyPatch, type LabState, type StoreCore } from './labState';
import { SweepRunner } from './sweepRunner';

let model: ParamModel;
beforeAll(async () => {
  ({ model } = await loadTestEngine());
});

function harness(n: number, k: number, stopAfter = Infinity) {
  let state = {
    engine: { model },
    scenario: { values: decodeHash(model, '#v=2').values },
    view: {
      ...defaultViewState(model),
      sweep: {
        ...defaultSweep(model),
        x: 'flows[0].channel.forward.p',
        from: 0.001,
        to: 0.05,
        scale: 'log' as const,
        n,
        k,
      },
    },
  } as unknown as LabState;
  const core: StoreCore = { get: () => state, set: (patch) => void (state = applyPatch(state, patch)) };
  const queued: string[] = [];
  const pool = {
    runBatch(scenarios: readonly string[], opts: BatchOptions) {
      queued.push(...scenarios);
      // Answer in queue order (as a pool of one would), then report done.
      scenarios.slice(0, Math.min(stopAfter, scenarios.length)).forEach((sc, i) => {
        const s = JSON.parse(sc);
        opts.onResult(i, {
          kind: 'ok',
          engineMs: 1,
          result: { ok: true, summary: { goodput_mbps: s.flows[0].channel.forward.p, seed: s.seed } } as never,
        });
      });
      if (stopAfter >= scenarios.length) opts.onDone?.();
      return { cancel() {}, finished: true };
    },
  } as unknown as WorkerPool;
  const runner = new SweepRunner(core, () => pool);
  return { runner, core, queued };
}

describe('the sweep runner', () => {
  it('queues the points coarse to fine: both ends first, then the middle', () => {
    const { runner, core, queued } = harness(9, 2);
    runner.run();
    const grid = core.get().sweepRun!.grid;
    const xs = queued.map((sc) => JSON.parse(sc).flows[0].channel.forward.p);
    expect(xs).toEqual(coarseToFine(9).flatMap((i) => [grid[i], grid[i]]));
    expect(xs.slice(0, 4)).toEqual([0.001, 0.001, 0.05, 0.05]);
  });

  it('places every result at its own x and seed, exactly as a left-to-right sweep would', () => {
    const { runner, core } = harness(10, 3);
    runner.run();
    const run = core.get().sweepRun!;
    expect(run.status).toBe('done');
    expect(run.done).toBe(30);
    run.grid.forEach((x, i) =>
      run.series[0].summaries[i].forEach((s, j) => {
        expect(s?.goodput_mbps).toBe(x);
        expect(s?.seed).toBe(run.seeds[j]);
      }),
    );
  });

  it('a sweep stopped after three points already spans the range', () => {
    const { runner, core } = harness(12, 1, 3);
    runner.run();
    // Cancel while the three results still wait for the next redraw: they are kept.
    runner.cancel();
    const after = core.get().sweepRun!;
    expect(after.status).toBe('cancelled');
    expect(after.done).toBe(3);
    const finished = after.grid.filter((_, i) => after.series[0].summaries[i][0] !== undefined);
    expect(finished).toHaveLength(3);
    expect(Math.min(...finished)).toBe(0.001);
    expect(Math.max(...finished)).toBe(0.05);
  });

  it('opening a sweep again reuses the runs this page has made; Run runs every one', () => {
    const { runner, core, queued } = harness(4, 2);
    const setN = (n: number) => {
      const st = core.get();
      core.set({ view: { ...st.view, sweep: { ...st.view.sweep, n } } });
    };
    runner.run();
    expect(queued).toHaveLength(8);
    const first = core.get().sweepRun!;
    // The same sweep, already done (a link opened again, Back): left as it is.
    runner.run({ reuse: true });
    expect(queued).toHaveLength(8);
    expect(core.get().sweepRun).toBe(first);
    // Five points: the two ends were run already; only the three new points are queued.
    setN(5);
    runner.run({ reuse: true });
    expect(queued).toHaveLength(8 + 6);
    const five = core.get().sweepRun!;
    expect(five.status).toBe('done');
    expect(five.done).toBe(10);
    five.grid.forEach((x, i) => five.series[0].summaries[i].forEach((sm) => expect(sm?.goodput_mbps).toBe(x)));
    // Back to four: every run is known, nothing queued, the same summaries.
    setN(4);
    runner.run({ reuse: true });
    expect(queued).toHaveLength(14);
    expect(core.get().sweepRun!.status).toBe('done');
    expect(core.get().sweepRun!.series).toEqual(first.series);
    // Run (the button) runs every one again.
    runner.run();
    expect(queued).toHaveLength(22);
  });

  it('plans once for the view and the run of the same settings, again when they change', () => {
    const { runner, core } = harness(6, 2);
    const st = core.get();
    // The view asks (its cost), then the run: the same objects, one plan.
    const forView = runner.plan(st.scenario.values, st.view.sweep, st.view.compare);
    expect(runner.plan()).toBe(forView);
    expect(forView!.scenarios).toHaveLength(12);
    core.set({ view: { ...st.view, sweep: { ...st.view.sweep, n: 7 } } });
    const seven = runner.plan();
    expect(seven).not.toBe(forView);
    expect(seven!.scenarios).toHaveLength(14);
    // Equal settings in new objects plan the same sweep (a new plan, the same key).
    const again = runner.plan({ ...core.get().scenario.values }, { ...core.get().view.sweep }, [
      ...core.get().view.compare,
    ]);
    expect(again!.key).toBe(seven!.key);
    expect(again!.scenarios).toEqual(seven!.scenarios);
  });
});
