// The engine's packet trace (result.packet_trace, docs/engine-api.md) turned into what
// the packet animation draws: the path's links in the order the traced flow's data
// crosses them, each packet's time on each wire (start of transmission to arrival or
// loss at the far end), each queue's length over time, and the drops.
export const EVENT = { enqueue: 0, transmit: 1, arrive: 2, queueDrop: 3, errorDrop: 4, channelDrop: 5 } as const;

export interface TraceLinkDesc {
  id: number;
  name: string;
  direction: 'forward' | 'reverse' | string;
  rate_mbps: number;
  delay_ms: number;
}

export interface PacketTraceDesc {
  from_s: number;
  to_s: number;
  count: number;
  truncated: boolean;
  offset: number;
  links: TraceLinkDesc[];
}

/** One packet's crossing of one wire, [start, end]; `lost`: it never arrived. */
export interface Crossing {
  start: number;
  end: number;
  feedback: boolean;
  flow: number;
  seq: number;
  lost: boolean;
}

export interface Drop {
  t: number;
  /** 'queue': refused by the queue; 'wire': lost at the far end (error model, channel). */
  where: 'queue' | 'wire';
  feedback: boolean;
  seq: number;
}

export interface LinkTrack {
  link: TraceLinkDesc;
  crossings: Crossing[];
  /** Queue length (packets) from queueT[i] on, as a step function. */
  queueT: number[];
  queueN: number[];
  maxQueue: number;
  drops: Drop[];
}

export interface PathTrace {
  from: number;
  to: number;
  truncated: boolean;
  /** The data direction, sender to receiver, and the same links' ACK direction. */
  forward: LinkTrack[];
  reverse: LinkTrack[];
}

/** Where a packet is on its wire at time t: the fraction of the link covered (0 at the
 * sender's side, 1 at the far end), or null when it is not on this wire then. */
export function wireFraction(c: Pick<Crossing, 'start' | 'end'>, t: number): number | null {
  if (t < c.start || t > c.end) return null;
  if (c.end <= c.start) return 1;
  return (t - c.start) / (c.end - c.start);
}

