import { describe, expect, it } from 'vitest';
import { EVENT, pathDrops, pathTrace, queueAt, recoveryWindow, wireFraction } from './trace';

// A packet trace buffer as the engine lays it out: six blocks of `count` values.
function traceResult(events: [number, number, number, number, number, number][], from = 0, to = 1) {
  const n = events.length;
  const columns = new Float64Array(6 * n);
  events.forEach((e, i) => e.forEach((v, k) => (columns[k * n + i] = v)));
  const links = [
    { id: 0, name: 'access', direction: 'forward', rate_mbps: 100, delay_ms: 1 },
    { id: 1, name: 'access', direction: 'reverse', rate_mbps: 100, delay_ms: 1 },
    { id: 2, name: 'bottleneck', direction: 'forward', rate_mbps: 10, delay_ms: 20 },
    { id: 3, name: 'bottleneck', direction: 'reverse', rate_mbps: 10, delay_ms: 20 },
  ];
  return {
    result: { packet_trace: { from_s: from, to_s: to, count: n, truncated: false, offset: 0, links } },
    columns,
  };
}

const { enqueue, transmit, arrive, queueDrop, channelDrop } = EVENT;

describe('wireFraction', () => {
  it('puts a packet at the share of its crossing time elapsed', () => {
    const c = { start: 1.0, end: 1.02 };
    expect(wireFraction(c, 1.0)).toBe(0);
    expect(wireFraction(c, 1.005)).toBeCloseTo(0.25, 12);
    expect(wireFraction(c, 1.015)).toBeCloseTo(0.75, 12);
    expect(wireFraction(c, 1.02)).toBe(1);
    expect(wireFraction(c, 0.999)).toBeNull();
    expect(wireFraction(c, 1.021)).toBeNull();
  });
});

describe('pathTrace', () => {
  // Segment 0 crosses access then bottleneck; segment 1000 is dropped by the
  // bottleneck queue; segment 2000 is lost at the bottleneck's far end; one ACK back.
  const { result, columns } = traceResult([
    [0.1, 2, enqueue, 0, 0, 0], // bottleneck first in the buffer: order comes from times
    [0.0, 0, enqueue, 0, 0, 0],
    [0.0, 0, transmit, 0, 0, 0],
    [0.0, 0, enqueue, 0, 0, 1000],
    [0.0011, 0, arrive, 0, 0, 0],
    [0.0011, 0, transmit, 0, 0, 1000],
    [0.0022, 0, arrive, 0, 0, 1000],
    [0.1, 2, transmit, 0, 0, 0],
    [0.1001, 2, enqueue, 0, 0, 1000],
    [0.1001, 2, queueDrop, 0, 0, 1000],
    [0.1002, 2, enqueue, 0, 0, 2000],
    [0.1011, 2, transmit, 0, 0, 2000],
    [0.1211, 2, arrive, 0, 0, 0],
    [0.1222, 2, channelDrop, 0, 0, 2000],
    [0.2, 3, enqueue, 1, 0, 0],
    [0.2, 3, transmit, 1, 0, 0],
    [0.2201, 3, arrive, 1, 0, 0],
  ]);
  const p = pathTrace(result, columns)!;

  it('orders the data links the way the flow crosses them and pairs the ACK lane', () => {
    expect(p.forward.map((l) => l.link.id)).toEqual([0, 2]);
    expect(p.reverse.map((l) => l.link.id)).toEqual([1, 3]);
  });

  it('gives each crossing its transmission start and far-end time', () => {
    const bottleneck = p.forward[1];
    expect(bottleneck.crossings.map((c) => [c.start, c.end, c.seq, c.lost])).toEqual([
      [0.1, 0.1211, 0, false],
      [0.1011, 0.1222, 2000, true],
    ]);
    // Half way across: half way along the wire.
    expect(wireFraction(bottleneck.crossings[0], (0.1 + 0.1211) / 2)).toBeCloseTo(0.5, 12);
    expect(p.reverse[1].crossings).toEqual([{ start: 0.2, end: 0.2201, feedback: true, flow: 0, seq: 0, lost: false }]);
  });

  it('tracks the queue length and the drops where they happened', () => {
    const bottleneck = p.forward[1];
    expect(queueAt(bottleneck, 0.05)).toBe(0);
    expect(queueAt(bottleneck, 0.10005)).toBe(0);
    expect(queueAt(bottleneck, 0.1003)).toBe(1); // 2000 waits behind 0
    expect(queueAt(bottleneck, 0.102)).toBe(0);
    expect(bottleneck.drops.map((d) => [d.t, d.where, d.seq])).toEqual([
      [0.1001, 'queue', 1000],
      [0.1222, 'wire', 2000],
    ]);
    expect(pathDrops(p)).toEqual([0.1001, 0.1222]);
  });

  it('counts packets queued before the window opened', () => {
    const { result: r, columns: c } = traceResult(
      [
        [0.5, 0, transmit, 0, 0, 0],
        [0.5, 0, enqueue, 0, 0, 5000],
        [0.51, 0, transmit, 0, 0, 1000],
        [0.52, 0, transmit, 0, 0, 2000],
      ],
      0.5,
      1,
    );
    const track = pathTrace(r, c)!.forward[0];
    expect(queueAt(track, 0.5)).toBe(2);
    expect(queueAt(track, 0.515)).toBe(1);
    expect(queueAt(track, 0.53)).toBe(0);
  });

  it('is null without a trace', () => {
    expect(pathTrace({}, new Float64Array(0))).toBeNull();
  });
});

describe('recoveryWindow', () => {
  it('spans 0.2 s before the first fast retransmit to one RTT after', () => {
    const [from, to] = recoveryWindow([1.5, 3], 0.12, 20);
    expect(from).toBeCloseTo(1.3, 12);
    expect(to).toBeCloseTo(1.62, 12);
    expect(recoveryWindow([0.1], 0.05, 20)[0]).toBe(0);
    expect(recoveryWindow([], 0.05, 0.5)).toEqual([0, 0.5]);
  });
});
