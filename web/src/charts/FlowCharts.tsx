// The live charts of a run with several flows or background traffic: one colour per
// flow (the flow list's swatches), a legend that shows or hides flows, background
// groups summarized as one line each, the throughput share over time with Jain's
// index, the path's charts (queue, utilization, RTT samples), and the single-flow charts (time–sequence, tokens,
// playback) for the flow the person selected.
import { useMemo } from 'react';
import { flowColor } from './compareSeries';
import { flowTv, focusFlow, stackedShares } from './flowSeries';
import { get, groupSeries, type Extracted } from './series';
import { TimeChart, type ChartSeries } from './TimeChart';
import { TimeSeqChart } from './TimeSeqChart';
import { usePalette } from './palette';
import { PathCharts } from './PathCharts';
import type { Displayed } from '../state/labState';
import type { LabStore } from '../state/store';
import { protocolLabel } from '../model/labels';
import type { ParamModel } from '../model/params';

const PCT: [number, number] = [0, 100];
const JAIN_COLOR = '#111111';
// Background groups: greys and muted tones after the flows' palette.
const GROUP_COLORS = ['#7f7f7f', '#b0a18f', '#5f6f7f', '#a0a0a0', '#8f7f9f', '#6f8f6f', '#9f8f6f', '#4f4f4f'];

export function groupColor(g: number): string {
  return GROUP_COLORS[g % GROUP_COLORS.length];
}

interface Props {
  store: LabStore;
  model?: ParamModel;
  displayed: Displayed;
  hiddenFlows: number[];
  selectedFlow: number;
  traceFlow: number;
  heights: { main: number; other: number };
}

export function FlowLegend({ store, model, displayed, hiddenFlows }: Pick<Props, 'store' | 'model' | 'displayed' | 'hiddenFlows'>) {
  const flows = displayed.result.flows ?? [];
  const groups = displayed.result.groups ?? [];
  return (
    <div className="flow-legend" data-testid="flow-legend" role="group" aria-label="Flows drawn">
      {flows.map((f) => {
        const hidden = hiddenFlows.includes(f.index);
        return (
          <button
            key={f.index}
            type="button"
            className={`chip${hidden ? ' off' : ''}`}
            aria-pressed={!hidden}
            data-testid={`legend-flow-${f.index}`}
            onClick={() => store.toggleFlow(f.index)}
            title={hidden ? 'Show this flow' : 'Hide this flow'}
          >
            <span className="chip-swatch" style={{ background: flowColor(f.index) }} />
            {f.index + 1} {protocolLabel(model, f.protocol)}
          </button>
        );
      })}
      {groups.map((g) => (
        <span key={`g${g.index}`} className="chip static" data-testid={`legend-group-${g.index}`}>
          <span className="chip-swatch dashed" style={{ borderColor: groupColor(g.index) }} />
          {groupName(g)}
        </span>
      ))}
    </div>
  );
}

function groupName(g: { index: number; summary: Record<string, unknown> }): string {
  const kind = typeof g.summary.kind === 'string' ? g.summary.kind.toUpperCase() : 'background';
  const n = typeof g.summary.count === 'number' ? ` × ${g.summary.count}` : '';
  return `group ${g.index + 1} (${kind}${n})`;
}

