// The lab's state, in one value, and the small interface the stores that own parts of
// it (live runs, compare, sweep, the URL) use to read and change it.
import type { RunCost } from '../model/run/runCost';
import type { Extracted } from '../charts/series';
import type { EngineErrorItem, ResultDoc, RunSummary } from '../engine/types';
import type { ParamModel, ParamSpec, Values } from '../model/params/params';
import type { SweepConfig } from '../model/sweep/sweep';
import type { UrlMessage } from '../url/codec';
import type { ViewState } from '../model/views';
import type { TimelineEntry } from '../url/timeline';
import type { VisibilityRule } from '../model/params/visibility';
import type { ContestBoard } from '../model/contest/contest';

export interface CompareEntry {
  protocol: string;
  scenario: string;
  status: 'pending' | 'ok' | 'invalid' | 'error';
  summary?: RunSummary;
  series?: Extracted;
  durationS: number;
  error?: string;
}

export interface CompareState {
  entries: CompareEntry[];
  busy: boolean;
  /** Wall time of the last batch, ms (runs served from the cache cost nothing). */
  ms?: number;
  /** Increases with every batch started. */
  id: number;
}

export interface SweepRun {
  id: number;
  /** What was run: base scenario, x, grid and seeds (to tell when settings changed). */
  key: string;
  config: SweepConfig;
  grid: number[];
  seeds: number[];
  /** One entry per series: each protocol of the compare list (by protocol), or one
   * with protocol null (the scenario's own). summaries[point][seed]: undefined = not
   * run yet, null = the run failed. */
  series: { protocol: string | null; summaries: (RunSummary | null | undefined)[][] }[];
  errors: string[];
  done: number;
  total: number;
  status: 'running' | 'done' | 'cancelled';
  elapsedMs: number;
}

/** The contest view's run (contestRunner.ts): its plan's size, progress and board. */
export interface ContestRun {
  id: number;
  /** The spec as JSON: what was run (a changed flows[0] or set is a different contest). */
  key: string;
  scenarios: { name: string; label: string; help: string }[];
  entrants: string[];
  done: number;
  total: number;
  status: 'running' | 'done' | 'cancelled' | 'failed';
  board?: ContestBoard;
  errors: string[];
  elapsedMs: number;
}

export interface Displayed {
  id: number;
  summary: RunSummary;
  /** The whole result (flows, groups, protocols, warning). */
  result: Extract<ResultDoc, { ok: true }>;
  series: Extracted;
  durationS: number;
}

/** A progressive run filling in (engine/progressive.ts): its series up to filledToS
 * simulated seconds. The charts draw it over the last complete result (drawn dimmed
 * beyond filledToS); everything else still shows the complete one. */
export interface Filling {
  id: number;
  result: Extract<ResultDoc, { ok: true }>;
  series: Extracted;
  durationS: number;
  filledToS: number;
}

/** Live mode playing the run in simulated time (livePlayer.ts). */
export interface PlaybackState {
  status: 'playing' | 'paused';
  /** Simulated seconds per wall-clock second. */
  speed: number;
}

/** The engine and what the page made of its schema (store.start). */
export interface EngineSlice {
  phase: 'loading' | 'ready' | 'failed';
  loadError?: string;
  model?: ParamModel;
  groups: { group: string; specs: ParamSpec[] }[];
  rules: Map<string, VisibilityRule>;
  engineLoadMs?: number;
}

/** The experiment the link names: its values and live-mode changes, and what opening
 * or resetting it left to say (UrlSync and the store's experiment actions). */
export interface ScenarioSlice {
  values: Values;
  /** Live-mode changes during the run (in the URL, replayed by the engine). */
  timeline: TimelineEntry[];
  /** Problems with the link the page was opened with. */
  urlMessages: UrlMessage[];
  /** The link of the experiment "Reset to defaults" replaced (for its Undo). */
  undoReset?: string;
}

/** The live run of the current values and its result (liveRunner.ts). */
export interface RunSlice {
  /** Engine validation errors for the current values (result ok:false). */
  engineErrors: EngineErrorItem[];
  /** The engine crashed or timed out on the current values. */
  runError?: string;
  busy: boolean;
  displayed?: Displayed;
  /** The newest run's result so far, while it fills in (cleared when it completes). */
  filling?: Filling;
  /** The id of the newest run asked for (its first frame is the one measured). */
  requestedId?: number;
  /** The id of the newest run that has finished (ok or not). */
  lastFinishedId: number;
  lastRun?: {
    engineMs: number;
    roundTripMs: number;
    points: number;
    toWorkerMs?: number;
    fromWorkerMs?: number;
    /** The result was already computed (the run cache): no run took place. */
    fromCache?: boolean;
  };
  /** A run estimated as long, held until the user says to run it (model/run/runCost.ts). */
  costAsk?: RunCost;
}

