// The lab's store: one state value (labState.ts) and the parts that own pieces of it:
// the engine's live runs (liveRunner.ts), the compare view's (compareRunner.ts), the
// sweep's (sweepRunner.ts) and the URL (urlSync.ts). This file ties them: loading the
// engine, the experiment's values and lists, and which view is shown.
import { EngineClient } from '../engine/client';
import { loadSweepEngine } from '../engine/sweepEngine';
import { WorkerPool, type PoolOutcome } from '../engine/pool';
import type { EngineSchema, ParamValue, RunSummary } from '../engine/types';
import { buildModel, itemCount, type Values } from '../model/params/params';
import { groupSpecs } from '../model/params/groups';
import { addItem, removeItem } from '../model/params/listEdits';
import { defaultViewState, type ViewName, type ViewState } from '../model/views';
import type { SweepConfig } from '../model/sweep/sweep';
import { visibilityRules } from '../model/params/visibility';
import { CompareRunner } from './compareRunner';
import { applyPatch, MARK_INPUT, type LabPatch, type LabState, type StoreCore } from './labState';
import { LiveRunner } from './liveRunner';
import { LivePlayer } from './livePlayer';
import { isLive } from '../url/timeline';
import { enterManual } from '../manual/scenario';
import { SweepRunner, type SweepPlan } from './sweepRunner';
import { ContestRunner } from './contestRunner';
import { UrlSync, type HistoryMode } from './urlSync';
import type { UrlMessage } from '../url/codec';
import { loadTextCodec } from '../url/programText';

export * from './labState';

type Listener = () => void;

export class LabStore implements StoreCore {
  private state: LabState = {
    engine: { phase: 'loading', groups: [], rules: new Map() },
    scenario: { values: {}, timeline: [], urlMessages: [] },
    view: {
      view: 'live',
      compare: [],
      hidden: [],
      sweep: { x: '', from: 0, to: 1, scale: 'linear', n: 10, y: 'goodput_mbps', k: 3, by: 'none' },
    },
    run: { engineErrors: [], busy: false, lastFinishedId: 0 },
    compare: { entries: [], busy: false, id: 0 },
    live: {},
    ui: { selectedFlow: 0, selectedGroup: null, hiddenFlows: [] },
  };
  private listeners = new Set<Listener>();
  private pool: WorkerPool | null = null;
  /** The values changed while the live view was not shown: run them when it is. */
  private liveDirty = true;
  private readonly live = new LiveRunner(this, () => this.getPool());
  private readonly compareRuns = new CompareRunner(this, () => this.getPool());
  private readonly sweepRuns = new SweepRunner(this, () => this.getPool());
  /** The contest view's runs: run() and cancel(). */
  readonly contest = new ContestRunner(this, () => this.getPool());
  private readonly url = new UrlSync(this, (hash, notes) => this.loadFromHash(hash, notes));
  /** Live mode: plays the live run in simulated time and records changes made meanwhile. */
  readonly player = new LivePlayer(this, () => {
    this.url.write('edit');
    this.runLive();
  });

  constructor(
    private readonly makeClient: () => EngineClient = () => new EngineClient({ progressive: true }),
    private readonly makePool: () => WorkerPool = () => new WorkerPool(),
  ) {}

  // ---- StoreCore -------------------------------------------------------------------

  get = (): LabState => this.state;
  getState = (): LabState => this.state;

  set(patch: LabPatch) {
    this.state = applyPatch(this.state, patch);
    this.listeners.forEach((l) => l());
  }

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  // ---- the engine ------------------------------------------------------------------

  async start(): Promise<void> {
    this.set({ phase: 'loading', loadError: undefined });
    const client = this.makeClient();
    this.live.attach(client);
    try {
      // The sweep's plans come from the engine too (sweepPlan.ts): ready before a link
      // that opens a sweep is read.
      // So is the links' text compressor (url/programText.ts).
      const [info] = await Promise.all([client.init(), loadSweepEngine(), loadTextCodec()]);
      const schema = JSON.parse(info.schema) as EngineSchema;
      const def = JSON.parse(info.defaultScenario) as Record<string, unknown>;
      const model = buildModel(schema, def);
      if (model.problems.length) console.warn('[plab] schema problems:', model.problems);
      this.set({
        phase: 'ready',
        model,
        groups: groupSpecs(model.specs),
        rules: visibilityRules(model.specs),
        engineLoadMs: info.loadMs,
        view: defaultViewState(model),
      });
      this.url.start();
    } catch (e) {
      this.set({ phase: 'failed', loadError: e instanceof Error ? e.message : String(e) });
    }
  }

  private getPool(): WorkerPool {
    if (!this.pool) this.pool = this.makePool();
    return this.pool;
  }

