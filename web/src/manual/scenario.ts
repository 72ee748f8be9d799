// The manual mode's own scenario (issue 19, finding 2.4). On the default scenario the
// flow is held back by its token bucket and no queue ever builds, so a bigger window
// always wins. Here the window alone limits the flow, nothing is lost on the way, and
// the bottleneck is small enough for a few presses to matter: 4 Mb/s and 20 ms one way
// (a base RTT of about 42 ms, so a pipe of about 20 segments) with a drop-tail buffer
// of 32 packets (about 1.5 BDP). The student's 10 segments half fill the pipe; one ×2
// fills it; two more build the queue (delay, no goodput); a third overflows the
// buffer. Power (goodput ÷ RTT, score.ts) is best near one BDP.
//
// It is applied when a flow's protocol is switched to the manual control (store
// setValue), as one change: the link then carries these values, so it reproduces the
// run. A link that already names the manual control opens exactly what it says.
import { itemPath, valueOf, type ParamModel, type Values } from '../model/params/params';
import type { ParamValue } from '../engine/types';

export const MANUAL_PROTOCOL = 'manual';

/** The path's settings (every flow crosses the bottleneck). */
export const MANUAL_TOPOLOGY: Readonly<Record<string, ParamValue>> = {
  'topology.bottleneck.rate_mbps': 4,
  'topology.bottleneck.delay_ms': 20,
  'topology.bottleneck.queue': 'drop_tail',
  'topology.bottleneck.queue_packets': 32,
  // The buffer in packets above, not sized in BDPs.
  'topology.bottleneck.queue_bdp': 0,
};

/** The manual flow's own settings: no random loss (only the queue drops), an
 * unlimited bulk transfer with no token bucket (the window alone limits it). */
export const MANUAL_FLOW: Readonly<Record<string, ParamValue>> = {
  '.channel.forward.model': 'none',
  '.channel.reverse.model': 'none',
  '.app.token_bucket.enabled': false,
  '.app.size_bytes': 0,
};

/** The values after setting `path` to `value`: with the manual scenario applied when
 * this switches a flow's protocol to the manual control; null when it does not (a
 * plain change). Paths the engine's schema does not have are left out. */
export function enterManual(model: ParamModel, values: Values, path: string, value: ParamValue): Values | null {
  const m = /^flows\[(\d+)\]\.protocol$/.exec(path);
  if (!m || value !== MANUAL_PROTOCOL || valueOf(model, values, path) === MANUAL_PROTOCOL) return null;
  const flow = Number(m[1]);
  const out: Values = { ...values, [path]: value };
  const set = (p: string, v: ParamValue) => {
    if (model.byPath.has(p)) out[p] = v;
  };
  for (const [p, v] of Object.entries(MANUAL_TOPOLOGY)) set(p, v);
  for (const [rest, v] of Object.entries(MANUAL_FLOW)) set(itemPath('flows', flow, rest), v);
  return out;
}

/** The pipe of flow `flow`'s path in segments (its bandwidth-delay product: the
 * bottleneck rate × the base RTT, in packets of its MSS plus headers), or NaN when a
 * figure is missing. */
export function pipeSegments(model: ParamModel, values: Values, flow: number, baseRttMs: number | undefined): number {
  const rate = Number(valueOf(model, values, 'topology.bottleneck.rate_mbps'));
  const mss = Number(valueOf(model, values, itemPath('flows', flow, '.tcp.mss_bytes')));
  const header = Number(valueOf(model, values, itemPath('flows', flow, '.tcp.header_bytes')) ?? 0);
  if (!(rate > 0) || !(mss > 0) || baseRttMs === undefined || !(baseRttMs > 0)) return NaN;
  return (rate * 1e6 * (baseRttMs / 1000)) / (8 * (mss + (header > 0 ? header : 0)));
}