/** The queue length at time t (the last step at or before t). */
export function queueAt(track: Pick<LinkTrack, 'queueT' | 'queueN'>, t: number): number {
  let lo = 0;
  let hi = track.queueT.length - 1;
  if (hi < 0 || t < track.queueT[0]) return track.queueN.length ? baseline(track) : 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (track.queueT[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return track.queueN[lo];
}

function baseline(track: Pick<LinkTrack, 'queueT' | 'queueN'>): number {
  return track.queueN[0] ?? 0;
}

interface RawEvent {
  t: number;
  link: number;
  event: number;
  feedback: boolean;
  flow: number;
  seq: number;
}

function readEvents(d: PacketTraceDesc, columns: Float64Array): RawEvent[] {
  const n = d.count;
  const out: RawEvent[] = [];
  if (d.offset + 6 * n > columns.length) return out;
  for (let i = 0; i < n; i++) {
    const col = (k: number) => columns[d.offset + k * n + i];
    out.push({ t: col(0), link: col(1), event: col(2), feedback: col(3) !== 0, flow: col(4), seq: col(5) });
  }
  return out;
}

function buildTrack(link: TraceLinkDesc, events: RawEvent[], from: number): LinkTrack {
  const crossings: Crossing[] = [];
  const drops: Drop[] = [];
  const onWire: RawEvent[] = []; // transmitted, not yet at the far end (the wire is FIFO)
  const delay = link.delay_ms / 1e3;
  // Packets already on the wire when the window opened: their start is estimated from
  // the link's typical crossing time.
  const durations: number[] = [];
  const early: RawEvent[] = [];
  const qT: number[] = [];
  const qDelta: number[] = [];
  for (const e of events) {
    if (e.event === EVENT.enqueue) {
      qT.push(e.t);
      qDelta.push(1);
    } else if (e.event === EVENT.transmit) {
      qT.push(e.t);
      qDelta.push(-1);
      onWire.push(e);
    } else if (e.event === EVENT.queueDrop) {
      qT.push(e.t);
      qDelta.push(-1);
      drops.push({ t: e.t, where: 'queue', feedback: e.feedback, seq: e.seq });
    } else {
      const lost = e.event !== EVENT.arrive;
      if (lost) drops.push({ t: e.t, where: 'wire', feedback: e.feedback, seq: e.seq });
      const head = onWire[0];
      // A far-end event before its transmission could cross the link belongs to a
      // packet sent before the window.
      if (head && head.feedback === e.feedback && head.seq === e.seq && e.t - head.t >= delay - 1e-12) {
        onWire.shift();
        crossings.push({ start: head.t, end: e.t, feedback: e.feedback, flow: e.flow, seq: e.seq, lost });
        durations.push(e.t - head.t);
      } else {
        early.push({ ...e, event: lost ? 1 : 0 });
      }
    }
  }
  durations.sort((a, b) => a - b);
  const typical = durations.length ? durations[durations.length >> 1] : delay;
  for (const e of early) {
    crossings.push({
      start: Math.max(from, e.t - typical),
      end: e.t,
      feedback: e.feedback,
      flow: e.flow,
      seq: e.seq,
      lost: e.event === 1,
    });
  }
  // Still on the wire when the window closed: drawn to the expected arrival.
  for (const e of onWire)
    crossings.push({ start: e.t, end: e.t + typical, feedback: e.feedback, flow: e.flow, seq: e.seq, lost: false });
  crossings.sort((a, b) => a.start - b.start);
  // The queue held some packets already when the window opened: the least that keeps
  // the length from going negative.
  let run = 0;
  let min = 0;
  for (const d of qDelta) {
    run += d;
    min = Math.min(min, run);
  }
  const queueT = [from];
  const queueN = [min === 0 ? 0 : -min];
  let n = queueN[0];
  let maxQueue = n;
  for (let i = 0; i < qT.length; i++) {
    n += qDelta[i];
    maxQueue = Math.max(maxQueue, n);
    if (qT[i] === queueT[queueT.length - 1]) queueN[queueN.length - 1] = n;
    else {
      queueT.push(qT[i]);
      queueN.push(n);
    }
  }
  return { link, crossings, queueT, queueN, maxQueue, drops };
}

/** The trace along flow `flow`'s path; null when the result has no trace. */
export function pathTrace(
  result: Record<string, unknown>,
  columns: Float64Array | undefined,
  flow = 0,
): PathTrace | null {
  const d = result.packet_trace as PacketTraceDesc | undefined;
  if (!d || !columns) return null;
  const events = readEvents(d, columns);
  // The flow's data links, in the order its first traced segment reached them.
  const firstSeen = new Map<number, number>();
  let probeSeq: number | null = null;
  for (const e of events) {
    if (e.flow !== flow || e.feedback || e.event !== EVENT.enqueue) continue;
    if (probeSeq === null) probeSeq = e.seq;
    if (!firstSeen.has(e.link)) firstSeen.set(e.link, e.seq === probeSeq ? e.t : Infinity);
  }
  const forwardIds = [...firstSeen.keys()].sort((a, b) => firstSeen.get(a)! - firstSeen.get(b)! || a - b);
  const byLink = new Map<number, RawEvent[]>();
  for (const e of events) {
    const list = byLink.get(e.link);
    if (list) list.push(e);
    else byLink.set(e.link, [e]);
  }
  const track = (id: number) => buildTrack(d.links[id], byLink.get(id) ?? [], d.from_s);
  const forward = forwardIds.map(track);
  const reverse = forwardIds.map((id) => {
    const twin = d.links.find((l) => l.name === d.links[id].name && l.direction !== d.links[id].direction);
    return twin ? track(twin.id) : buildTrack({ ...d.links[id], direction: 'reverse' }, [], d.from_s);
  });
  return { from: d.from_s, to: d.to_s, truncated: d.truncated, forward, reverse };
}

/** Every drop on the path, in time order. */
export function pathDrops(p: PathTrace): number[] {
  return [...p.forward, ...p.reverse].flatMap((l) => l.drops.map((d) => d.t)).sort((a, b) => a - b);
}

/** The default window: from 0.2 s before the first fast retransmit to one RTT after;
 * the first second when there is none. Never longer than the engine allows (5 s). */
export function recoveryWindow(fastRetransmits: ArrayLike<number>, rttS: number, durationS: number): [number, number] {
  if (fastRetransmits.length === 0) return [0, Math.min(1, durationS)];
  const t = fastRetransmits[0];
  const from = Math.max(0, t - 0.2);
  const to = Math.min(durationS, t + Math.max(rttS, 0.01), from + 5);
  return [from, to];
}
