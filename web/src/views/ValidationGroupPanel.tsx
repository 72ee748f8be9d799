// One group of the Validation view (ValidationView.tsx): its head (title, source, the
// experiment, "Check now" with its cost, the progress of a check) always, and its table
// of claims or checks only once the group comes near the screen. Opening the view drew
// all 708 rows in one task and held the main thread for seconds (issue 19); now the
// first frame draws the heads and a block of each table's likely height, and a group's
// rows are drawn when it is scrolled within a screen of view or something in it takes
// the focus, and stay drawn. The verdict counts never depend on what is drawn
// (validation.ts countVerdicts reads the rows' data). Memoised: a check's progress in
// one group redraws that group only.
// Test ids: validation-group:<id> (data-status, data-paper, data-rows = drawn | deferred),
// check-group:<id>, open:<id>, validation-rows-deferred:<id>, validation-row:<key>
// (data-text, data-verdict, data-detail, data-origin = live | recorded | none, data-kind).
import { memo, useEffect, useRef, useState } from 'react';
import { TableExport } from '../export/TableExport';
import { ClaimNotes } from '../components/ClaimNotes';
import { DisagreementNote } from '../components/DisagreementNote';
import { VERDICT_TEXT } from '../model/claims/verdict';
import {
  verdictOf,
  type GroupSize,
  type Recorded,
  type ValidationGroup,
  type ValidationRow,
} from '../model/claims/validation';
import type { RowResult } from '../model/claims/references';

export interface GroupRun {
  status: 'running' | 'done' | 'cancelled' | 'failed';
  done: number;
  total: number;
  results?: RowResult[];
  error?: string;
  ms: number;
}

/** Drawn this far beyond the visible part of the page (a screen or so either way), so
 * a reader scrolling at an ordinary pace never sees an empty table. */
const NEAR = '1000px 0px';
/** A row's likely height before it is drawn: the block keeps the page's length (and the
 * scroll bar) close to what it will be. */
const ROW_PX = 46;

function cost(size: GroupSize): string {
  const n = size.runs;
  return `${n} run${n === 1 ? '' : 's'}, up to ${Math.round(size.simulatedS).toLocaleString('en-US')} simulated s`;
}

/** True once the element has come within NEAR of the viewport (and from then on). */
function useNear(ref: React.RefObject<HTMLElement | null>): [boolean, () => void] {
  // Without an observer (an old browser, a test DOM) every table is drawn.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: NEAR,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near]);
  return [near, () => setNear(true)];
}

function Row({
  row,
  group,
  result,
  origin,
}: {
  row: ValidationRow;
  group: ValidationGroup;
  result?: RowResult;
  origin: 'live' | 'recorded' | 'none';
}) {
  const verdict = result?.verdict ?? 'pending';
  return (
    <tr
      data-testid={`validation-row:${row.key}`}
      data-text={row.text}
      data-verdict={verdict}
      data-detail={result?.detail ?? ''}
      data-origin={origin}
      data-kind={row.claim?.kind ?? 'reference'}
      className={`claim ${verdict}`}
    >
      <td>
        {row.claim && row.claim.kind !== 'legacy' ? <q>{row.text}</q> : row.text}
        {row.source && <span className="muted-note"> ({row.source})</span>}
        {row.claim?.kind === 'number' && (
          <span className="muted-note">
            {' '}
            · paper: {row.claim.paper_value}
            {row.claim.unit ? ` ${row.claim.unit}` : ''}
          </span>
        )}
        {row.claim && <ClaimNotes claim={row.claim} verdict={verdict} />}
        <DisagreementNote rowKey={row.key} d={row.disagreement} verdict={verdict} />
      </td>
      <td>
        <span className="verdict">{VERDICT_TEXT[verdict]}</span>
        {origin === 'recorded' && <div className="muted-note">recorded</div>}
      </td>
      <td className="muted-note">{row.claim?.kind === 'not_expressible' ? '' : (result?.detail ?? '')}</td>
      {group.kind === 'reference' && (
        <td>
          <a href={row.hash} data-testid={`open:${row.key}`}>
            Open
          </a>
        </td>
      )}
    </tr>
  );
}

interface Props {
  group: ValidationGroup;
  /** Its size, or why it has none; undefined until counted. */
  size?: GroupSize | string;
  run?: GroupRun;
  recorded?: Recorded | null;
  /** Some group is being checked (one at a time). */
  busy: boolean;
  onCheck(id: string): void;
}

export const ValidationGroupPanel = memo(function ValidationGroupPanel({
  group: g,
  size,
  run,
  recorded,
  busy,
  onCheck,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, show] = useNear(ref);
  return (
    <div
      ref={ref}
      className="panel validation-group"
      data-testid={`validation-group:${g.id}`}
      data-paper={g.paper ?? ''}
      data-status={run?.status ?? 'idle'}
      data-rows={near ? 'drawn' : 'deferred'}
      onFocus={near ? undefined : show}
    >
      <div className="validation-group-head">
        <div>
          <strong>{g.title}</strong>
          <div className="muted-note">{g.source}</div>
        </div>
        <div className="validation-actions">
          <TableExport name={`validation ${g.title}`} />
          {g.kind === 'paper' && (
            <a href={g.hash} className="button-link" data-testid={`open:${g.id}`}>
              Open the experiment
            </a>
          )}
          <button
            type="button"
            data-testid={`check-group:${g.id}`}
            disabled={busy || typeof size === 'string' || !size}
            onClick={() => onCheck(g.id)}
            title={typeof size === 'string' ? size : undefined}
          >
            {run?.status === 'running' ? `Checking… ${run.done} / ${run.total}` : 'Check now'}
          </button>
          <span className="muted-note">{typeof size === 'string' ? size : size ? cost(size) : ''}</span>
          {run && run.status !== 'running' && run.status !== 'failed' && (
            <span className="muted-note">
              {run.status === 'done' ? `checked here in ${(run.ms / 1000).toFixed(1)} s` : 'cancelled'}
            </span>
          )}
          {run?.error && <span className="field-error">{run.error}</span>}
        </div>
      </div>
      {run?.status === 'running' && <progress max={run.total} value={run.done} aria-label={`${g.title}: runs done`} />}
      {near ? (
        <table className="figures validation-table">
          <thead>
            <tr>
              <th scope="col">Claim or check</th>
              <th scope="col">Verdict</th>
              <th scope="col">Numbers</th>
              {g.kind === 'reference' && <th scope="col">Experiment</th>}
            </tr>
          </thead>
          <tbody>
            {g.rows.map((row, i) => (
              <Row key={row.key} row={row} group={g} {...verdictOf(g, i, run?.results, recorded)} />
            ))}
          </tbody>
        </table>
      ) : (
        <div
          className="validation-rows-deferred"
          data-testid={`validation-rows-deferred:${g.id}`}
          style={{ height: `${(g.rows.length + 1) * ROW_PX}px` }}
          aria-hidden="true"
        />
      )}
    </div>
  );
});