/** Live mode playing the run in simulated time (livePlayer.ts). */
export interface LiveSlice {
  /** Set while the live view plays its run in simulated time. */
  playback?: PlaybackState;
  /** While playing, and after Play ended until the next change: the values in force at
   * the playhead, for the controls and the picture (selectValuesInForce). */
  liveValues?: Values;
}

/** Ways of looking that are not in the link. */
export interface UiSlice {
  /** The flow whose settings the controls show. */
  selectedFlow: number;
  /** The background group whose settings the controls show, if any. */
  selectedGroup: number | null;
  /** Flows whose curves are hidden in the live charts. */
  hiddenFlows: number[];
}

/** The lab's state: one slice per owner, so a part of the page reads (and a selector
 * compares) only its own. */
export interface LabState {
  engine: EngineSlice;
  scenario: ScenarioSlice;
  /** The view shown and each view's settings (also in the URL). */
  view: ViewState;
  run: RunSlice;
  compare: CompareState;
  sweepRun?: SweepRun;
  contestRun?: ContestRun;
  live: LiveSlice;
  ui: UiSlice;
}

/** The slice each field of a flat patch belongs to. */
export const SLICE_OF = {
  phase: 'engine',
  loadError: 'engine',
  model: 'engine',
  groups: 'engine',
  rules: 'engine',
  engineLoadMs: 'engine',
  values: 'scenario',
  timeline: 'scenario',
  urlMessages: 'scenario',
  undoReset: 'scenario',
  engineErrors: 'run',
  runError: 'run',
  busy: 'run',
  displayed: 'run',
  filling: 'run',
  requestedId: 'run',
  lastFinishedId: 'run',
  lastRun: 'run',
  costAsk: 'run',
  playback: 'live',
  liveValues: 'live',
  selectedFlow: 'ui',
  selectedGroup: 'ui',
  hiddenFlows: 'ui',
} as const satisfies Record<keyof (EngineSlice & ScenarioSlice & RunSlice & LiveSlice & UiSlice), keyof LabState>;

/** A change to the state: any slice's fields by name (each goes to its slice), or a
 * whole view, compare or sweep value. */
export type LabPatch = Partial<EngineSlice & ScenarioSlice & RunSlice & LiveSlice & UiSlice> &
  Partial<Pick<LabState, 'view' | 'compare' | 'sweepRun' | 'contestRun'>>;

/** The state with a patch applied: only the slices it touches are new objects. */
export function applyPatch(state: LabState, patch: LabPatch): LabState {
  const next: Record<string, unknown> = { ...state };
  for (const [key, value] of Object.entries(patch)) {
    const slice = (SLICE_OF as Record<string, keyof LabState>)[key];
    if (slice === undefined) next[key] = value;
    else next[slice] = { ...(next[slice] as object), [key]: value };
  }
  return next as unknown as LabState;
}

/** What a part of the store needs of the whole. */
export interface StoreCore {
  get(): LabState;
  set(patch: LabPatch): void;
}

export const MARK_INPUT = 'plab:input';
export const MARK_REDRAWN = 'plab:redrawn';
export const MARK_RESULT = 'plab:result';
export const MEASURE_INPUT_TO_REDRAWN = 'plab:input->redrawn';
/** The first frame that draws anything of the newest input's run (a progressive
 * slice or the whole result), and the measure from the input to it. */
export const MARK_FIRST_REDRAWN = 'plab:first-redrawn';
export const MEASURE_INPUT_TO_FIRST_REDRAWN = 'plab:input->first-redrawn';
export const MEASURE_RESULT_TO_REDRAWN = 'plab:result->redrawn';
/** The compare view drew a finished batch (every protocol's run), and the measure from
 * the input that started it: what the browser benchmark reads for compare redraws. */
export const MARK_COMPARE_REDRAWN = 'plab:compare-redrawn';
export const MEASURE_INPUT_TO_COMPARE_REDRAWN = 'plab:input->compare-redrawn';

/** The scenario's duration, for charts' x extent (NaN if unreadable). */
export function durationOf(scenario: string): number {
  try {
    return Number((JSON.parse(scenario) as { duration_s?: unknown }).duration_s);
  } catch {
    return NaN;
  }
}
