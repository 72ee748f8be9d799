// The live charts (cwnd, time–sequence, tokens, playback). Data comes from the store's last displayed result; after they
// have drawn it, the page sets a performance mark (plab:redrawn) and the measure
// plab:input->redrawn, which the browser benchmark reads.
import { isPartial, PartialMark } from '../components/PartialMark';
import { memo, useEffect, useMemo, useState } from 'react';
import type { Displayed, LabStore } from '../state/store';
import type { ParamModel } from '../model/params';
import { FlowCharts } from './FlowCharts';
import { MARK_INPUT, MARK_REDRAWN, MARK_RESULT, MEASURE_INPUT_TO_REDRAWN, MEASURE_RESULT_TO_REDRAWN } from '../state/store';
import { get } from './series';
import { declaredSeries } from '../model/protocolSeries';
import { TimeChart, type ChartSeries } from './TimeChart';
import { TimeSeqChart } from './TimeSeqChart';
import { PALETTES, usePalette } from './palette';
import { useDisplay } from '../present/display';
import { PathCharts } from './PathCharts';
import { explain } from './explain';

const PCT_DOMAIN: [number, number] = [0, 100];
const ONE_FLOW = [0];

/** The standard palette's colours (palette.ts holds both palettes). */
export const COLORS = PALETTES.standard;

/** Chart heights that let all three charts share one projector screen (1080 p) with
 * the header and summary; on small screens they keep a readable minimum and scroll.
 * Presentation and embed mode lay the charts out two by two (present.css) and size
 * them from the viewport, so all of them fit without scrolling. */
/** `charts`: how many charts share presentation mode's grid (more than four: four
 * columns, two compact rows). */
