// Live mode's clock: plays the live view's run in simulated time on screen (at 0.25x
// to 16x), and records the live parameters a person changes while it plays as a
// timeline (url/timeline.ts) applied at the simulated time of the change.
//
// The run itself is the engine's: each change re-runs the scenario with the whole
// timeline (plab_run_timeline advances to each change's time, Sets it, goes on). The
// engine's stepping is exact, so everything before the change is the same run, bit
// for bit, and the link with the timeline replays exactly what was seen. A run takes
// the engine a few ms, far less than a frame at any speed.
import { recordChange, roundTime, valuesAt } from '../url/timeline';
import type { ParamValue } from '../engine/types';
import type { PlaybackState, StoreCore } from './labState';

export type { PlaybackState };

export const PLAY_SPEEDS = [0.25, 1, 4, 16] as const;
export const DEFAULT_PLAY_SPEED = 1;

type Listener = () => void;

export class LivePlayer {
  private t = 0;
  private raf = 0;
  private lastFrame: number | null = null;
  private speed = DEFAULT_PLAY_SPEED;
  private listeners = new Set<Listener>();
  /** How many timeline changes were in force at the last frame (to refresh the controls). */
  private applied = -1;

  constructor(
    private readonly core: StoreCore,
    /** The timeline changed: write the link and run it. */
    private readonly onTimeline: () => void,
  ) {}

  /** The playhead, simulated s. */
  time = (): number => this.t;

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  get currentSpeed(): number {
    return this.speed;
  }

  get active(): boolean {
    return this.core.get().live.playback !== undefined;
  }

  play() {
    this.t = 0;
    this.applied = -1;
    this.core.set({ playback: { status: 'playing', speed: this.speed } });
    this.refreshValues();
    this.notify();
    this.loop();
  }

  pause() {
    const p = this.core.get().live.playback;
    if (!p || p.status !== 'playing') return;
    this.halt();
    this.core.set({ playback: { ...p, status: 'paused' } });
  }

  resume() {
    const p = this.core.get().live.playback;
    if (!p || p.status !== 'paused') return;
    this.core.set({ playback: { ...p, status: 'playing' } });
    this.loop();
  }

  /** Back to the whole run on screen, and the controls to the experiment's values: the
   * store's way when the experiment changes, another view or link opens (a run that
   * starts over). */
  stop() {
    this.halt();
    const { playback, liveValues } = this.core.get().live;
    if (playback === undefined && liveValues === undefined) return;
    this.core.set({ playback: undefined, liveValues: undefined });
    this.notify();
  }

  /** The end of the run, or its Stop button: the whole run on screen again, while the
   * controls and the picture keep the values in force at the playhead (the end, or where
   * it stopped), not the start values the timeline changed (they snapped back). They
   * return to the experiment's with the next change, view or link (stop). */
  finish() {
    this.halt();
    if (this.core.get().live.playback === undefined) return;
    const {
      scenario: { values, timeline },
    } = this.core.get();
    const held = valuesAt(values, timeline, this.t);
    this.core.set({ playback: undefined, liveValues: held === values ? undefined : held });
    this.notify();
  }

  setSpeed(speed: number) {
    this.speed = speed;
    const p = this.core.get().live.playback;
    if (p) this.core.set({ playback: { ...p, speed } });
  }

  /** A live parameter changed while playing: it applies from the playhead on. */
  change(path: string, value: ParamValue) {
    // The playhead moves to the time the change is recorded at (rounded to the µs): a
    // change rounded up past the playhead was not yet in force there, so the controls
    // and the next key read the old value (paused, a key stepped from it again and again).
    this.t = roundTime(this.t);
    const timeline = recordChange(this.core.get().scenario.timeline, { t: this.t, path, value });
    this.core.set({ timeline });
    this.applied = -1;
    this.refreshValues();
    this.onTimeline();
  }

  private loop() {
    cancelAnimationFrame(this.raf);
    this.lastFrame = null;
    this.raf = requestAnimationFrame(this.frame);
  }

  private halt() {
    cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.lastFrame = null;
  }

  private frame = (now: number) => {
    const {
      live: { playback },
      run: { displayed },
    } = this.core.get();
    if (!playback || playback.status !== 'playing') return;
    const end = displayed?.durationS;
    if (this.lastFrame !== null) this.t += ((now - this.lastFrame) / 1000) * playback.speed;
    this.lastFrame = now;
    if (end !== undefined && Number.isFinite(end) && this.t >= end) {
      this.t = end;
      this.finish(); // the end: the whole run, with its summary
      return;
    }
    this.refreshValues();
    this.notify();
    this.raf = requestAnimationFrame(this.frame);
  };

  // The controls show the values in force at the playhead (the experiment's, plus the
  // changes up to now); recomputed only when another change comes into force.
  private refreshValues() {
    const {
      scenario: { values, timeline },
    } = this.core.get();
    let n = 0;
    while (n < timeline.length && timeline[n].t <= this.t) n++;
    if (n === this.applied) return;
    this.applied = n;
    this.core.set({ liveValues: valuesAt(values, timeline, this.t) });
  }

  private notify() {
    this.listeners.forEach((l) => l());
  }
}
