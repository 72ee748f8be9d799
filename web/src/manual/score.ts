// "You are the congestion control": the score of a run the student drove by hand, and
// the same scenario and seed with Reno's congestion control, side by side. Throughput
// is the flow's goodput; delay is its RTT samples (mean and 95th percentile) and the
// queueing delay above the path's base RTT (result.flows[i].base_rtt_ms), which is
// what a window larger than the pipe buys. The score is their ratio, power =
// throughput ÷ delay (Kleinrock 1979; the measure of the classic congestion-control
// contests): a bigger window raises it only while it adds goodput, and lowers it once
// the extra segments only wait in the queue, so its best is a window near the pipe's
// size (one bandwidth-delay product), not the largest one.
import { flowSeries, type Extracted } from '../charts/series';
import type { ResultDoc } from '../engine/types';
import { itemPath, valueOf, type ParamModel, type Values } from '../model/params/params';
import { isVisible, type VisibilityRule } from '../model/params/visibility';

/** The manual control's window, relative to the flow (declared live by the engine). */
export const MANUAL_WINDOW = '.manual.cwnd_segments';
/** What the student is measured against (RFC 5681): a protocol of the engine's schema. */
export const BASELINE_PROTOCOL = 'reno';

export interface FlowScore {
  goodputMbps: number;
  meanRttMs: number;
  p95RttMs: number;
  /** The path's propagation RTT; NaN when the result does not say. */
  baseRttMs: number;
  /** Mean RTT above the base RTT (0 when the base is unknown). */
  queueingMs: number;
  /** Power: goodput ÷ mean RTT, in kb/s per ms of RTT (= Mb/s per s); NaN when the
   * RTT is unknown. */
  power: number;
}

/** Goodput ÷ mean RTT in kb/s per ms; NaN without a positive RTT. */
export function power(goodputMbps: number, meanRttMs: number): number {
  return Number.isFinite(meanRttMs) && meanRttMs > 0 ? (1000 * goodputMbps) / meanRttMs : NaN;
}

/** The student's power over Reno's (1 = as good); NaN when either is unknown or Reno's is 0. */
export function powerRatio(you: FlowScore, reno: FlowScore): number {
  return Number.isFinite(you.power) && Number.isFinite(reno.power) && reno.power > 0 ? you.power / reno.power : NaN;
}

/** The q-quantile (0..1) of the values, nearest rank; NaN for none. */
export function quantile(values: ArrayLike<number>, q: number): number {
  const finite = Array.from(values)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (finite.length === 0) return NaN;
  const rank = Math.min(finite.length - 1, Math.max(0, Math.ceil(q * finite.length) - 1));
  return finite[rank];
}

function mean(values: ArrayLike<number>): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (Number.isFinite(values[i])) {
      sum += values[i];
      n++;
    }
  }
  return n === 0 ? NaN : sum / n;
}

function finiteOr(x: unknown, fallback: number): number {
  return typeof x === 'number' && Number.isFinite(x) ? x : fallback;
}

/** Flow `flow`'s score from a whole result and its series; null when the result has no
 * such flow. The RTT comes from the RTT samples, or the SRTT series when there are none. */
export function scoreFlow(result: ResultDoc | undefined, series: Extracted, flow: number): FlowScore | null {
  if (!result || !result.ok) return null;
  const f = result.flows?.find((x) => x.index === flow);
  if (!f) return null;
  let rtts = flowSeries(series, flow, 'rtt_sample').v;
  if (rtts.length === 0) rtts = flowSeries(series, flow, 'srtt').v;
  const meanRttMs = rtts.length ? mean(rtts) : finiteOr(f.summary.mean_srtt_ms, NaN);
  const baseRttMs = finiteOr(f.base_rtt_ms, NaN);
  const goodputMbps = finiteOr(f.summary.goodput_mbps, 0);
  return {
    goodputMbps,
    meanRttMs,
    p95RttMs: rtts.length ? quantile(rtts, 0.95) : meanRttMs,
    baseRttMs,
    queueingMs: Number.isFinite(baseRttMs) && Number.isFinite(meanRttMs) ? Math.max(0, meanRttMs - baseRttMs) : 0,
    power: power(goodputMbps, meanRttMs),
  };
}

/** One line: "your power (goodput ÷ mean RTT) is 140 % of Reno's: 98 % of its goodput at
 * 35 ms less delay". Delay is the mean RTT. Without a power for both, the goodput and delay alone. */
export function verdict(you: FlowScore, reno: FlowScore, renoLabel = 'Reno'): string {
  const share = reno.goodputMbps > 0 ? `${Math.round((100 * you.goodputMbps) / reno.goodputMbps)} %` : 'all';
  const dd = you.meanRttMs - reno.meanRttMs;
  let delay = '';
  if (Number.isFinite(dd)) {
    const ms = Math.abs(dd) < 10 ? Math.abs(dd).toFixed(1) : Math.abs(dd).toFixed(0);
    delay = ` at ${Number(ms) === 0 ? 'the same delay' : `${ms} ms ${dd < 0 ? 'less' : 'more'} delay`}`;
  }
  const ratio = powerRatio(you, reno);
  if (!Number.isFinite(ratio)) return `you got ${share} of ${renoLabel}'s goodput${delay}`;
  return `your power (goodput ÷ mean RTT) is ${Math.round(100 * ratio)} % of ${renoLabel}'s: ${share} of its goodput${delay}`;
}

/** The concrete path of flow `flow`'s manual window when that flow runs the manual
 * control (the schema shows the parameter only for the protocols that use it), else null. */
export function manualWindowPath(
  model: ParamModel,
  rules: Map<string, VisibilityRule>,
  values: Values,
  flow: number,
): string | null {
  const path = itemPath('flows', flow, MANUAL_WINDOW);
  if (!model.byPath.has(path) || model.byPath.get(path)?.decl.live !== true) return null;
  return isVisible(path, rules, values) ? path : null;
}

/** The same experiment with flow `flow` on the baseline protocol; null when the engine
 * has no such protocol. */
export function baselineValues(model: ParamModel, values: Values, flow: number): Values | null {
  if (!model.protocols.some((p) => p.name === BASELINE_PROTOCOL)) return null;
  const path = itemPath('flows', flow, '.protocol');
  if (valueOf(model, values, path) === undefined) return null;
  return { ...values, [path]: BASELINE_PROTOCOL };
}