export function FlowCharts({ store, model, displayed, hiddenFlows, selectedFlow, traceFlow, heights }: Props) {
  const ex = displayed.series;
  const xMax = displayed.durationS;
  const flows = displayed.result.flows ?? [];
  const groups = displayed.result.groups ?? [];
  const shown = useMemo(() => flows.filter((f) => !hiddenFlows.includes(f.index)), [flows, hiddenFlows]);
  const name = (i: number) => `flow ${i + 1}`;

  const cwnd = useMemo<ChartSeries[]>(
    () => shown.map((f) => ({ key: `flows[${f.index}].cwnd`, label: name(f.index), shape: 'step', color: flowColor(f.index), ...flowTv(ex, f.index, 'cwnd') })),
    [ex, shown],
  );

  // Rate-based flows (TFRC): the allowed rate solid, the equation's dashed.
  const rates = useMemo<ChartSeries[]>(
    () =>
      shown.flatMap((f) => {
        const allowed = flowTv(ex, f.index, 'allowed_rate');
        if (allowed.t.length === 0) return [];
        return [
          { key: `flows[${f.index}].allowed_rate`, label: `${name(f.index)} allowed`, shape: 'step' as const, color: flowColor(f.index), ...allowed },
          { key: `flows[${f.index}].equation_rate`, label: `${name(f.index)} equation`, shape: 'line' as const, dash: '6 4', color: flowColor(f.index), ...flowTv(ex, f.index, 'equation_rate') },
        ];
      }),
    [ex, shown],
  );

  const throughput = useMemo<ChartSeries[]>(
    () => [
      ...shown.map((f) => ({ key: `flows[${f.index}].throughput`, label: name(f.index), shape: 'line' as const, color: flowColor(f.index), ...flowTv(ex, f.index, 'throughput') })),
      ...groups.map((g) => {
        const s = groupSeries(ex, g.index, 'throughput');
        return { key: `background[${g.index}].throughput`, label: groupName(g), shape: 'line' as const, dash: '6 4', color: groupColor(g.index), t: s.t, v: s.v };
      }),
    ],
    [ex, shown, groups],
  );

  const share = useMemo<ChartSeries[]>(() => {
    const parts = [
      ...shown.map((f) => ({ key: `flows[${f.index}]`, color: flowColor(f.index), label: name(f.index), ...flowTv(ex, f.index, 'throughput') })),
      ...groups.map((g) => {
        const s = groupSeries(ex, g.index, 'throughput');
        return { key: `background[${g.index}]`, color: groupColor(g.index), label: groupName(g), t: s.t, v: s.v };
      }),
    ];
    const stacked = stackedShares(parts);
    const out: ChartSeries[] = stacked.parts.map((p, i) => ({
      key: `share:${p.key}`,
      label: parts[i].label,
      shape: 'area',
      color: parts[i].color,
      t: stacked.t,
      v: p.top,
      base: p.base,
    }));
    const jain = get(ex, 'jain');
    if (jain.t.length) {
      const v = new Float64Array(jain.v.length);
      for (let i = 0; i < v.length; i++) v[i] = jain.v[i] * 100;
      out.push({ key: 'jain', label: "Jain's index × 100", shape: 'line', color: JAIN_COLOR, dash: '5 3', t: jain.t, v });
    }
    return out;
  }, [ex, shown, groups]);

  const shownIndices = useMemo(() => shown.map((f) => f.index), [shown]);

  const focus = useMemo<Extracted>(() => focusFlow(ex, selectedFlow), [ex, selectedFlow]);
  const traced = useMemo<Extracted>(() => focusFlow(ex, traceFlow), [ex, traceFlow]);
  const colors = usePalette();
  const tokens = useMemo<ChartSeries[]>(
    () => [
      { key: 'tokens_per_rtt', label: 'tokens consumed per RTT', shape: 'line', color: colors.tokens, ...tv(get(focus, 'tokens_per_rtt')) },
      { key: 'tokens_allowed_per_rtt', label: 'tokens allowed per RTT', shape: 'step', color: colors.allowed, dash: '7 5', ...tv(get(focus, 'tokens_allowed_per_rtt')) },
    ],
    [focus, colors],
  );
  const app = useMemo<ChartSeries[]>(
    () => [{ key: 'app_success_pct', label: 'playback reads that succeeded (cumulative)', shape: 'line', color: colors.app, ...tv(get(focus, 'app_success_pct')) }],
    [focus, colors],
  );

  const jainRun = displayed.summary.jain_index;
  const jainText = typeof jainRun === 'number' && Number.isFinite(jainRun) ? jainRun.toFixed(3) : '—';
  const traceSrtt = flows.find((f) => f.index === traceFlow)?.summary.mean_srtt_ms;

  return (
    <>
      <FlowLegend store={store} model={model} displayed={displayed} hiddenFlows={hiddenFlows} />
      <TimeChart testId="chart-cwnd" title="Congestion window of each flow" xLabel="time (s)" yLabel="window (segments)" series={cwnd} xMax={xMax} height={heights.main} showLegend={false} emptyText={shown.length ? 'no window in this run' : 'every flow is hidden'} />
      {rates.length > 0 && (
        <TimeChart testId="chart-rate" title="Sending rate of each rate-based flow: allowed (solid) and the equation's (dashed)" xLabel="time (s)" yLabel="rate (Mb/s)" series={rates} xMax={xMax} height={heights.other} showLegend={false} />
      )}
      <TimeChart testId="chart-throughput" title="Throughput of each flow and background group" xLabel="time (s)" yLabel="throughput (Mb/s)" series={throughput} xMax={xMax} height={heights.main} showLegend={false} />
      <TimeChart testId="chart-share" title={`Throughput share · Jain's index over the run ${jainText}`} xLabel="time (s)" yLabel="share of throughput (%)" series={share} xMax={xMax} yDomain={PCT} height={heights.other} showLegend={false} />
      <PathCharts displayed={displayed} model={model} flows={shownIndices} height={heights.other} multi />
      <TimeSeqChart ex={traced} durationS={xMax} height={heights.main} srttMs={typeof traceSrtt === 'number' ? traceSrtt : undefined} title={`Time–sequence of flow ${traceFlow + 1} (the traced flow)`} model={model} />
      <TimeChart testId="chart-tokens" title={`Tokens consumed per RTT · flow ${selectedFlow + 1}`} xLabel="time (s)" yLabel="tokens per RTT" series={tokens} xMax={xMax} height={heights.other} emptyText="no token-bucket samples for this flow (is its token bucket enabled?)" />
      <TimeChart testId="chart-app" title={`Application (playback) success · flow ${selectedFlow + 1}`} xLabel="time (s)" yLabel="successful reads (%)" series={app} xMax={xMax} yDomain={PCT} height={heights.other} emptyText="no playback reads for this flow" />
    </>
  );
}

function tv(s: { t: Float64Array; v: Float64Array }) {
  return { t: s.t, v: s.v };
}
