// Where a sampled series (RTT samples: one per ACK that measures one) has no samples
// for a while, e.g. during a retransmission timeout, its line must break rather than
// join the last sample before the gap to the first after it with a straight line that
// shows values nobody measured.
import { kthSmallest } from './series';

/** Median of at most `max` evenly spread finite values from a (a cheap, stable
 * estimate for long series: the chart computes it on every frame while a run plays). */
function sampledMedian(a: ArrayLike<number>, max = 2048): number {
  const n = a.length;
  if (n === 0) return NaN;
  const step = Math.max(1, Math.floor(n / max));
  const out = new Float64Array(Math.ceil(n / step));
  let k = 0;
  for (let i = 0; i < n; i += step) if (Number.isFinite(a[i])) out[k++] = a[i];
  if (k === 0) return NaN;
  return kthSmallest(out.subarray(0, k), Math.floor((k - 1) / 2));
}

/** The gap (s) beyond which a line of samples breaks: `factor` times the median spacing
 * of the samples, and at least `rttFactor` times their median value (each value being
 * an RTT of `unitToS` seconds per unit): a whole round trip or more with no sample at
 * all means no ACK came back in it (a timeout, or the sender idle), whereas in slow
 * start ACKs come in bursts with quiet parts shorter than an RTT. Infinity (never
 * break) when there are too few samples to tell. */
export function sampleGapS(t: Float64Array, v: Float64Array, unitToS = 1e-3, factor = 8, rttFactor = 2): number {
  const n = Math.min(t.length, v.length);
  if (n < 3) return Infinity;
  const step = Math.max(1, Math.floor((n - 1) / 2048));
  const dts = new Float64Array(Math.ceil((n - 1) / step));
  let k = 0;
  for (let i = 1; i < n; i += step) dts[k++] = t[i] - t[i - 1];
  const dt = sampledMedian(dts.subarray(0, k));
  const rtt = sampledMedian(v.subarray(0, n)) * unitToS;
  const g = Math.max(factor * (dt > 0 ? dt : 0), rttFactor * (rtt > 0 ? rtt : 0));
  return g > 0 && Number.isFinite(g) ? g : Infinity;
}
