// "You are the congestion control": the score of a run the student drove by hand, and
// the same scenario and seed with Reno's congestion control, side by side. Throughput
// is the flow's goodput; delay is its RTT samples (mean and 95th percentile) and the
// queueing delay above the path's base RTT (result.flows[i].base_rtt_ms), which is
// what a window larger than the pipe buys.
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
  return {
    goodputMbps: finiteOr(f.summary.goodput_mbps, 0),
    meanRttMs,
    p95RttMs: rtts.length ? quantile(rtts, 0.95) : meanRttMs,
    baseRttMs,
    queueingMs: Number.isFinite(baseRttMs) && Number.isFinite(meanRttMs) ? Math.max(0, meanRttMs - baseRttMs) : 0,
  };
}

/** One line: "you got 87 % of Reno's goodput at 12 ms less delay". Delay is the mean RTT. */
export function verdict(you: FlowScore, reno: FlowScore, renoLabel = 'Reno'): string {
  const share = reno.goodputMbps > 0 ? `${Math.round((100 * you.goodputMbps) / reno.goodputMbps)} %` : 'all';
  const dd = you.meanRttMs - reno.meanRttMs;
  if (!Number.isFinite(dd)) return `you got ${share} of ${renoLabel}'s goodput`;
  const ms = Math.abs(dd) < 10 ? Math.abs(dd).toFixed(1) : Math.abs(dd).toFixed(0);
  const delay = Number(ms) === 0 ? 'the same delay' : `${ms} ms ${dd < 0 ? 'less' : 'more'} delay`;
  return `you got ${share} of ${renoLabel}'s goodput at ${delay}`;
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
