// What a run is about to cost, estimated from its scenario before it starts, so the
// page can ask before a run it expects to keep the tab busy (issue G: a link at
// 10 Gb/s for 600 s ran for minutes with no word). A ceiling, not a prediction (on the
// presets' runs the real count is from 1/2000 of it, a lossy path, to 2.3 times it, many
// rate-based flows on a lossy dumbbell): each flow is taken to send, while it is on, as
// fast as every limit it has allows —
// its links, its token bucket, its receiver window over the propagation RTT, its
// transfer size — and all flows together no faster than the shared links. ACKs and
// timers are in EVENTS_PER_PACKET_HOP.
import type { ParamModel } from '../params/params';

/** Engine events per data packet and hop of its path, its ACK and timers included:
 * native runs at 20 s of bulk NewReno measured 9.1 per packet on a path (2 hops), 13.1
 * on a dumbbell and 11.3 on the wireless topology (3 hops); BBR 10, TFRC 6.4. Since
 * links leave out the end of a serialization on an idle wire (net/link.h) the reference
 * path takes 5.0 per packet: the estimate errs long, on the side of asking. */
export const EVENTS_PER_PACKET_HOP = 4;
/** The WASM engine's speed in a browser tab on a modest laptop (10–15 M events/s). */
export const EVENTS_PER_SECOND = 12e6;
/** Runs estimated to take longer than this ask first, as do runs their event budget
 * will cut: above the default budget's 4 s, so by default only runs that would be cut
 * ask, and this matters once someone raises max_events. */
export const ASK_ABOVE_S = 5;
/** A fixed-size transfer sends each segment at most this many times in the estimate
 * (retransmissions), however lossy its channel. */
const SENDS_PER_SEGMENT = 2;

export interface RunCost {
  packets: number;
  events: number;
  /** Wall time in the browser to run it all. */
  fullSeconds: number;
  /** Wall time in the browser up to its budget: what it will take. */
  seconds: number;
  /** The run's event budget (max_events): the run stops there. */
  budget: number;
  /** The estimate is beyond the budget: the run will stop early, marked partial. */
  overBudget: boolean;
}

type Doc = Record<string, unknown>;
const obj = (v: unknown): Doc => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : {});
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const rate = (link: unknown): number => num(obj(link).rate_mbps) ?? Infinity;
const delay = (link: unknown): number => num(obj(link).delay_ms) ?? 0;

/** The protocols bound by a window (TCP's family): a receiver window caps their rate at
 * one window per RTT. Rate-based ones (TFRC, RRTP, ...) are not, so they get no cap. */
export function windowedProtocols(model: ParamModel): Set<string> {
  return new Set(model.protocols.filter((p) => p.family === 'tcp').map((p) => p.name));
}

interface Sender {
  /** The flow's own rate ceiling in Mb/s. */
  mbps: number;
  packetBytes: number;
  /** Seconds it may send. */
  activeS: number;
  /** At most this many packets (a fixed-size transfer), else Infinity. */
  maxPackets: number;
}

/** A sender's ceiling from its host's link, its receiver window and token bucket. */
function senderOf(item: Doc, topology: Doc, duration: number, windowed: ReadonlySet<string>): Sender {
  const kind = topology.kind ?? 'path';
  const tcp = obj(item.tcp);
  const mss = num(tcp.mss_bytes) ?? 1000;
  const packetBytes = mss + (num(tcp.header_bytes) ?? 40);
  // The links only this sender's packets cross, and the propagation RTT (a floor:
  // queueing only slows a window down).
  const own = kind === 'dumbbell' ? [item.access] : kind === 'wireless_last_hop' ? [item.last_hop] : [];
  const path =
    kind === 'dumbbell' ? [item.access, topology.bottleneck] : [topology.access, topology.bottleneck, ...own];
  let mbps = Math.min(...own.map(rate), Infinity);
  const rttS = (2 * path.reduce((sum: number, l) => sum + delay(l), 0)) / 1000;
  const window = num(tcp.max_window_segments);
  if (windowed.has(String(item.protocol)) && window !== undefined && rttS > 0) {
    mbps = Math.min(mbps, (window * packetBytes * 8) / rttS / 1e6);
  }
  const bucket = obj(obj(item.app).token_bucket);
  const intervalMs = num(bucket.interval_ms) ?? 0;
  if (bucket.enabled === true && intervalMs > 0) {
    const bytes = (num(bucket.tokens_per_interval) ?? 0) * (num(bucket.token_bytes) ?? 0);
    mbps = Math.min(mbps, (bytes * 8) / (intervalMs * 1e3));
  }
  const start = Math.min(Math.max(num(item.start_s) ?? 0, 0), duration);
  const stop = num(item.stop_s) ?? 0;
  const end = stop > start ? Math.min(stop, duration) : duration;
  const size = num(obj(item.app).size_bytes) ?? 0;
  const maxPackets = size > 0 ? SENDS_PER_SEGMENT * Math.ceil(size / mss) : Infinity;
  return { mbps, packetBytes, activeS: Math.max(0, end - start), maxPackets };
}

