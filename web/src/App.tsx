import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { isMultiFlow, useChartHeights } from './charts/Charts';
import { Controls, errorFor } from './components/Controls';
import { FlowsPanel } from './components/FlowsPanel';
import { FlowTable } from './components/FlowTable';
import { LinkProblems, ResetUndo } from './components/LinkBanners';
import { PapersMenu, PresetNote } from './components/Papers';
import { ExperimentExport } from './export/ExperimentExport';
import { Summary } from './components/Summary';
import { CostAsk } from './components/CostAsk';
import { isPartial, PartialMark } from './components/PartialMark';
import { PlayBar, PlayedCharts } from './components/LivePlayback';
import { TopologyPicture } from './components/TopologyPicture';
import { PacketsPanel } from './packets/PacketsPanel';
import { protocolLabel } from './model/labels';
import { allSpecs, groupSpecs, itemCount, itemPath, specsOfItem, valueOf, type ParamSpec } from './model/params';
import { xSpecOf } from './model/sweep';
import { compareData, sweepData, type RunData } from './model/evidence';
import { PROTOCOL_PATH, VIEWS, type ViewName } from './model/views';
import { isVisible } from './model/visibility';
import { LabStore } from './state/store';
import { CompareView } from './views/CompareView';
import { SweepView } from './views/SweepView';
import { ValidationView } from './views/ValidationView';
import { encodeDisplayParams, paletteOf } from './url/display';
import { pageLink } from './url/link';
import { selectHash } from './state/selectors';
import { PaletteContext } from './charts/palette';
import { DisplayContext } from './present/display';
import { EmbedLink } from './present/EmbedLink';
import { PresentBar, PresentControls } from './present/PresentControls';
import { PredictGate } from './components/PredictGate';
import { GlossaryButton } from './components/Glossary';
import { ViewGuide } from './components/ViewGuide';
import { ManualMode } from './manual/ManualMode';

const VIEW_LABELS: Record<ViewName, string> = { live: 'Live', compare: 'Compare', sweep: 'Sweep', validation: 'Validation' };

function ViewSwitcher({ store }: { store: LabStore }) {
  const s = useLab(store);
  const current = s.view.view;
  // The WAI-ARIA tabs pattern: one tab in the Tab order (the selected one); Left/Right
  // (wrapping), Home and End move to a tab and select it (automatic activation).
  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) => {
    const i = VIEWS.indexOf(current);
    const next =
      e.key === 'ArrowRight' ? (i + 1) % VIEWS.length
      : e.key === 'ArrowLeft' ? (i - 1 + VIEWS.length) % VIEWS.length
      : e.key === 'Home' ? 0
      : e.key === 'End' ? VIEWS.length - 1
      : -1;
    if (next < 0 || s.phase !== 'ready') return;
    e.preventDefault();
    store.setView(VIEWS[next]);
    e.currentTarget.querySelector<HTMLElement>(`[data-testid="view-${VIEWS[next]}"]`)?.focus();
  };
  return (
    <nav className="view-switch" role="tablist" aria-label="View" onKeyDown={onKeyDown}>
      {VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          role="tab"
          id={`tab-${v}`}
          aria-selected={v === current}
          aria-controls={v === current ? VIEW_PANEL_ID(v) : undefined}
          tabIndex={v === current ? 0 : -1}
          data-testid={`view-${v}`}
          disabled={s.phase !== 'ready'}
          onClick={() => store.setView(v)}
        >
          {VIEW_LABELS[v]}
        </button>
      ))}
    </nav>
  );
}

/** The element a view's tab controls: the validation page, or the lab's layout (each
 * stays a <main> landmark rather than a tabpanel: the tabs switch the whole page). */
const VIEW_PANEL_ID = (v: ViewName) => (v === 'validation' ? 'panel-validation' : 'panel-lab');

function useLab(store: LabStore) {
  return useSyncExternalStore(store.subscribe, store.getState);
}

