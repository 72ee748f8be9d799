// The contest view (issue J §3): pick a set of paths, run every entrant on each, read
// the leaderboard. The plan and the board are the engine's (state/contestRunner.ts), so
// they equal `plab contest`'s. This page's flows[0] joins as "yours" when its protocol is
// not one of the set's (a student's program).
import { memo } from 'react';
import type { ParamModel, Values } from '../model/params/params';
import { contestSet, contestSpec, pageEntrant } from '../model/contest/contest';
import type { ContestActions } from '../state/actions';
import type { ContestRun } from '../state/labState';
import { ContestBoardTable } from './ContestBoardTable';
import { ContestChart } from './ContestChart';
import './contest.css';

export const ContestView = memo(function ContestView({
  store,
  model,
  setName,
  run,
  values,
}: {
  store: ContestActions;
  model: ParamModel;
  setName: string;
  run: ContestRun | undefined;
  values: Values;
}) {
  const set = contestSet(model, setName);
  if (!set) {
    return (
      <div className="view contest-view" data-testid="contest-view">
        <p className="muted-note">This engine declares no contest sets.</p>
      </div>
    );
  }
  const spec = contestSpec(model, values, set.name);
  const key = JSON.stringify(spec);
  const mine = pageEntrant(model, values, set);
  const running = run?.status === 'running';
  const stale = run !== undefined && run.key !== key;
  const board = run?.status === 'done' && !stale ? run.board : undefined;
  return (
    <div className="view contest-view" data-testid="contest-view">
      <section className="panel" aria-label="Contest settings">
        <div className="panel-row">
          <h2>Contest</h2>
          <label className="contest-set">
            set{' '}
            <select
              data-testid="contest.set"
              value={set.name}
              onChange={(e) => store.setContestSet(e.target.value)}
              disabled={running}
            >
              {model.contests.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="muted-note" data-testid="contest-help">
          {set.help}
        </p>
        <ol className="contest-scenarios" data-testid="contest-scenarios">
          {set.scenarios.map((s) => (
            <li key={s.name}>
              <strong>{s.label}</strong>: {s.help}
            </li>
          ))}
        </ol>
        <p className="contest-entrants" data-testid="contest-entrants">
          Entrants: {set.entrants.join(', ')}
          {mine ? (
            <>
              , and <strong>{mine.label}</strong> (this page's first flow)
            </>
          ) : (
            <> — set the first flow on the left to your own protocol or program to join them</>
          )}
          .
        </p>
        <div className="run-row">
          {running ? (
            <button
              type="button"
              className="primary"
              data-testid="contest-cancel"
              onClick={() => store.contest.cancel()}
            >
              Cancel
            </button>
          ) : (
            <button type="button" className="primary" data-testid="contest-run" onClick={() => store.contest.run()}>
              Run the contest
            </button>
          )}
          <span
            className="muted-note"
            data-testid="contest-status"
            data-status={run ? (stale ? 'stale' : run.status) : 'none'}
            role="status"
          >
            {statusText(run, stale, (spec?.entrants.length ?? 0) * set.scenarios.length)}
          </span>
        </div>
        {run && run.errors.length > 0 && (
          <ul className="field-error" role="alert" data-testid="contest-errors">
            {run.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </section>
      {board && run && (
        <>
          <ContestBoardTable board={board} scenarios={run.scenarios} mine={mine?.label} />
          <ContestChart board={board} scenarios={run.scenarios} mine={mine?.label} />
        </>
      )}
    </div>
  );
});

function statusText(run: ContestRun | undefined, stale: boolean, runs: number): string {
  if (!run) return `${runs} runs, summaries only`;
  const secs = (run.elapsedMs / 1000).toFixed(1);
  if (run.status === 'running') return `running: ${run.done} of ${run.total} runs (${secs} s)`;
  if (run.status === 'failed') return 'the contest could not be run (below)';
  if (run.status === 'cancelled') return `cancelled after ${run.done} of ${run.total} runs — no board`;
  if (stale) return 'the settings changed since this board was run: Run the contest again';
  return `done: ${run.total} runs in ${secs} s`;
}
