// The banners about the run on screen: the engine did not load, the last run failed,
// it stopped early, or the engine (or the page) refused the values, each refusal with a
// way to reach its control even when it is scrolled away, folded or hidden.
import { useMemo } from 'react';
import { allSpecs, type ParamSpec } from '../model/params/params';
import { isVisible } from '../model/params/visibility';
import type { FlowActions, LinkActions, RunActions } from '../state/actions';
import type { LabState } from '../state/labState';
import { shallowEqual, useLab, type LabSource } from '../state/useLab';
import { errorFor } from './Controls';

type Store = LabSource &
  Pick<RunActions, 'start' | 'rerun'> &
  Pick<LinkActions, 'reset'> &
  Pick<FlowActions, 'selectFlow' | 'selectGroup'>;

const bannersOf = (s: LabState) => ({
  phase: s.engine.phase,
  loadError: s.engine.loadError,
  runError: s.run.runError,
  warning: s.run.displayed?.result.warning,
  shown: s.run.displayed !== undefined,
  engineErrors: s.run.engineErrors,
  model: s.engine.model,
  values: s.scenario.values,
  rules: s.engine.rules,
});

const failureOf = (s: LabState) => ({ phase: s.engine.phase, loadError: s.engine.loadError, runError: s.run.runError });

export function RunBanners({ store }: { store: Store }) {
  const s = useLab(store, failureOf, shallowEqual);
  return (
    <>
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
    </>
  );
}

/** After the cost question: the run's own warning (it stopped early), then the
 * refused values. */
export function RunNotes({ store }: { store: Store }) {
  const s = useLab(store, bannersOf, shallowEqual);
  // Each engine error is shown next to its control; this list says so at the top too.
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
  return (
    <>
      {s.warning && (
        <div className="banner warn" role="status" data-testid="run-warning">
          <div>
            <strong>This run stopped early.</strong> {s.warning}
          </div>
        </div>
      )}

      {located.length > 0 && (
        <div className="banner error" role="alert" data-testid="engine-validation">
          <div>
            <strong>
              {s.engineErrors.every((e) => e.byPage)
                ? 'These values do not fit together, nothing ran'
                : 'The engine rejected these parameters'}
              {s.shown ? '; the charts show the last accepted run.' : '.'}
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
    </>
  );
}