function StatusLine({ store }: { store: LabStore }) {
  const s = useLab(store);
  let text: string;
  const sweep = s.sweepRun;
  if (s.phase === 'ready' && s.view.view === 'compare')
    text = s.compare.busy
      ? `comparing ${s.compare.entries.length} protocols…`
      : `${s.compare.entries.length} protocols compared${s.compare.ms ? ` in ${Math.round(s.compare.ms)} ms` : ''}`;
  else if (s.phase === 'ready' && s.view.view === 'sweep')
    text = !sweep
      ? 'sweep not run yet'
      : sweep.status === 'running'
        ? `sweeping… ${sweep.done} / ${sweep.total} runs`
        : `sweep ${sweep.status === 'done' ? 'done' : 'cancelled'}: ${sweep.done} / ${sweep.total} runs in ${(sweep.elapsedMs / 1000).toFixed(1)} s`;
  else if (s.phase === 'loading') text = 'loading engine…';
  else if (s.phase === 'failed') text = 'engine failed to load';
  else if (s.busy) text = 'simulating…';
  else if (s.costAsk) text = 'a long run waits for Run it';
  else if (s.runError) text = 'last run failed';
  else if (s.engineErrors.length) text = s.engineErrors.every((e) => e.byPage) ? 'these values do not fit together' : 'the engine rejected these parameters';
  else if (s.lastRun)
    text = `last run ${Math.round(s.lastRun.roundTripMs)} ms (engine ${Math.round(s.lastRun.engineMs)} ms) · ${s.lastRun.points.toLocaleString('en-US')} points`;
  else text = 'ready';
  return (
    <div
      className={`status${s.busy || s.compare.busy || s.sweepRun?.status === 'running' ? ' busy' : s.runError || s.engineErrors.length || s.phase === 'failed' ? ' failed' : ''}`}
      data-testid="status"
      title={text}
      role="status"
      aria-live="polite"
      data-to-worker-ms={s.lastRun?.toWorkerMs?.toFixed(1)}
      data-from-worker-ms={s.lastRun?.fromWorkerMs?.toFixed(1)}
    >
      <span className="dot" aria-hidden="true" />
      {text}
    </div>
  );
}

