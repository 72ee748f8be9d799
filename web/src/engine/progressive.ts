// A progressive run: the engine advanced in slices of simulated time (the bridge's
// plab_begin / plab_advance / plab_snapshot / plab_finish), the result so far posted
// after each slice, and the event loop given a turn between slices so a newer run (or a
// cancel) stops this one at its next slice. The end is plab_finish's result, bit for
// bit plab_run's (wasm/tests/progressive.test.mjs). The worker (worker.ts) gives it
// the engine; the tests a fake.

/** What a progressive run needs of the engine. */
export interface Stepper {
  /** false: the scenario (or timeline) was refused; finish() gives the error document. */
  begin(scenario: string, timeline?: string): boolean;
  /** Runs to tS simulated seconds; true once the run has ended. */
  advance(tS: number): boolean;
  nowS(): number;
  durationS(): number;
  /** The result so far (document text and columns). */
  snapshot(): { json: string; columns: Float64Array };
  finish(): { ok: boolean; json: string; columns: Float64Array };
}

export interface SliceHooks {
  /** Wall clock, ms. */
  now(): number;
  /** Gives the event loop a turn (messages in) and resolves after it. */
  yieldTurn(): Promise<void>;
  /** False once a newer run or a cancel has replaced this one. */
  current(): boolean;
  /** Posts the result so far; absent for a quiet run. */
  slice?(json: string, columns: Float64Array, filledToS: number): void;
}

/** Wall time the first slice may take before it posts (so the first curves reach the
 * page within about 10 ms of the input), and each later one: a frame's worth, so a
 * newer input waits at most that long and the page gets one slice per frame. */
export const FIRST_SLICE_MS = 6;
export const SLICE_MS = 14;
/** Each slice advances in steps that take about this long, so a slice ends near its
 * budget (the first step is a guess: 1/400 of the run). */
const STEP_MS = 1.5;
const FIRST_STEP_FRACTION = 1 / 400;

export type ProgressiveEnd =
  | { kind: 'done'; ok: boolean; json: string; columns: Float64Array }
  | { kind: 'cancelled' };

/** Runs one scenario in slices. */
export async function runProgressive(
  engine: Stepper,
  scenario: string,
  timeline: string | undefined,
  hooks: SliceHooks,
): Promise<ProgressiveEnd> {
  if (!engine.begin(scenario, timeline)) return { kind: 'done', ...engine.finish() };
  const duration = engine.durationS();
  let step = Math.max(duration * FIRST_STEP_FRACTION, 1e-6);
  let budget = FIRST_SLICE_MS;
  for (;;) {
    const sliceStart = hooks.now();
    let ended = false;
    while (!ended && hooks.now() - sliceStart < budget) {
      const t0 = hooks.now();
      const target = Math.min(engine.nowS() + step, duration);
      ended = engine.advance(target) || target >= duration;
      // Next step sized from this one's speed (within 4x either way, so one slow step
      // — a burst of losses — does not make the next one tiny or huge).
      const took = hooks.now() - t0;
      step *= took > 0 ? Math.min(4, Math.max(0.25, STEP_MS / took)) : 4;
    }
    if (ended) break;
    hooks.slice?.(...snapshotOf(engine));
    budget = SLICE_MS;
    await hooks.yieldTurn();
    // Stopped: leave the engine alone (a newer run may already have begun its own).
    if (!hooks.current()) return { kind: 'cancelled' };
  }
  return { kind: 'done', ...engine.finish() };
}

function snapshotOf(engine: Stepper): [string, Float64Array, number] {
  const { json, columns } = engine.snapshot();
  return [json, columns, engine.nowS()];
}

/** A turn of the event loop without setTimeout's clamping (4 ms once nested). */
export function messageTurn(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
