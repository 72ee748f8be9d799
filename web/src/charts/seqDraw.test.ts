import { describe, expect, it } from 'vitest';
import { drawSeq, type SeqData } from './seqDraw';
import { recorder } from './drawRecorder';
import { timelineMarksOf } from './timelineMarks';

const COLORS = { sent: 'blue', retransmitted: 'red', acked: 'green', sackBlock: 'purple' };
const f64 = (a: number[]) => Float64Array.from(a);
const run = (k: number): SeqData => {
  const t = f64([0.1, 0.3, 0.5, 0.7, 0.9]);
  return {
    sent: { t, v: f64([1, 2, 3, 4, 5].map((v) => v * k)) },
    retx: { t: f64([0.6]), v: f64([3 * k]) },
    acked: { t, v: f64([0, 1, 2, 3, 4].map((v) => v * k)) },
    sackStart: { t: f64([0.65]), v: f64([4 * k]) },
    sackEnd: { t: f64([0.65]), v: f64([5 * k]) },
  };
};
const frame = { x: (t: number) => t * 100, y: (v: number) => v, a: 0, b: 1, innerW: 100 };

describe('drawSeq', () => {
  it('draws every trace of the run', () => {
    const { ctx, ops } = recorder();
    drawSeq(ctx, run(1), frame, COLORS);
    expect(ops.filter((o) => o.op === 'fillRect')).toHaveLength(5);
    expect(ops.filter((o) => o.style === 'red' && o.op === 'moveTo')).toHaveLength(2); // one cross
    expect(ops.filter((o) => o.style === 'purple' && o.op === 'lineTo')).toHaveLength(1);
    expect(ops.every((o) => o.alpha === 1 || o.style === 'purple')).toBe(true);
  });

  it('draws a previous run dimmed and only right of fromS', () => {
    const { ctx, ops } = recorder();
    drawSeq(ctx, run(10), frame, COLORS, { fromS: 0.5, alpha: 0.35 });
    const placed = ops.filter((o) => o.x !== undefined);
    expect(placed.length).toBeGreaterThan(0);
    // Squares are placed by their corner (x - r), the cross by its arms (x ± 5).
    for (const o of placed) expect(o.x!).toBeGreaterThan(50 - 6);
    expect(ops.filter((o) => o.op === 'fillRect').map((o) => o.x! + 3)).toEqual([70, 90]);
    expect(ops.filter((o) => o.op === 'fillRect').every((o) => o.alpha === 0.35)).toBe(true);
    expect(ops.filter((o) => o.style === 'green' && o.op !== 'stroke').map((o) => o.x)).toEqual([70, 90, 90]);
  });
});

describe('timelineMarksOf', () => {
  it('labels each change with its parameter, value and unit, at its time', () => {
    const model = {
      byPath: new Map([['flows[0].channel.forward.p', { decl: { label: 'loss', unit: '' } }]]),
    } as unknown as Parameters<typeof timelineMarksOf>[0];
    const marks = timelineMarksOf(model, [{ t: 5.27, path: 'flows[0].channel.forward.p', value: 0.02 }]);
    expect(marks).toEqual([{ t: 5.27, label: 'loss → 0.02', title: 'at 5.27 s: loss → 0.02' }]);
  });
});