export function App({ store }: { store: LabStore }) {
  const s = useLab(store);
  // The experiment's link, live mode's timeline included (url/link.ts): the same one
  // the address bar, Copy link, the export dialog and embed's link hold.
  const currentHash = selectHash(s);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);

  const copyLink = async () => {
    const link = pageLink(currentHash);
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      window.prompt('Copy this link:', link);
    }
  };

  // Each engine error is shown next to its control; this list says so at the top too,
  // with a way to reach a control that is scrolled away, folded or hidden.
  const concrete = useMemo(() => (s.model ? allSpecs(s.model, s.values) : []), [s.model, s.values]);
  const located = s.engineErrors.map((e) => {
    const spec = concrete.find((sp) => errorFor(sp.path, [e]) !== undefined);
    return { error: e, spec: spec && isVisible(spec.path, s.rules, s.values) ? spec : undefined };
  });
  const focusControl = (spec: ParamSpec) => {
    // A flow's or a background group's field is shown when that item is selected.
    if (spec.list === 'flows' && spec.index !== undefined) store.selectFlow(spec.index);
    if (spec.list === 'background' && spec.index !== undefined) store.selectGroup(spec.index);
    requestAnimationFrame(() => {
      const el = document.querySelector<HTMLElement>(`.controls [data-param="${CSS.escape(spec.path)}"]`);
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      el?.querySelector<HTMLElement>('input:not([type=range]), select')?.focus({ preventScroll: true });
    });
  };
  const stale = s.engineErrors.length > 0 || !!s.runError;
  const heights = useChartHeights();
  const view = s.view.view;
  const protocolsKey = s.model
    ? Array.from({ length: itemCount(s.model, s.values, 'flows') }, (_, i) => String(valueOf(s.model!, s.values, itemPath('flows', i, '.protocol')))).join(',')
    : '';
  const overrides = useMemo(() => {
    const m = new Map<string, string>();
    const model = s.model;
    if (!model) return m;
    // The view sets the protocol of flows[0] and of every flow running the same one
    // (views.ts withProtocol): say so in place of each of their protocol controls.
    const protocolGroup = (note: string) => {
      const group = valueOf(model, s.values, PROTOCOL_PATH);
      const others = itemCount(model, s.values, 'flows') > 1 ? ' (this flow and every flow running the same protocol as flow 1)' : '';
      for (let i = 0; i < itemCount(model, s.values, 'flows'); i++) {
        const path = itemPath('flows', i, '.protocol');
        if (i === 0 || valueOf(model, s.values, path) === group) m.set(path, note + others);
      }
    };
    const names = s.view.compare.map((p) => protocolLabel(model, p)).join(', ');
    if (view === 'compare') {
      protocolGroup(`set by the compare view: ${names}`);
    } else if (view === 'sweep') {
      const c = s.view.sweep;
      if (c.by === 'protocol') protocolGroup(`one curve per protocol: ${names}`);
      const x = xSpecOf(model, c.x);
      m.set(c.x, `${x?.decl.label ?? c.x} swept on x: ${c.from} to ${c.to} (${c.scale}, ${c.n} points)`);
      m.set('seed', `each point runs ${c.k} seed${c.k === 1 ? '' : 's'} from ${String(s.values.seed)}`);
    }
    return m;
    // Only the flows' protocols and the seed matter here: a new map on every input
    // would re-render every control (the live redraw budget).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s.model, view, s.view.compare, s.view.sweep, s.values.seed, protocolsKey]);

  // The controls: the run's own settings, then the selected flow's, then the selected
  // background group's (the flow list chooses which).
  const selectedFlow = s.selectedFlow;
  const selectedGroup = s.selectedGroup;
  const flowCount = s.model ? itemCount(s.model, s.values, 'flows') : 1;
  const groupCount = s.model ? itemCount(s.model, s.values, 'background') : 0;
  const controlGroups = useMemo(() => {
    const model = s.model;
    if (!model) return [];
    const out = groupSpecs([...model.scalarSpecs, ...specsOfItem(model, 'flows', selectedFlow)]);
    if (selectedGroup !== null && selectedGroup < groupCount)
      out.push({ group: `Background group ${selectedGroup + 1}`, specs: specsOfItem(model, 'background', selectedGroup) });
    return out;
  }, [s.model, selectedFlow, selectedGroup, groupCount]);
  const owners = useMemo(() => {
    const m = new Map<string, string>();
    if (!s.model || flowCount <= 1) return m;
    for (const g of controlGroups) if (g.specs.some((sp) => sp.list === 'flows')) m.set(g.group, `flow ${selectedFlow + 1}`);
    return m;
  }, [s.model, controlGroups, flowCount, selectedFlow]);
  const multi = isMultiFlow(s.displayed);
  // The runs the paper's numbers and claims are checked against: the view's own.
  const evidenceData = useMemo<RunData | undefined>(() => {
    if (view === 'sweep' && s.sweepRun) return sweepData(s.sweepRun.grid, s.sweepRun.series);
    if (view === 'compare') return compareData(s.compare.entries);
    return undefined;
  }, [view, s.sweepRun, s.compare.entries]);
  const traceFlow = s.model ? Number(valueOf(s.model, s.values, 'metrics.trace_flow') ?? 0) : 0;

  const display = useMemo(() => ({ present: !!s.view.present, embed: !!s.view.embed }), [s.view.present, s.view.embed]);
  return (
    <DisplayContext.Provider value={display}>
    <PaletteContext.Provider value={paletteOf(s.view)}>
    <div
      className={`app${display.present ? ' present' : ''}${display.embed ? ' embed' : ''}`}
      data-busy={s.busy ? '1' : '0'}
      data-last-finished={s.lastFinishedId}
      data-phase={s.phase}
      data-view={view}
      data-experiment={currentHash}
    >
      {display.embed && <EmbedLink store={store} />}
      <header className="top" hidden={display.embed}>
        <div className="brand">
          <h1>Protocol Lab</h1>
          <p className="tagline">Transport protocols, simulated packet by packet in your browser</p>
        </div>
        <div className="nav-group">
          <ViewSwitcher store={store} />
          <PapersMenu model={s.model} current={currentHash} disabled={s.phase !== 'ready'} onOpen={(h) => store.openLink(h)} linkSuffix={encodeDisplayParams(s.view).map((p) => `&${p}`).join('')} />
        </div>
        <div className="top-right">
          <StatusLine store={store} />
          <div className="actions">
            <button type="button" onClick={copyLink} disabled={s.phase !== 'ready'} data-testid="copy-link">
              {copied ? 'Link copied' : 'Copy link'}
            </button>
            <button type="button" onClick={() => store.reset()} disabled={s.phase !== 'ready'} data-testid="reset">
              Reset to defaults
            </button>
            <ExperimentExport model={s.model} values={s.values} summary={s.displayed?.summary} hash={currentHash} disabled={s.phase !== 'ready'} />
            <PresentControls store={store} model={s.model} values={s.values} view={s.view} current={currentHash} disabled={s.phase !== 'ready'} />
            <GlossaryButton />
          </div>
        </div>
      </header>
      {display.present && s.model && <PresentBar store={store} model={s.model} values={s.values} />}

      <LinkProblems store={store} messages={s.urlMessages} />
      <ResetUndo store={store} shown={s.undoReset !== undefined} />

      {s.phase === 'failed' && (
        <div className="banner error" role="alert" data-testid="engine-error">
          <div>
            <strong>The simulation engine could not be loaded.</strong>
            <pre>{s.loadError}</pre>
          </div>
          <button type="button" onClick={() => void store.start()}>
            Try again
          </button>
        </div>
      )}

      {s.runError && (
        <div className="banner error" role="alert" data-testid="engine-error">
          <div>
            <strong>The last run failed; the charts show the previous result.</strong>
            <pre>{s.runError}</pre>
          </div>
          <div className="banner-actions">
            <button type="button" onClick={() => store.rerun()}>
              Run again
            </button>
            <button type="button" onClick={() => store.reset()}>
              Reset to defaults
            </button>
          </div>
        </div>
      )}

      {s.costAsk && view === 'live' && <CostAsk cost={s.costAsk} store={store} />}

      {s.displayed?.result.warning && (
        <div className="banner warn" role="status" data-testid="run-warning">
          <div>
            <strong>This run stopped early.</strong> {s.displayed.result.warning}
          </div>
        </div>
      )}

      {located.length > 0 && (
        <div className="banner error" role="alert" data-testid="engine-validation">
          <div>
            <strong>
              {s.engineErrors.every((e) => e.byPage) ? 'These values do not fit together, nothing ran' : 'The engine rejected these parameters'}
              {s.displayed ? '; the charts show the last accepted run.' : '.'}
            </strong>
            <ul>
              {located.map(({ error, spec }, i) => (
                <li key={i}>
                  {error.message}
                  {spec && (
                    <>
                      {' '}
                      <button type="button" className="link" onClick={() => focusControl(spec)}>
                        show the field
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}

      {view === 'validation' && s.phase === 'ready' && s.model && (
        <main className="layout validation-layout" id="panel-validation">
          <ViewGuide view="validation" />
          <ValidationView store={store} model={s.model} />
        </main>
      )}
      <main className="layout" id="panel-lab" hidden={view === 'validation'}>
        <aside className="sidebar">
          {s.phase === 'ready' && s.model ? (
            <>
              <FlowsPanel
                store={store}
                model={s.model}
                values={s.values}
                selectedFlow={selectedFlow}
                selectedGroup={selectedGroup}
                hiddenFlows={s.hiddenFlows}
                protocolNote={overrides.get(PROTOCOL_PATH)}
              />
              <Controls
                store={store}
                groups={controlGroups}
                rules={s.rules}
                values={s.liveValues ?? s.values}
                engineErrors={s.engineErrors}
                overrides={overrides}
                owners={owners}
              />
            </>
          ) : (
            <p className="muted">{s.phase === 'loading' ? 'Loading the engine…' : 'No engine, no controls.'}</p>
          )}
        </aside>
        <div className="results">
          {view !== 'validation' && <ViewGuide view={view} />}
          <PresetNote model={s.model} current={currentHash} data={evidenceData} />
          {s.phase === 'ready' && s.model && (
            <TopologyPicture
              store={store}
              model={s.model}
              values={s.liveValues ?? s.values}
              rules={s.rules}
              engineErrors={s.engineErrors}
              selectedFlow={selectedFlow}
              overrides={overrides}
            />
          )}
          <PredictGate model={s.model} current={currentHash}>
          {view === 'live' && (
            <>
              <PlayBar store={store} model={s.model} playback={s.playback} timeline={s.timeline} durationS={s.displayed?.durationS} ready={s.displayed !== undefined && !stale} />
              <ManualMode store={store} model={s.model} rules={s.rules} values={s.values} liveValues={s.liveValues} playback={s.playback} timeline={s.timeline} displayed={s.displayed} stale={stale} flow={Number.isInteger(traceFlow) ? traceFlow : 0} />
              {!s.playback && s.displayed && isPartial(s.displayed.result) && (
                <PartialMark result={s.displayed.result} what="these figures" testId="summary-partial" />
              )}
              {!s.playback && <Summary summary={s.displayed?.summary} stale={stale} figures={s.model?.figures} multi={multi} />}
              {!s.playback && multi && s.displayed && <FlowTable result={s.displayed.result} model={s.model} stale={stale} />}
              <PlayedCharts
                playing={s.playback !== undefined}
                displayed={s.displayed}
                stale={stale}
                store={store}
                model={s.model}
                hiddenFlows={s.hiddenFlows}
                selectedFlow={selectedFlow}
                traceFlow={Number.isInteger(traceFlow) ? traceFlow : 0}
              />
              {!s.playback && s.displayed && s.model && (
                <PacketsPanel model={s.model} values={s.values} timeline={s.timeline} displayed={s.displayed} />
              )}
            </>
          )}
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
              liveSummary={s.displayed?.summary}
              height={Math.round(heights.main * 1.35)}
            />
          )}
          </PredictGate>
        </div>
      </main>
    </div>
    </PaletteContext.Provider>
    </DisplayContext.Provider>
  );
}
