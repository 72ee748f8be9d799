// The end of a run the student drove by hand: their flow's goodput, delay and power
// (goodput ÷ mean RTT) beside Reno's on the same scenario and seed (a copy of the
// experiment with the flow's protocol set to Reno and no timeline, run in the worker
// pool), a one-line verdict on the power, and what power rewards.
import { useEffect, useMemo, useState } from 'react';
import { seriesFromResult, type Extracted } from '../charts/series';
import type { ResultDoc } from '../engine/types';
import { buildScenario, type ParamModel, type Values } from '../model/params/params';
import type { PoolActions } from '../state/actions';
import { BASELINE_PROTOCOL, baselineValues, scoreFlow, verdict, type FlowScore } from './score';
import './manual.css';

interface Props {
  store: Pick<PoolActions, 'runOne'>;
  model: ParamModel;
  values: Values;
  flow: number;
  result: ResultDoc;
  series: Extracted;
  /** The path's pipe in segments (bandwidth-delay product); NaN when unknown. */
  pipe: number;
}

type Baseline = { status: 'running' } | { status: 'ok'; score: FlowScore } | { status: 'failed'; message: string };

function ms(x: number): string {
  return Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)} ms` : '—';
}

function mbps(x: number): string {
  return Number.isFinite(x) ? `${x.toFixed(2)} Mb/s` : '—';
}

function pw(x: number): string {
  return Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)} kb/s per ms` : '—';
}

const ROWS: [string, string, (s: FlowScore) => string][] = [
  ['power', 'Power (goodput ÷ mean RTT)', (s) => pw(s.power)],
  ['goodput', 'Goodput', (s) => mbps(s.goodputMbps)],
  ['mean-rtt', 'Mean RTT', (s) => ms(s.meanRttMs)],
  ['p95-rtt', '95th-percentile RTT', (s) => ms(s.p95RttMs)],
  ['queueing', 'Queueing delay (mean RTT − base RTT)', (s) => ms(s.queueingMs)],
];

export function ScoreCard({ store, model, values, flow, result, series, pipe }: Props) {
  const you = useMemo(() => scoreFlow(result, series, flow), [result, series, flow]);
  const scenario = useMemo(() => {
    const v = baselineValues(model, values, flow);
    return v ? buildScenario(model, v) : null;
  }, [model, values, flow]);
  // The Reno run's answer, for the scenario it ran: a new scenario is running until its own comes.
  const [answer, setAnswer] = useState<{ scenario: string; flow: typeof flow; baseline: Baseline } | null>(null);
  const baseline: Baseline =
    answer && answer.scenario === scenario && answer.flow === flow ? answer.baseline : { status: 'running' };

  useEffect(() => {
    if (scenario === null) return;
    const setBaseline = (b: Baseline) => setAnswer({ scenario, flow, baseline: b });
    const run = store.runOne(scenario, (o) => {
      if (o.kind === 'ok' && o.result?.ok) {
        const score = scoreFlow(o.result, seriesFromResult(o.result, o.columns), flow);
        setBaseline(score ? { status: 'ok', score } : { status: 'failed', message: 'the Reno run has no such flow' });
      } else {
        setBaseline({ status: 'failed', message: o.error ?? 'the Reno run failed' });
      }
    });
    return () => run.cancel();
  }, [store, scenario, flow]);

  if (!you || scenario === null) return null;
  const renoLabel = model.protocols.find((p) => p.name === BASELINE_PROTOCOL)?.label ?? BASELINE_PROTOCOL;
  const reno = baseline.status === 'ok' ? baseline.score : null;
  return (
    <section className="manual-score" aria-label="Your score" data-testid="manual-score" data-status={baseline.status}>
      <h2>Your score against {renoLabel}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Measure</th>
            <th scope="col">You</th>
            <th scope="col">{renoLabel} (same seed)</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([id, label, text]) => (
            <tr key={id}>
              <th scope="row">{label}</th>
              <td data-testid={`score-you-${id}`}>{text(you)}</td>
              <td data-testid={`score-reno-${id}`}>{reno ? text(reno) : baseline.status === 'running' ? '…' : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="manual-verdict" data-testid="manual-verdict">
        {reno
          ? `${verdict(you, reno, renoLabel).replace(/^you/, 'You')}.`
          : baseline.status === 'running'
            ? `Running ${renoLabel} on the same scenario…`
            : `No ${renoLabel} comparison: ${baseline.status === 'failed' ? baseline.message : ''}`}
      </p>
      <p className="muted manual-hint" data-testid="manual-power-note">
        Power is throughput divided by delay (Kleinrock): a bigger window raises it only while it adds goodput. Once the
        pipe is full
        {Number.isFinite(pipe) ? ` (about ${Math.round(pipe)} segments here)` : ''}, every extra segment waits in the
        queue and adds delay for no goodput, and past the buffer it is dropped. The best window is about one pipe; Reno
        fills the buffer until a loss, then halves.
      </p>
    </section>
  );
}
