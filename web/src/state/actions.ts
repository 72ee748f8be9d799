// What each part of the page may ask of the store, by role, so a component names the
// few actions it uses instead of taking the whole store (and a test can hand it a stub
// of those). LabStore implements them all.
import type { LabStore } from './store';
import type { LabSource } from './useLab';

/** Change one of the experiment's values (a control, a shortcut, a note's button). */
export type ValueActions = Pick<LabStore, 'setValue'>;

/** The flow list and the background groups: add, remove, select, show or hide. */
export type FlowActions = ValueActions &
  Pick<
    LabStore,
    | 'selectFlow'
    | 'selectGroup'
    | 'addFlow'
    | 'removeFlow'
    | 'addGroup'
    | 'removeGroup'
    | 'toggleFlow'
    | 'setHiddenFlows'
  >;

/** The link and the experiment as a whole: open a link, reset and undo it, dismiss the link's problems. */
export type LinkActions = Pick<
  LabStore,
  'openLink' | 'reset' | 'undoReset' | 'dismissUndoReset' | 'dismissUrlMessages'
>;

/** Which view is shown and how (presentation, palette). */
export type ViewActions = Pick<LabStore, 'setView' | 'setDisplay'>;

/** Runs: the engine's loading, a run again, a long run allowed, live mode's player. */
export type RunActions = Pick<LabStore, 'start' | 'rerun' | 'runDespiteCost' | 'clearTimeline' | 'player'>;

/** A component that reads the state (useLab) and acts on it. */
export type Lab<A> = LabSource & A;

/** Runs in the worker pool beside the live one (the manual control's baseline, the
 * validation page's checks). */
export type PoolActions = Pick<LabStore, 'runOne' | 'runSummaries'>;

/** The compare view: which protocols, which shown, which event markers, run them. */
export type CompareActions = Pick<LabStore, 'setCompare' | 'setHidden' | 'setMarkersOff' | 'runCompare'>;

/** The sweep view: its settings, its protocols, its plan (the engine's), run and cancel
 * (and a value, from the app-limit note's button). */
export type SweepActions = ValueActions &
  Pick<LabStore, 'setCompare' | 'setHidden' | 'setSweep' | 'sweepPlan' | 'sweepPlanError' | 'runSweep' | 'cancelSweep'>;

/** Live mode's player and the changes it recorded. */
export type PlaybackActions = Pick<LabStore, 'player' | 'clearTimeline'>;

/** The contest view: its set, its runs (the engine's plan and board). */
export type ContestActions = Pick<LabStore, 'setContestSet' | 'contest'>;
