// Live mode's player with the presentation keys: a key steps from the value in force at
// the playhead (not the stored start value), and after Play ends the controls keep the
// values in force at the end instead of snapping back to the start.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ParamModel } from '../model/params/params';
import { LOSS_PATH, stepInForce } from '../present/shortcuts';
import { isLive } from '../url/timeline';
import { applyPatch, type LabPatch, type LabState } from './labState';
import { LivePlayer } from './livePlayer';
import { selectValuesInForce } from './selectors';

const model = {
  byPath: new Map([[LOSS_PATH, { path: LOSS_PATH, defaultValue: 0, decl: { min: 0, max: 1, live: true } }]]),
} as unknown as ParamModel;

/** The store's part of the path a key takes: its state, and setValue handing a live
 * parameter to the player while it plays (as LabStore.setValue does). */
function lab() {
  let state = {
    engine: { phase: 'ready', model },
    scenario: { values: { [LOSS_PATH]: 0.01 }, timeline: [], urlMessages: [] },
    run: { displayed: { durationS: 10 } },
    live: {},
  } as unknown as LabState;
  const core = { get: () => state, set: (p: LabPatch) => (state = applyPatch(state, p)) };
  const player = new LivePlayer(core, () => undefined);
  const store = {
    getState: () => state,
    setValue: (path: string, value: number) => {
      if (player.active && isLive(model, path)) player.change(path, value);
      else core.set({ values: { ...state.scenario.values, [path]: value } });
    },
  };
  return { store, player, state: () => state };
}

let frames: FrameRequestCallback[] = [];
/** Runs the next animation frame at `ms`. */
const frame = (ms: number) => frames.splice(0).forEach((f) => f(ms));

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
  vi.stubGlobal('cancelAnimationFrame', () => (frames = []));
});
afterEach(() => vi.unstubAllGlobals());

describe('presentation keys while playing', () => {
  it('] three times steps 0.01 → 0.02 → 0.05 → 0.1 from the value in force', () => {
    const { store, player, state } = lab();
    player.play();
    frame(0);
    frame(1000.0006); // t = 1.0000006 s at 1x: recorded at 1.000001 s, after the playhead
    for (let i = 0; i < 3; i++) stepInForce(store, LOSS_PATH, 1);
    const tl = state().scenario.timeline;
    expect(tl.map((e) => e.value)).toEqual([0.1]); // one change at t = 1 s, recorded over
    expect(selectValuesInForce(state())[LOSS_PATH]).toBe(0.1);
    expect(state().scenario.values[LOSS_PATH]).toBe(0.01); // the start value stays
  });

  it('paused, the three presses land at one time and step from the value in force', () => {
    const { store, player, state } = lab();
    player.play();
    frame(0);
    frame(2345.6789);
    player.pause();
    for (let i = 0; i < 3; i++) stepInForce(store, LOSS_PATH, 1);
    expect(state().scenario.timeline.map((e) => [e.t, e.value])).toEqual([[2.345679, 0.1]]);
    expect(selectValuesInForce(state())[LOSS_PATH]).toBe(0.1);
  });
});

describe('after Play', () => {
  it('ends with the controls showing the value in force at the end, until the next change', () => {
    const { store, player, state } = lab();
    player.play();
    frame(0);
    frame(5270);
    stepInForce(store, LOSS_PATH, 1); // 0.02 from 5.27 s
    frame(20_000); // past the end
    expect(state().live.playback).toBeUndefined();
    expect(selectValuesInForce(state())[LOSS_PATH]).toBe(0.02);
    // The next change of the experiment starts over from its start values.
    player.stop();
    expect(selectValuesInForce(state())[LOSS_PATH]).toBe(0.01);
  });

  it('Stop keeps the value in force where the playhead stopped', () => {
    const { store, player, state } = lab();
    player.play();
    frame(0);
    frame(2000);
    stepInForce(store, LOSS_PATH, -1); // 0.005 from 2 s
    frame(3000);
    player.finish();
    expect(selectValuesInForce(state())[LOSS_PATH]).toBe(0.005);
  });
});