/** Background groups as senders: `count` bulk flows (ftp) from their earliest start, or
 * `count` web users each asking for a mean response per think time (http). */
function backgroundSenders(group: Doc, topology: Doc, duration: number, windowed: ReadonlySet<string>): Sender[] {
  const count = Math.max(0, Math.floor(num(group.count) ?? 0));
  const one = senderOf({ ...group, start_s: group.start_min_s, stop_s: 0 }, topology, duration, windowed);
  if (group.kind === 'http') {
    const think = num(group.think_mean_s) ?? 0;
    const size = num(group.size_mean_bytes) ?? 0;
    if (think > 0) one.mbps = Math.min(one.mbps, (size * 8) / think / 1e6);
  }
  return Array.from({ length: count }, () => one);
}

/** The estimate for one scenario (the JSON the engine runs); `windowed` names the
 * protocols a receiver window caps (windowedProtocols), none when not given. */
export function estimateRunCost(scenarioJson: string, windowed: ReadonlySet<string> = new Set()): RunCost | null {
  let doc: Doc;
  try {
    doc = obj(JSON.parse(scenarioJson));
  } catch {
    return null;
  }
  const duration = num(doc.duration_s) ?? 0;
  const topology = obj(doc.topology);
  const flows = Array.isArray(doc.flows) ? doc.flows.map(obj) : [];
  const background = Array.isArray(doc.background) ? doc.background.map(obj) : [];
  const senders = [
    ...flows.map((f) => senderOf(f, topology, duration, windowed)),
    ...background.flatMap((g) => backgroundSenders(g, topology, duration, windowed)),
  ];
  if (duration <= 0 || senders.length === 0) return null;
  // Every packet crosses the bottleneck (and on a path or a wireless topology the shared
  // access link): no sender is faster, and all together carry no more than those do in
  // the whole run, in the smallest packets.
  const shared = Math.min(rate(topology.bottleneck), topology.kind === 'dumbbell' ? Infinity : rate(topology.access));
  let packets = 0;
  for (const s of senders) {
    packets += Math.min((Math.min(s.mbps, shared) * 1e6 * s.activeS) / (8 * s.packetBytes), s.maxPackets);
  }
  const smallest = Math.min(...senders.map((s) => s.packetBytes));
  packets = Math.min(packets, (shared * 1e6 * duration) / (8 * smallest));
  if (!Number.isFinite(packets)) return null;
  const hops = topology.kind === 'dumbbell' || topology.kind === 'wireless_last_hop' ? 3 : 2;
  const events = packets * EVENTS_PER_PACKET_HOP * hops;
  const budget = num(doc.max_events) ?? Infinity;
  const seconds = Math.min(events, budget) / EVENTS_PER_SECOND;
  return { packets, events, fullSeconds: events / EVENTS_PER_SECOND, seconds, budget, overBudget: events > budget };
}

/** Whether to ask before this run: it is long, or its budget will cut it short. */
export function asksFirst(cost: RunCost | null): cost is RunCost {
  return cost !== null && (cost.seconds > ASK_ABOVE_S || cost.overBudget);
}
