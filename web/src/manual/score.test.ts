import { describe, expect, test } from 'vitest';
import { extractSeries } from '../charts/series';
import type { ResultDoc } from '../engine/types';
import { quantile, scoreFlow, verdict, type FlowScore } from './score';

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
  });

  test('without samples the mean SRTT stands in; an unknown flow has no score', () => {
    const { doc } = result(2, []);
    const s = scoreFlow(doc, extractSeries([], new Float64Array()), 0)!;
    expect(s.meanRttMs).toBe(999);
    expect(s.p95RttMs).toBe(999);
    expect(scoreFlow(doc, extractSeries([], new Float64Array()), 3)).toBeNull();
    expect(scoreFlow({ ok: false, errors: [] }, extractSeries([], new Float64Array()), 0)).toBeNull();
  });

  test('the verdict says the share of the goodput and the delay difference', () => {
    const reno: FlowScore = { goodputMbps: 4, meanRttMs: 180, p95RttMs: 250, baseRttMs: 100, queueingMs: 80 };
    expect(verdict({ ...reno, goodputMbps: 3.5, meanRttMs: 120 }, reno)).toBe(
      "you got 88 % of Reno's goodput at 60 ms less delay",
    );
    expect(verdict({ ...reno, goodputMbps: 4.4, meanRttMs: 185.5 }, reno)).toBe(
      "you got 110 % of Reno's goodput at 5.5 ms more delay",
    );
    expect(verdict(reno, reno)).toBe("you got 100 % of Reno's goodput at the same delay");
  });
});
