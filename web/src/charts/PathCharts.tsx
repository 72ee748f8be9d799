// The path's side of the story (what a bufferbloat lesson shows): the bottleneck queue
// against its buffer limit, the bottleneck's utilization, and each flow's RTT samples
// against its base (propagation) RTT. The reference lines come from the result
// (result.links.bottleneck, result.flows[i].base_rtt_ms); the texts from the schema.
import { useMemo } from 'react';
import type { Displayed } from '../state/labState';
import type { ParamModel } from '../model/params';
import { PALETTE, flowColor } from './compareSeries';
import { explain } from './explain';
import { flowSeries, get } from './series';
import { TimeChart, type ChartSeries } from './TimeChart';

const PCT: [number, number] = [0, 100];
const LIMIT_COLOR = '#d62828';
const BASE_COLOR = '#444444';

/** A horizontal reference line at `value` over [0, xMax], as a two-point series. */
export function referenceLine(key: string, label: string, value: number, xMax: number, color: string): ChartSeries {
  return { key, label, shape: 'line', color, dash: '8 5', t: new Float64Array([0, xMax]), v: new Float64Array([value, value]) };
}

interface Props {
  displayed: Displayed;
  model?: ParamModel;
  /** The flows whose RTT samples are drawn (one colour per flow). */
  flows: number[];
  height: number;
  /** One flow: its own colours; several: the flow list's. */
  multi: boolean;
}

export function PathCharts({ displayed, model, flows, height, multi }: Props) {
  const ex = displayed.series;
  const xMax = displayed.durationS;
  const result = displayed.result;
  const link = result.links?.bottleneck;
  const xEnd = Number.isFinite(xMax) && xMax > 0 ? xMax : 1;

  const queue = useMemo<ChartSeries[]>(() => {
    const q = get(ex, 'queue');
    const out: ChartSeries[] = [
      { key: 'queue', label: 'bottleneck queue', shape: 'step', color: PALETTE[8], t: q.t, v: q.v, ...explain(model, 'queue', 'link') },
    ];
    if (link && Number.isFinite(link.queue_limit_packets)) {
      out.push({
        ...referenceLine('queue_limit', `buffer limit (${link.queue_limit_packets} packets)`, link.queue_limit_packets, xEnd, LIMIT_COLOR),
        help: 'The most packets the bottleneck buffer holds; an arrival beyond it is dropped (drop-tail)',
        source: 'RFC 7567 §1',
      });
    }
    return out;
  }, [ex, link, xEnd, model]);

  const utilization = useMemo<ChartSeries[]>(() => {
    const u = get(ex, 'utilization');
    return [{ key: 'utilization', label: 'bottleneck utilization', shape: 'line', color: '#2a9d4b', t: u.t, v: u.v, ...explain(model, 'utilization', 'link') }];
  }, [ex, model]);

  const rtt = useMemo<ChartSeries[]>(() => {
    const byFlow = new Map((result.flows ?? []).map((f) => [f.index, f]));
    const out: ChartSeries[] = [];
    const rttHelp = explain(model, 'rtt_sample');
    for (const i of flows) {
      const s = flowSeries(ex, i, 'rtt_sample');
      const name = multi ? `flow ${i + 1} ` : '';
      out.push({ key: `flows[${i}].rtt_sample`, label: `${name}RTT samples`, shape: 'line', color: multi ? flowColor(i) : '#1f6fb2', t: s.t, v: s.v, ...rttHelp });
    }
    // The base RTTs, one line per distinct value (flows on one path share theirs).
    const bases = new Map<number, number[]>();
    for (const i of flows) {
      const b = byFlow.get(i)?.base_rtt_ms;
      if (typeof b === 'number' && Number.isFinite(b)) bases.set(b, [...(bases.get(b) ?? []), i]);
    }
    for (const [b, owners] of bases) {
      const whose = multi && bases.size > 1 ? ` of flow ${owners.map((i) => i + 1).join(', ')}` : '';
      out.push({
        ...referenceLine(`base_rtt:${b}`, `base RTT${whose} (${+b.toFixed(3)} ms)`, b, xEnd, multi && bases.size > 1 ? flowColor(owners[0]) : BASE_COLOR),
        help: "The path's propagation RTT: both directions' link delays, with no queueing; no sample can be below it",
        source: 'Brakmo & Peterson 1995, BaseRTT',
      });
    }
    return out;
  }, [ex, result.flows, flows, xEnd, multi, model]);

  return (
    <>
      <TimeChart testId="chart-queue" title="Bottleneck queue against its buffer limit" xLabel="time (s)" yLabel="queue (packets)" series={queue} xMax={xMax} height={height} />
      <TimeChart testId="chart-utilization" title="Bottleneck utilization (throughput over rate)" xLabel="time (s)" yLabel="utilization (%)" series={utilization} xMax={xMax} yDomain={PCT} height={height} emptyText="no utilization in this run" />
      <TimeChart testId="chart-rtt" title="RTT samples against the base RTT" xLabel="time (s)" yLabel="RTT (ms)" series={rtt} xMax={xMax} height={height} emptyText="no RTT samples in this run" />
    </>
  );
}
