// The page: the header, the banners, and the view shown (the lab's sidebar and results,
// or the validation page). Each part subscribes to the slice of the state it reads
// (state/useLab.ts); this component only to what chooses the layout.
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useChartHeights } from './charts/Charts';
import { PaletteContext } from './charts/palette';
import { CostAsk } from './components/CostAsk';
import { Header } from './components/Header';
import { LinkProblems, ResetUndo } from './components/LinkBanners';
import { PresetNote } from './components/PresetNote';
import { PredictGate } from './components/PredictGate';
import { RunBanners, RunNotes } from './components/RunBanners';
import { Sidebar } from './components/Sidebar';
import { TopologyPicture } from './components/TopologyPicture';
import { ViewGuide } from './components/ViewGuide';
import { controlNotesOf, sameMap } from './components/controlNotes';
import { compareData, finishedPoints, sweepData, type RunData } from './model/claims/verdict';
import { DisplayContext } from './present/display';
import { EmbedLink } from './present/EmbedLink';
import { PresentBar } from './present/PresentControls';
import { ProgramContext } from './program/context';
import { engineCheck } from './program/engineCheck';
import { languageOf } from './program/languageDecl';
import type { LabState } from './state/labState';
import { selectHash, selectValuesInForce } from './state/selectors';
import type { LabStore } from './state/store';
import { shallowEqual, useLab } from './state/useLab';
import { paletteOf } from './url/display';
import { CompareView } from './views/CompareView';
import { LiveView } from './views/LiveView';
import { SweepView } from './views/SweepView';
import { ContestView } from './views/ContestView';
import { ValidationView } from './views/ValidationView';

const layoutOf = (s: LabState) => ({
  phase: s.engine.phase,
  view: s.view.view,
  present: !!s.view.present,
  embed: !!s.view.embed,
  palette: paletteOf(s.view),
  busy: s.run.busy,
  lastFinishedId: s.run.lastFinishedId,
  model: s.engine.model,
  urlMessages: s.scenario.urlMessages,
  undoShown: s.scenario.undoReset !== undefined,
  costAsk: s.run.costAsk,
});

export function App({ store }: { store: LabStore }) {
  const s = useLab(store, layoutOf, shallowEqual);
  const hash = useLab(store, selectHash);
  const view = s.view;
  const display = useMemo(() => ({ present: s.present, embed: s.embed }), [s.present, s.embed]);
  const program = useMemo(
    () => ({ language: s.model ? languageOf(s.model.languages) : null, check: engineCheck, source: store }),
    [s.model, store],
  );
  // Outside the display's context, as it always was: the compare and sweep charts' heights
  // for the normal page (their present.css and embed styles size them otherwise).
  const heights = useChartHeights();
  // A view opens at its top: a row opened from far down the Validation page (or a tab
  // chosen from far down a long view) showed the new view scrolled as the old one was.
  const shownView = useRef(view);
  useLayoutEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    window.scrollTo(0, 0);
  }, [view]);
  return (
    <DisplayContext.Provider value={display}>
      <PaletteContext.Provider value={s.palette}>
        <ProgramContext.Provider value={program}>
          <div
            className={`app${display.present ? ' present' : ''}${display.embed ? ' embed' : ''}`}
            data-busy={s.busy ? '1' : '0'}
            data-last-finished={s.lastFinishedId}
            data-phase={s.phase}
            data-view={view}
            data-experiment={hash}
          >
            {display.embed && <EmbedLink store={store} />}
            <Header store={store} hidden={display.embed} />
            {display.present && s.model && <PresentBar store={store} model={s.model} />}

            <LinkProblems store={store} messages={s.urlMessages} />
            <ResetUndo store={store} shown={s.undoShown} />
            <RunBanners store={store} />
            {s.costAsk && view === 'live' && <CostAsk cost={s.costAsk} store={store} />}
            <RunNotes store={store} />

            {view === 'validation' && s.phase === 'ready' && s.model && (
              <main className="layout validation-layout" id="panel-validation">
                <ViewGuide view="validation" />
                <ValidationView store={store} model={s.model} />
              </main>
            )}
            <main className="layout" id="panel-lab" hidden={view === 'validation'}>
              <Sidebar store={store} />
              <Results store={store} hash={hash} heights={heights} />
            </main>
          </div>
        </ProgramContext.Provider>
      </PaletteContext.Provider>
    </DisplayContext.Provider>
  );
}

const resultsOf = (s: LabState) => ({
  ready: s.engine.phase === 'ready',
  model: s.engine.model,
  view: s.view,
  values: s.scenario.values,
  shownValues: selectValuesInForce(s),
  rules: s.engine.rules,
  engineErrors: s.run.engineErrors,
  selectedFlow: s.ui.selectedFlow,
  compare: s.compare,
  sweepRun: s.sweepRun,
  contestRun: s.contestRun,
  liveSummary: s.run.displayed?.summary,
});

/** The lab's right column: the view's guide, the preset's note, the topology, then the
 * view's own results behind the preset's question, if it has one. */
function Results({
  store,
  hash,
  heights,
}: {
  store: LabStore;
  hash: string;
  heights: { main: number; other: number };
}) {
  const s = useLab(store, resultsOf, shallowEqual);
  const notes = useLab(store, controlNotesOf, sameMap);
  const view = s.view.view;
  // The runs the paper's numbers and claims are checked against: the view's own. A
  // sweep's claims read its finished points only (sweepData), so they are judged again
  // when a point finishes, not at each batch of results (LE Fig. 4: every 100 ms).
  const sweepRun = view === 'sweep' ? s.sweepRun : undefined;
  const finished = sweepRun ? `${sweepRun.id}:${finishedPoints(sweepRun.series)}` : '';
  const evidenceData = useMemo<RunData | undefined>(() => {
    if (sweepRun) return sweepData(sweepRun.grid, sweepRun.series);
    if (view === 'compare') return compareData(s.compare.entries);
    return undefined;
    // `finished` stands for the run: a new batch that finishes no point changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, finished, s.compare.entries]);
  return (
    <div className="results">
      {view !== 'validation' && <ViewGuide view={view} />}
      <PresetNote model={s.model} current={hash} data={evidenceData} />
      {s.ready && s.model && (
        <TopologyPicture
          store={store}
          model={s.model}
          values={s.shownValues}
          rules={s.rules}
          engineErrors={s.engineErrors}
          selectedFlow={s.selectedFlow}
          overrides={notes}
        />
      )}
      <PredictGate model={s.model} current={hash}>
        {view === 'live' && <LiveView store={store} />}
        {view === 'compare' && s.model && (
          <CompareView
            store={store}
            model={s.model}
            compare={s.view.compare}
            hidden={s.view.hidden}
            markersOff={s.view.markersOff}
            state={s.compare}
            height={heights.other}
          />
        )}
        {view === 'sweep' && s.model && (
          <SweepView
            store={store}
            model={s.model}
            config={s.view.sweep}
            compare={s.view.compare}
            hidden={s.view.hidden}
            run={s.sweepRun}
            values={s.values}
            rules={s.rules}
            liveSummary={s.liveSummary}
            height={Math.round(heights.main * 1.35)}
          />
        )}
        {view === 'contest' && s.model && (
          <ContestView
            store={store}
            model={s.model}
            setName={s.view.contest ?? ''}
            run={s.contestRun}
            values={s.values}
          />
        )}
      </PredictGate>
    </div>
  );
}
