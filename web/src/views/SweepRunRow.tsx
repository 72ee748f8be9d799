// The sweep's run row: Run and Cancel, the progress over its runs, and what the last run
// left to say (stale settings, partial runs, runs that failed).
import { PartialRunsNote } from '../components/PartialMark';
import type { SweepActions } from '../state/actions';
import type { SweepRun } from '../state/store';
import type { SweepPlan } from '../state/sweepRunner';

export function SweepRunRow({
  store,
  run,
  plan,
  running,
  stale,
  blocked,
  total,
}: {
  store: Pick<SweepActions, 'runSweep' | 'cancelSweep'>;
  run: SweepRun | undefined;
  plan: SweepPlan | null;
  running: boolean;
  stale: boolean;
  /** The settings have an error: nothing to run. */
  blocked: boolean;
  total: number;
}) {
  const pct = run && run.total ? (100 * run.done) / run.total : 0;
  return (
    <>
      <div className="run-row">
        <button
          type="button"
          className="primary"
          data-testid="sweep-run"
          disabled={blocked || !plan || running}
          onClick={() => store.runSweep()}
        >
          {running ? 'Running…' : run ? 'Run again' : 'Run sweep'}
        </button>
        <button
          type="button"
          className="secondary"
          data-testid="sweep-cancel"
          disabled={!running}
          onClick={() => store.cancelSweep()}
        >
          Cancel
        </button>
        <div
          className={`progress${run?.status === 'cancelled' ? ' cancelled' : ''}`}
          role="progressbar"
          aria-label="Sweep progress"
          aria-valuemin={0}
          aria-valuemax={run?.total ?? total}
          aria-valuenow={run?.done ?? 0}
          data-testid="sweep-progress"
          data-status={run?.status ?? 'idle'}
          data-elapsed-ms={run ? Math.round(run.elapsedMs) : undefined}
        >
          <div className="progress-bar" style={{ width: `${pct}%` }} />
        </div>
        <span className="progress-text" data-testid="sweep-progress-text">
          {run
            ? `${run.done} / ${run.total} runs · ${(run.elapsedMs / 1000).toFixed(1)} s${run.status === 'cancelled' ? ' · cancelled' : run.status === 'done' ? ' · done' : ''}`
            : `${total} runs (${plan?.grid.length ?? 0} points × ${plan?.protocols ? `${plan.protocols.length} protocols × ` : ''}${plan?.seeds.length ?? 0} seeds)`}
        </span>
      </div>
      {stale && !running && (
        <p className="swept-note" data-testid="sweep-stale">
          The scenario or the sweep settings changed since this sweep ran — Run to update it.
        </p>
      )}
      {run && <PartialRunsNote summaries={run.series.flatMap((l) => l.summaries.flat())} testId="sweep-partial" />}
      {run && run.errors.length > 0 && (
        <div className="banner error" role="alert" data-testid="sweep-errors" style={{ margin: '10px 0 0' }}>
          <div>
            <strong>Some runs failed:</strong>
            <ul>
              {run.errors.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </>
  );
}