export function useChartHeights(charts = 4): { main: number; other: number } {
  const [vh, setVh] = useState(() => (typeof window === 'undefined' ? 1000 : window.innerHeight));
  const display = useDisplay();
  useEffect(() => {
    const on = () => setVh(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  if (display.embed || display.present) {
    const h = gridChartHeight(vh, display, charts);
    return { main: h, other: h };
  }
  const other = Math.round(Math.min(340, Math.max(210, (vh - 400) / 3.3)));
  return { main: Math.round(other * 1.3), other };
}

/** One chart's plot height in presentation mode's two-by-two grid (or embed mode's one
 * row of the two main charts, under the compare view's legend): the viewport less the chrome above the grid
 * (present.css keeps it within these budgets), per row, less each figure's caption. */
export function gridChartHeight(vh: number, display: { present: boolean; embed: boolean }, charts = 4): number {
  if (display.embed) return Math.max(120, Math.floor(vh - 160));
  // Seven charts (with the path's three) sit four to a row: narrower figures whose titles
  // and legends take two lines, under the play bar as well.
  if (charts > 4) return Math.max(120, Math.floor((vh - 300) / 2 - 190));
  return Math.max(120, Math.floor((vh - 230) / 2 - 90));
}

/** A run with more than one flow, or with background traffic, gets the many-flow charts. */
export function isMultiFlow(displayed: Displayed | undefined): boolean {
  const r = displayed?.result;
  return !!r && ((r.flows?.length ?? 0) > 1 || (r.groups?.length ?? 0) > 0);
}

export interface ChartsProps {
  displayed?: Displayed;
  stale: boolean;
  store: LabStore;
  model?: ParamModel;
  hiddenFlows: number[];
  selectedFlow: number;
  traceFlow: number;
}

export const Charts = memo(function Charts({ displayed, stale, store, model, hiddenFlows, selectedFlow, traceFlow }: ChartsProps) {
  // The window, time-sequence, tokens and playback charts, and the path's three.
  const heights = useChartHeights(displayed ? 7 : 4);
  const COLORS = usePalette();
  const ex = displayed?.series;
  const xMax = displayed?.durationS;

  // Each series' explanation from the schema (help + source), by its declared name.
  const x = (name: string) => explain(model, name);
  const cwnd = useMemo<ChartSeries[]>(() => {
    if (!ex) return [];
    const all: ChartSeries[] = [
      { key: 'cwnd', label: 'cwnd', shape: 'step', color: COLORS.cwnd, ...x('cwnd'), ...tv(get(ex, 'cwnd')) },
      { key: 'ssthresh', label: 'ssthresh', shape: 'step', color: COLORS.ssthresh, dash: '7 5', yExtentCap: 2, ...x('ssthresh'), ...tv(get(ex, 'ssthresh')) },
      { key: 'fast_retransmit', label: 'fast retransmit', shape: 'triangle', color: COLORS.fastRetransmit, ...x('fast_retransmit'), ...tv(get(ex, 'fast_retransmit')) },
      { key: 'partial_ack', label: 'partial ACK', shape: 'diamond', color: COLORS.partialAck, ...x('partial_ack'), ...tv(get(ex, 'partial_ack')) },
      { key: 'timeout', label: 'timeout', shape: 'cross', color: COLORS.timeout, ...x('timeout'), ...tv(get(ex, 'timeout')) },
      { key: 'early_retransmit', label: 'early retransmit', shape: 'triangle', color: COLORS.earlyRetransmit, ...x('early_retransmit'), ...tv(get(ex, 'early_retransmit')) },
    ];
    // Only what the traced flow's protocol declares (model/protocolSeries.ts: no
    // ssthresh for BBR); early retransmits where the run has them (TCP-ER, SACK-ER,
    // Vegas, or a pairing with their recovery, which the protocol cannot declare).
    const result = displayed?.result;
    const declared = declaredSeries(model, (result?.flows?.[traceFlow] ?? result?.flows?.[0])?.protocol);
    return all.filter((s) => (s.key === 'early_retransmit' ? s.t.length > 0 : !declared || declared.has(s.key)));
  }, [ex, displayed, model, traceFlow, COLORS]);

  // A rate-based flow (TFRC): the rate it may send at, and the equation's at its loss
  // event rate; drawn when the run carries them.
  // A protocol without an equation (RRTP) draws none; what arrived is drawn beside both.
  const rate = useMemo<ChartSeries[]>(() => {
    if (!ex) return [];
    const allowed = get(ex, 'allowed_rate');
    if (allowed.t.length === 0) return [];
    const equation = get(ex, 'equation_rate');
    const out: ChartSeries[] = [{ key: 'allowed_rate', label: 'allowed rate', shape: 'step', color: COLORS.rate, ...x('allowed_rate'), ...tv(allowed) }];
    if (equation.t.length > 0)
      out.push({ key: 'equation_rate', label: "equation's rate", shape: 'line', color: COLORS.equation, dash: '6 4', ...x('equation_rate'), ...tv(equation) });
    out.push({ key: 'throughput', label: 'throughput (received)', shape: 'line', color: COLORS.throughput, ...x('throughput'), ...tv(get(ex, 'throughput')) });
    return out;
  }, [ex, model, COLORS]);
  const lossEventRate = useMemo<ChartSeries[]>(() => {
    if (!ex || rate.length === 0) return [];
    return [{ key: 'loss_event_rate', label: 'loss event rate', shape: 'step', color: COLORS.lossRate, ...x('loss_event_rate'), ...tv(get(ex, 'loss_event_rate')) }];
  }, [ex, rate.length, model, COLORS]);
  const hasEquation = rate.some((s) => s.key === 'equation_rate');

  const tokens = useMemo<ChartSeries[]>(() => {
    if (!ex) return [];
    return [
      { key: 'tokens_per_rtt', label: 'tokens consumed per RTT', shape: 'line', color: COLORS.tokens, ...x('tokens_per_rtt'), ...tv(get(ex, 'tokens_per_rtt')) },
      { key: 'tokens_allowed_per_rtt', label: 'tokens allowed per RTT', shape: 'step', color: COLORS.allowed, dash: '7 5', ...x('tokens_allowed_per_rtt'), ...tv(get(ex, 'tokens_allowed_per_rtt')) },
    ];
  }, [ex, model, COLORS]);

  const app = useMemo<ChartSeries[]>(() => {
    if (!ex) return [];
    return [{ key: 'app_success_pct', label: 'playback reads that succeeded (cumulative)', shape: 'line', color: COLORS.app, ...x('app_success_pct'), ...tv(get(ex, 'app_success_pct')) }];
  }, [ex, model, COLORS]);

  const id = displayed?.id ?? 0;
  useEffect(() => {
    if (!id) return;
    // Child effects (the draws) have run; wait for the frame that paints them.
    const raf = requestAnimationFrame(() => {
      performance.mark(MARK_REDRAWN, { detail: { runId: id } });
      for (const [measure, from] of [
        [MEASURE_INPUT_TO_REDRAWN, MARK_INPUT],
        [MEASURE_RESULT_TO_REDRAWN, MARK_RESULT],
      ]) {
        if (performance.getEntriesByName(from, 'mark').length > 0) performance.measure(measure, from, MARK_REDRAWN);
      }
      const section = document.querySelector('[data-testid="charts"]');
      section?.setAttribute('data-run-id', String(id));
      // The columns the charts draw, for end-to-end tests that check read-outs against them.
      if (section && ex) (section as HTMLElement & { plabSeries?: unknown }).plabSeries = ex;
    });
    return () => cancelAnimationFrame(raf);
  }, [id, ex]);

  const multi = isMultiFlow(displayed);
  return (
    <section className={`charts${stale ? ' stale' : ''}`} data-testid="charts" data-flows={displayed?.result.flows?.length ?? 1} aria-label="Charts">
      {displayed && isPartial(displayed.result) && <PartialMark result={displayed.result} what="the charts" testId="charts-partial" />}
      {multi && displayed ? (
        <FlowCharts store={store} model={model} displayed={displayed} hiddenFlows={hiddenFlows} selectedFlow={selectedFlow} traceFlow={traceFlow} heights={heights} />
      ) : (
        <>
      {rate.length > 0 ? (
        <TimeChart
          testId="chart-rate"
          title={hasEquation ? "Sending rate: allowed and the equation's" : 'Sending rate: allowed, and what arrived'}
          xLabel="time (s)"
          yLabel="rate (Mb/s)"
          series={rate}
          xMax={xMax}
          height={heights.main}
        />
      ) : (
        <TimeChart
          testId="chart-cwnd"
          title="Congestion window and ssthresh"
          xLabel="time (s)"
          yLabel="window (segments)"
          series={cwnd}
          xMax={xMax}
          height={heights.main}
        />
      )}
      {rate.length > 0 ? (
        // A rate-based flow has no segments and ACKs to trace: its loss (event) rate instead.
        <TimeChart
          testId="chart-loss-event-rate"
          title={hasEquation ? 'Loss event rate (what the equation is given)' : 'Loss rate the sender measures'}
          xLabel="time (s)"
          yLabel="loss rate"
          series={lossEventRate}
          xMax={xMax}
          height={heights.other}
          emptyText="no loss measured in this run"
        />
      ) : (
        <TimeSeqChart
          ex={ex}
          durationS={xMax}
          height={heights.main}
          srttMs={typeof displayed?.summary.mean_srtt_ms === 'number' ? displayed.summary.mean_srtt_ms : undefined}
          model={model}
        />
      )}
      {displayed && <PathCharts displayed={displayed} model={model} flows={ONE_FLOW} height={heights.other} multi={false} />}
      <TimeChart
        testId="chart-tokens"
        title="Tokens consumed per RTT"
        xLabel="time (s)"
        yLabel="tokens per RTT"
        series={tokens}
        xMax={xMax}
        height={heights.other}
        emptyText="no token-bucket samples in this run (is the token bucket enabled?)"
      />
      <TimeChart
        testId="chart-app"
        title="Application (playback) success"
        xLabel="time (s)"
        yLabel="successful reads (%)"
        series={app}
        xMax={xMax}
        yDomain={PCT_DOMAIN}
        height={heights.other}
        emptyText="no playback reads in this run"
      />
        </>
      )}
    </section>
  );
});

function tv(s: { t: Float64Array; v: Float64Array }) {
  return { t: s.t, v: s.v };
}
