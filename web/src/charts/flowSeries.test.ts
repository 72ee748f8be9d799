import { describe, expect, it } from 'vitest';
import { focusFlow, stackedShares } from './flowSeries';
import { extractSeries } from './series';

const f64 = (a: number[]) => Float64Array.from(a);

describe('throughput share', () => {
  it('stacks each part as a percentage of the bin total, matching bins by time', () => {
    const s = stackedShares([
      { key: 'a', t: f64([1, 2, 3]), v: f64([3, 1, 0]) },
      { key: 'b', t: f64([2, 3]), v: f64([3, 0]) }, // started later: no bin at t=1
    ]);
    expect([...s.t]).toEqual([1, 2, 3]);
    expect([...s.parts[0].base]).toEqual([0, 0, 0]);
    expect([...s.parts[0].top]).toEqual([100, 25, 0]);
    expect([...s.parts[1].base]).toEqual([100, 25, 0]);
    expect([...s.parts[1].top]).toEqual([100, 100, 0]); // an empty bin stays 0, never NaN
  });

  it('ignores NaN and negative samples', () => {
    const s = stackedShares([
      { key: 'a', t: f64([1]), v: f64([NaN]) },
      { key: 'b', t: f64([1]), v: f64([-2]) },
      { key: 'c', t: f64([1]), v: f64([5]) },
    ]);
    expect(s.parts.map((p) => p.top[0])).toEqual([0, 0, 100]);
  });
});

describe('one flow under the bare names', () => {
  it("puts flow 2's series where single-flow charts read, keeping the run's", () => {
    const descs = [
      { name: 'cwnd', scope: 'flow', index: 0, key: 'flows[0].cwnd', offset: 0, length: 1 },
      { name: 'cwnd', scope: 'flow', index: 2, key: 'flows[2].cwnd', offset: 2, length: 1 },
      { name: 'seq_sent', scope: 'flow', index: 0, key: 'flows[0].seq_sent', offset: 4, length: 1 },
      { name: 'queue', scope: 'link', index: -1, key: 'links.bottleneck.queue', offset: 6, length: 1 },
    ];
    const ex = extractSeries(descs, f64([0, 10, 0, 20, 0, 30, 0, 40]));
    expect(ex.byName.get('cwnd')?.v[0]).toBe(10);
    const two = focusFlow(ex, 2);
    expect(two.byName.get('cwnd')?.v[0]).toBe(20);
    expect(two.byName.has('seq_sent')).toBe(false); // flow 0's trace is not flow 2's
    expect(two.byName.get('queue')?.v[0]).toBe(40);
    expect(focusFlow(ex, 0)).toBe(ex);
  });
});
