import { useEffect, useState, useSyncExternalStore } from 'react';
import { Charts } from './charts/Charts';
import { Controls, errorFor } from './components/Controls';
import { Summary } from './components/Summary';
import { isVisible } from './model/visibility';
import { LabStore } from './state/store';

function useLab(store: LabStore) {
  return useSyncExternalStore(store.subscribe, store.getState);
}

function StatusLine({ store }: { store: LabStore }) {
  const s = useLab(store);
  let text: string;
  if (s.phase === 'loading') text = 'loading engine…';
  else if (s.phase === 'failed') text = 'engine failed to load';
  else if (s.busy) text = 'simulating…';
  else if (s.runError) text = 'last run failed';
  else if (s.engineErrors.length) text = 'the engine rejected these parameters';
  else if (s.lastRun)
    text = `last run ${Math.round(s.lastRun.roundTripMs)} ms (engine ${Math.round(s.lastRun.engineMs)} ms) · ${s.lastRun.points.toLocaleString('en-US')} points`;
  else text = 'ready';
  return (
    <div
      className={`status${s.busy ? ' busy' : s.runError || s.engineErrors.length || s.phase === 'failed' ? ' failed' : ''}`}
      data-testid="status"
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
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      setCopied(true);
    } catch {
      window.prompt('Copy this link:', location.href);
    }
  };

  // Each engine error is shown next to its control; this list says so at the top too,
  // with a way to reach a control that is scrolled away, folded or hidden.
  const located = s.engineErrors.map((e) => {
    const spec = s.model?.specs.find((sp) => errorFor(sp.path, [e]) !== undefined);
    return { error: e, path: spec && isVisible(spec.path, s.rules, s.values) ? spec.path : undefined };
  });
  const focusControl = (path: string) => {
    const el = document.querySelector<HTMLElement>(`[data-param="${CSS.escape(path)}"]`);
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.querySelector<HTMLElement>('input:not([type=range]), select')?.focus({ preventScroll: true });
  };
  const stale = s.engineErrors.length > 0 || !!s.runError;

  return (
    <div className="app" data-busy={s.busy ? '1' : '0'} data-last-finished={s.lastFinishedId} data-phase={s.phase}>
      <header className="top">
        <div className="brand">
          <h1>Protocol Lab</h1>
          <p className="tagline">Transport protocols, simulated packet by packet in your browser</p>
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
          </div>
        </div>
      </header>

      {s.urlMessages.length > 0 && (
        <div className="banner warn" role="alert" data-testid="url-messages">
          <div>
            <strong>This link had problems; the page used defaults where needed.</strong>
            <ul>
              {s.urlMessages.map((m, i) => (
                <li key={i} data-path={m.path}>
                  {m.text}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className="close" aria-label="Dismiss" onClick={() => store.dismissUrlMessages()}>
            ×
          </button>
        </div>
      )}

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

      {located.length > 0 && (
        <div className="banner error" role="alert" data-testid="engine-validation">
          <div>
            <strong>
              The engine rejected these parameters
              {s.displayed ? '; the charts show the last accepted run.' : '.'}
            </strong>
            <ul>
              {located.map(({ error, path }, i) => (
                <li key={i}>
                  {error.message}
                  {path && (
                    <>
                      {' '}
                      <button type="button" className="link" onClick={() => focusControl(path)}>
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

      <main className="layout">
        <aside className="sidebar">
          {s.phase === 'ready' ? (
            <Controls store={store} groups={s.groups} rules={s.rules} values={s.values} engineErrors={s.engineErrors} />
          ) : (
            <p className="muted">{s.phase === 'loading' ? 'Loading the engine…' : 'No engine, no controls.'}</p>
          )}
        </aside>
        <div className="results">
          <Summary summary={s.displayed?.summary} stale={stale} />
          <Charts displayed={s.displayed} stale={stale} />
        </div>
      </main>
    </div>
  );
}
