import { describe, expect, test } from 'vitest';
import { extractSeries } from '../charts/series';
import type { ResultDoc } from '../engine/types';
import { power, powerRatio, quantile, scoreFlow, verdict, type FlowScore } from './score';

// One flow whose RTT samples are 100..119 ms over a 100 ms base RTT.
function result(goodput: number, rtts: number[], base = 100): { doc: ResultDoc; columns: Float64Array } {
  const n = rtts.length;
  const columns = new Float64Array([...rtts.map((_, i) => i * 0.1), ...rtts]);
  const doc: ResultDoc = {
    ok: true,
    summary: { goodput_mbps: goodput },
    series: [{ name: 'rtt_sample', key: 'flows[0].rtt_sample', scope: 'flow', index: 0, offset: 0, length: n }],
    flows: [{ index: 0, protocol: 'x', base_rtt_ms: base, summary: { goodput_mbps: goodput, mean_srtt_ms: 999 } }],
  };
  return { doc, columns };
}

describe('the manual control score', () => {
  test('quantile is the nearest rank and ignores non-finite values', () => {
    const v = Array.from({ length: 20 }, (_, i) => 100 + i);
    expect(quantile(v, 0.95)).toBe(118);
    expect(quantile(v, 0.5)).toBe(109);
    expect(quantile([NaN, 5, Infinity], 0.95)).toBe(5);
    expect(quantile([], 0.95)).toBeNaN();
  });

  test('goodput, mean and p95 RTT from the samples, queueing above the base RTT', () => {
    const rtts = Array.from({ length: 20 }, (_, i) => 100 + i);
    const { doc, columns } = result(3.5, rtts);
    const s = scoreFlow(doc, extractSeries(doc.ok ? doc.series : [], columns), 0)!;
    expect(s.goodputMbps).toBe(3.5);
    expect(s.meanRttMs).toBeCloseTo(109.5, 10);
    expect(s.p95RttMs).toBe(118);
    expect(s.baseRttMs).toBe(100);
    expect(s.queueingMs).toBeCloseTo(9.5, 10);
    // Power: 3.5 Mb/s over 109.5 ms = 3500 kb/s / 109.5 ms.
    expect(s.power).toBeCloseTo(3500 / 109.5, 10);
  });

  test('without samples the mean SRTT stands in; an unknown flow has no score', () => {
    const { doc } = result(2, []);
    const s = scoreFlow(doc, extractSeries([], new Float64Array()), 0)!;
    expect(s.meanRttMs).toBe(999);
    expect(s.p95RttMs).toBe(999);
    expect(scoreFlow(doc, extractSeries([], new Float64Array()), 3)).toBeNull();
    expect(scoreFlow({ ok: false, errors: [] }, extractSeries([], new Float64Array()), 0)).toBeNull();
  });

  test('power is goodput over mean RTT; no RTT, no power', () => {
    expect(power(4, 50)).toBe(80);
    expect(power(4, 0)).toBeNaN();
    expect(power(4, NaN)).toBeNaN();
    const a: FlowScore = { goodputMbps: 4, meanRttMs: 50, p95RttMs: 60, baseRttMs: 42, queueingMs: 8, power: 80 };
    expect(powerRatio(a, { ...a, power: 40 })).toBe(2);
    expect(powerRatio(a, { ...a, power: 0 })).toBeNaN();
    expect(powerRatio({ ...a, power: NaN }, a)).toBeNaN();
  });

  test('a window past the pipe scores worse than one at it, though it moves more bytes', () => {
    // The manual scenario (scenario.ts; the engine's figures for a window held all run):
    // 4 Mb/s, a base RTT of 42 ms, a pipe of ~20 segments, a buffer of 32. At the pipe,
    // 20 segments: 3.61 Mb/s at 44.3 ms. Filling the buffer, 50: all of the rate, 3.84
    // Mb/s, at 103.8 ms. Reno: 3.54 Mb/s at 85.4 ms. By goodput alone the full buffer
    // "beats" Reno (108 %); by power it loses (89 %), and the pipe wins (196 %).
    const score = (goodputMbps: number, meanRttMs: number): FlowScore => ({
      goodputMbps,
      meanRttMs,
      p95RttMs: meanRttMs,
      baseRttMs: 42,
      queueingMs: meanRttMs - 42,
      power: power(goodputMbps, meanRttMs),
    });
    const pipe = score(3.608, 44.3);
    const full = score(3.837, 103.8);
    const reno = score(3.54, 85.4);
    expect(full.goodputMbps).toBeGreaterThan(pipe.goodputMbps);
    expect(full.goodputMbps).toBeGreaterThan(reno.goodputMbps);
    expect(pipe.power).toBeGreaterThan(full.power);
    expect(powerRatio(pipe, reno)).toBeGreaterThan(1);
    expect(powerRatio(full, reno)).toBeLessThan(1);
    expect(verdict(full, reno)).toBe(
      "your power (goodput ÷ mean RTT) is 89 % of Reno's: 108 % of its goodput at 18 ms more delay",
    );
    expect(verdict(pipe, reno)).toMatch(/^your power \(goodput ÷ mean RTT\) is 196 % of Reno's/);
  });

  test('the verdict says the power share, the goodput share and the delay difference', () => {
    const reno: FlowScore = {
      goodputMbps: 4,
      meanRttMs: 180,
      p95RttMs: 250,
      baseRttMs: 100,
      queueingMs: 80,
      power: power(4, 180),
    };
    const you = (goodputMbps: number, meanRttMs: number): FlowScore => ({
      ...reno,
      goodputMbps,
      meanRttMs,
      power: power(goodputMbps, meanRttMs),
    });
    expect(verdict(you(3.5, 120), reno)).toBe(
      "your power (goodput ÷ mean RTT) is 131 % of Reno's: 88 % of its goodput at 60 ms less delay",
    );
    expect(verdict(you(4.4, 185.5), reno)).toBe(
      "your power (goodput ÷ mean RTT) is 107 % of Reno's: 110 % of its goodput at 5.5 ms more delay",
    );
    expect(verdict(reno, reno)).toBe(
      "your power (goodput ÷ mean RTT) is 100 % of Reno's: 100 % of its goodput at the same delay",
    );
    // Without an RTT there is no power: goodput alone.
    expect(verdict({ ...reno, meanRttMs: NaN, power: NaN }, reno)).toBe("you got 100 % of Reno's goodput");
  });
});