  /** Reads a link's hash into the experiment and the view (a fresh link, Back, a preset). */
  private loadFromHash(hash: string, notes: UrlMessage[] = [], mode: HistoryMode = 'replace') {
    const read = this.url.read(hash);
    if (!read) return;
    // A new link replaces the experiment: a sweep still running for the old one stops.
    if (read.view.view !== 'sweep') this.sweepRuns.cancel();
    if (read.view.view !== 'contest') this.contest.cancel();
    this.player.stop();
    this.set({
      urlMessages: [...notes, ...read.messages],
      view: read.view,
      undoReset: undefined,
      timeline: read.timeline,
    });
    this.commit(read.values, mode);
    // A shared sweep link reproduces its sweep: run it (with progress) on load, from the
    // runs this page has already made where it has them (Back, a preset opened again).
    if (read.view.view === 'sweep') this.sweepRuns.run({ reuse: true });
    if (read.view.view === 'contest') this.contest.run({ reuse: true });
  }

  /** Opens a link's hash (a preset) as if the page had been opened with it. */
  openLink(hash: string) {
    this.loadFromHash(hash);
  }

  // ---- views -----------------------------------------------------------------------

  setView(view: ViewName) {
    if (view === this.state.view.view) return;
    this.player.stop();
    this.setViewState({ ...this.state.view, view }, 'push');
    if (view === 'live' && this.liveDirty) this.runLive();
    if (view === 'compare') this.compareRuns.run();
  }

  setCompare(protocols: string[]) {
    const hidden = this.state.view.hidden.filter((p) => protocols.includes(p));
    this.setViewState({ ...this.state.view, compare: protocols, hidden });
    if (this.state.view.view === 'compare') this.compareRuns.run();
  }

  setHidden(hidden: string[]) {
    this.setViewState({ ...this.state.view, hidden });
  }

  /** Compare's event markers switched off (nomark= in the link). */
  setMarkersOff(markersOff: string[] | undefined) {
    this.setViewState({ ...this.state.view, markersOff });
  }

  setSweep(sweep: SweepConfig) {
    this.setViewState({ ...this.state.view, sweep });
  }

  /** The contest view's set (contest= in the link). */
  setContestSet(contest: string) {
    this.setViewState({ ...this.state.view, contest });
  }

  /** Presentation, embed and palette: how the page is shown (url/display.ts). */
  setDisplay(patch: Partial<Pick<ViewState, 'present' | 'embed' | 'palette'>>) {
    this.setViewState({ ...this.state.view, ...patch });
  }

  private setViewState(view: ViewState, mode: HistoryMode = 'edit') {
    this.set({ view });
    this.url.write(mode);
  }

  runCompare() {
    this.compareRuns.run();
  }

  sweepPlan(values?: Values, cfg?: SweepConfig, compare?: string[]): SweepPlan | null {
    return this.sweepRuns.plan(values, cfg, compare);
  }

  sweepPlanError(values?: Values, cfg?: SweepConfig, compare?: string[]): string | null {
    return this.sweepRuns.planError(values, cfg, compare);
  }

  runSweep() {
    this.sweepRuns.run();
  }

  cancelSweep() {
    this.sweepRuns.cancel();
  }

  /** Summary-only runs in the worker pool, for the validation page's checks: each
   * result (null with a message when the run failed), then done. */
  runSummaries(
    scenarios: readonly string[],
    onResult: (index: number, summary: RunSummary | null, error?: string) => void,
    onDone: () => void,
  ): { cancel(): void } {
    const batch = this.getPool().runBatch(scenarios, {
      summaryOnly: true,
      onResult: (i, o) => {
        if (o.kind === 'ok' && o.result?.ok) onResult(i, o.result.summary ?? {});
        else
          onResult(
            i,
            null,
            o.result && !o.result.ok
              ? (o.result.errors ?? []).map((e) => e.message).join('; ')
              : (o.error ?? 'no result'),
          );
      },
      onDone,
    });
    return { cancel: () => batch.cancel({ terminate: true }) };
  }

  /** One whole run (result and columns) in the worker pool: the manual control's
   * Reno baseline (manual/ScoreCard.tsx). */
  runOne(scenario: string, onOutcome: (o: PoolOutcome) => void): { cancel(): void } {
    const batch = this.getPool().runBatch([scenario], { onResult: (_, o) => onOutcome(o) });
    return { cancel: () => batch.cancel() };
  }

  // ---- the experiment --------------------------------------------------------------

  setValue(path: string, value: ParamValue) {
    performance.mark(MARK_INPUT);
    // While the run plays, a live parameter changes from the playhead on (live mode).
    if (this.player.active && this.state.engine.model && isLive(this.state.engine.model, path)) {
      this.player.change(path, value);
      return;
    }
    const values = this.state.scenario.values;
    const model = this.state.engine.model;
    // Switching a flow to the manual control brings its own scenario (manual/scenario.ts).
    this.commit((model && enterManual(model, values, path, value)) || { ...values, [path]: value });
  }

