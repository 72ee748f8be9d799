// Says a result is partial where its figures are read (summary, charts): a run that hit
// its event budget (result.partial, summary.ended_by "event_budget") covers only the
// simulated time up to where it stopped.
import type { ResultDoc } from '../engine/types';
import { formatNumber } from './Summary';
import './partialMark.css';

type OkResult = Extract<ResultDoc, { ok: true }>;

export function isPartial(result: OkResult | undefined): boolean {
  return result?.partial === true || result?.summary?.ended_by === 'event_budget';
}

export function PartialMark({ result, what, testId }: { result: OkResult; what: string; testId: string }) {
  const end = result.summary?.sim_end_s;
  return (
    <p className="partial-mark" data-testid={testId}>
      <strong>Partial:</strong> {what} cover
      {typeof end === 'number' && Number.isFinite(end)
        ? ` the first ${formatNumber(end, 2)} s of the run`
        : ' only part of the run'}
      : it stopped at its event budget.
    </p>
  );
}

/** A run's summary says it stopped at its event budget. */
export function stoppedAtBudget(summary: { ended_by?: unknown } | null | undefined): boolean {
  return summary?.ended_by === 'event_budget';
}

/** Compare and Sweep: how many of their runs stopped at their event budget, whose
 * figures therefore cover only the start of the run. Nothing when none did. */
export function PartialRunsNote({
  summaries,
  testId,
}: {
  summaries: readonly ({ ended_by?: unknown } | null | undefined)[];
  testId: string;
}) {
  const partial = summaries.filter(stoppedAtBudget).length;
  if (partial === 0) return null;
  const runs = summaries.filter((s) => s != null).length;
  return (
    <p className="partial-mark" role="status" data-testid={testId}>
      <strong>Partial:</strong> {partial} of {runs} runs stopped at their event budget (“Event budget” under Run); their
      figures cover only the first part of the run. Shorten the run or raise the budget.
    </p>
  );
}
