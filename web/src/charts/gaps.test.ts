import { describe, expect, it } from 'vitest';
import { sampleGapS } from './gaps';

describe('sampleGapS', () => {
  it('is below a timeout-long silence and above the spacing of ordinary samples', () => {
    // RTT samples of ~40 ms every 1 ms, with a 1.2 s silence (a retransmission timeout).
    const t: number[] = [];
    for (let i = 0; i < 2000; i++) t.push(i * 0.001 + (i >= 1000 ? 1.2 : 0));
    const v = t.map(() => 40);
    const g = sampleGapS(Float64Array.from(t), Float64Array.from(v));
    expect(g).toBeGreaterThan(0.001 * 8 - 1e-12);
    expect(g).toBeGreaterThanOrEqual(0.08); // two RTTs
    expect(g).toBeLessThan(1.2);
  });

  it('does not break slow start, whose ACKs come in bursts less than an RTT apart', () => {
    // Bursts of 10 samples 0.1 ms apart, once per 40 ms RTT.
    const t: number[] = [];
    for (let r = 0; r < 50; r++) for (let k = 0; k < 10; k++) t.push(r * 0.04 + k * 0.0001);
    const g = sampleGapS(Float64Array.from(t), Float64Array.from(t.map(() => 40)));
    expect(g).toBeGreaterThan(0.04);
  });

  it('never breaks when there are too few samples to tell', () => {
    expect(sampleGapS(Float64Array.from([0, 1]), Float64Array.from([40, 40]))).toBe(Infinity);
  });
});