  /** Adds a flow (a copy of the last) and shows its settings. */
  addFlow() {
    const model = this.state.engine.model;
    if (!model) return;
    const values = addItem(model, this.state.scenario.values, 'flows');
    if (values === this.state.scenario.values) return;
    performance.mark(MARK_INPUT);
    this.set({ selectedFlow: itemCount(model, values, 'flows') - 1, selectedGroup: null });
    this.commit(values);
  }

  removeFlow(index: number) {
    const model = this.state.engine.model;
    if (!model) return;
    const values = removeItem(model, this.state.scenario.values, 'flows', index);
    if (values === this.state.scenario.values) return;
    performance.mark(MARK_INPUT);
    const n = itemCount(model, values, 'flows');
    this.set({
      selectedFlow: Math.min(this.state.ui.selectedFlow, n - 1),
      hiddenFlows: this.state.ui.hiddenFlows.filter((f) => f < n),
    });
    this.commit(values);
  }

  addGroup() {
    const model = this.state.engine.model;
    if (!model) return;
    const values = addItem(model, this.state.scenario.values, 'background');
    if (values === this.state.scenario.values) return;
    performance.mark(MARK_INPUT);
    this.set({ selectedGroup: itemCount(model, values, 'background') - 1 });
    this.commit(values);
  }

  removeGroup(index: number) {
    const model = this.state.engine.model;
    if (!model) return;
    const values = removeItem(model, this.state.scenario.values, 'background', index);
    if (values === this.state.scenario.values) return;
    performance.mark(MARK_INPUT);
    this.set({ selectedGroup: null });
    this.commit(values);
  }

  selectFlow(index: number) {
    this.set({ selectedFlow: index, selectedGroup: null });
  }

  selectGroup(index: number | null) {
    this.set({ selectedGroup: index });
  }

  /** Shows or hides one flow's curves in the live charts. */
  toggleFlow(index: number) {
    const hidden = this.state.ui.hiddenFlows;
    this.set({
      hiddenFlows: hidden.includes(index)
        ? hidden.filter((f) => f !== index)
        : [...hidden, index].sort((a, b) => a - b),
    });
  }

  setHiddenFlows(hidden: number[]) {
    this.set({ hiddenFlows: hidden });
  }

  /** Back to the engine's defaults, as a new history entry (Back undoes it), keeping
   * the experiment it replaced for the banner's Undo. */
  reset() {
    const model = this.state.engine.model;
    if (!model) return;
    performance.mark(MARK_INPUT);
    this.player.stop();
    const before = this.url.hashOf(this.state.scenario.values, this.state.view);
    this.set({ urlMessages: [], selectedFlow: 0, selectedGroup: null, hiddenFlows: [], timeline: [] });
    this.commit({ ...model.defaults }, 'push');
    const after = this.url.hashOf(this.state.scenario.values, this.state.view);
    this.set({ undoReset: before !== after ? before : undefined });
  }

  /** Restores the experiment Reset replaced, as one more history entry. */
  undoReset() {
    const hash = this.state.scenario.undoReset;
    if (hash === undefined) return;
    performance.mark(MARK_INPUT);
    this.loadFromHash(hash, [], 'push');
  }

  dismissUndoReset() {
    this.set({ undoReset: undefined });
  }

  dismissUrlMessages() {
    this.set({ urlMessages: [] });
  }

  /** Runs the live run that waits for a word on its cost (state.costAsk). */
  runDespiteCost() {
    this.live.runHeld();
  }

  /** Re-runs the current values (e.g. after a crash). */
  rerun() {
    this.commit(this.state.scenario.values);
  }

  private commit(values: Values, mode: HistoryMode = 'edit') {
    const model = this.state.engine.model;
    if (!model) return;
    // Any other change starts the run over: stop playing it.
    this.player.stop();
    const n = itemCount(model, values, 'flows');
    const patch: LabPatch = { values };
    if (this.state.ui.selectedFlow >= n) patch.selectedFlow = n - 1;
    if (this.state.ui.selectedGroup !== null && this.state.ui.selectedGroup >= itemCount(model, values, 'background'))
      patch.selectedGroup = null;
    this.set(patch);
    this.url.write(mode);
    this.liveDirty = true;
    const view = this.state.view.view;
    if (view === 'live') this.runLive();
    else if (view === 'compare') this.compareRuns.run();
    // The sweep view shows that its result no longer matches; Run starts it again.
  }

  private runLive() {
    this.liveDirty = false;
    this.live.run();
  }

  /** Live mode: forgets the changes recorded during the run. */
  clearTimeline() {
    this.player.stop();
    this.set({ timeline: [] });
    this.url.write();
    this.runLive();
  }

  dispose() {
    this.player.stop();
    this.url.stop();
    this.live.dispose();
    this.pool?.dispose();
    this.pool = null;
    this.listeners.clear();
  }
}
