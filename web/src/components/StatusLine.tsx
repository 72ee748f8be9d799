// The header's one line on what the page is doing: loading, simulating, a sweep's
// progress, the last run's time, or why nothing ran.
import type { LabState } from '../state/labState';
import { shallowEqual, useLab, type LabSource } from '../state/useLab';

const statusOf = (s: LabState) => ({
  phase: s.engine.phase,
  view: s.view.view,
  compare: s.compare,
  sweep: s.sweepRun,
  busy: s.run.busy,
  costAsk: s.run.costAsk,
  runError: s.run.runError,
  engineErrors: s.run.engineErrors,
  lastRun: s.run.lastRun,
});

export function StatusLine({ store }: { store: LabSource }) {
  const s = useLab(store, statusOf, shallowEqual);
  let text: string;
  const sweep = s.sweep;
  if (s.phase === 'ready' && s.view === 'compare')
    text = s.compare.busy
      ? `comparing ${s.compare.entries.length} protocols…`
      : `${s.compare.entries.length} protocols compared${s.compare.ms ? ` in ${Math.round(s.compare.ms)} ms` : ''}`;
  else if (s.phase === 'ready' && s.view === 'sweep')
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
  else if (s.engineErrors.length)
    text = s.engineErrors.every((e) => e.byPage)
      ? 'these values do not fit together'
      : 'the engine rejected these parameters';
  else if (s.lastRun?.fromCache)
    text = `computed ahead, drawn from the run cache · ${s.lastRun.points.toLocaleString('en-US')} points`;
  else if (s.lastRun)
    text = `last run ${Math.round(s.lastRun.roundTripMs)} ms (engine ${Math.round(s.lastRun.engineMs)} ms) · ${s.lastRun.points.toLocaleString('en-US')} points`;
  else text = 'ready';
  return (
    <div
      className={`status${s.busy || s.compare.busy || sweep?.status === 'running' ? ' busy' : s.runError || s.engineErrors.length || s.phase === 'failed' ? ' failed' : ''}`}
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
