import { describe, expect, it } from 'vitest';
import { drawCurve, type CurveFrame, type CurveSeries } from './canvasDraw';
import { recorder } from './drawRecorder';

// 1 px per 0.01 s on [0, 1] s: x(t) = 100 t; y is the value.
const frame: CurveFrame = { x: (t) => t * 100, y: (v) => v, x0: 0, x1: 1, pixels: 100 };
const line = (t: number[], v: number[], more: Partial<CurveSeries> = {}): CurveSeries => ({
  t: Float64Array.from(t),
  v: Float64Array.from(v),
  shape: 'line',
  color: '#123456',
  ...more,
});
const pts = (ops: ReturnType<typeof recorder>['ops']) => ops.filter((o) => o.op === 'moveTo' || o.op === 'lineTo');

describe('drawCurve', () => {
  it('reduces a dense series to at most four points per pixel column, keeping its extremes', () => {
    const n = 20000;
    const t = Array.from({ length: n }, (_, i) => i / n);
    const v = t.map((_, i) => (i === 12345 ? 500 : i % 7));
    const { ctx, ops } = recorder();
    const drawn = drawCurve(ctx, line(t, v), frame);
    expect(drawn).toBeLessThanOrEqual(4 * 100 + 4);
    expect(drawn).toBeGreaterThan(100);
    expect(pts(ops)).toHaveLength(drawn);
    // The spike survives the reduction, and the first and last points are kept.
    expect(Math.max(...pts(ops).map((o) => o.y!))).toBe(500);
    expect(pts(ops)[0].x).toBe(0);
    expect(pts(ops).at(-1)!.x).toBeCloseTo(frame.x(t[n - 1]));
  });

  it('breaks the line across a gap longer than breakGapS, and only there', () => {
    const t = [0.1, 0.11, 0.12, 0.5, 0.51, 0.52];
    const v = [1, 2, 3, 4, 5, 6];
    const joined = recorder();
    drawCurve(joined.ctx, line(t, v), frame);
    expect(pts(joined.ops).map((o) => o.op)).toEqual(['moveTo', ...Array(5).fill('lineTo')]);
    const broken = recorder();
    drawCurve(broken.ctx, line(t, v, { breakGapS: 0.1 }), frame);
    expect(pts(broken.ops).map((o) => o.op)).toEqual(['moveTo', 'lineTo', 'lineTo', 'moveTo', 'lineTo', 'lineTo']);
    expect(pts(broken.ops)[3].x).toBeCloseTo(50);
  });

  it('draws a step as horizontal then vertical segments', () => {
    const { ctx, ops } = recorder();
    drawCurve(ctx, line([0, 0.5], [10, 20], { shape: 'step' }), frame);
    expect(pts(ops).map((o) => [o.op, o.x, o.y])).toEqual([
      ['moveTo', 0, 10],
      ['lineTo', 50, 10],
      ['lineTo', 50, 20],
    ]);
  });

  it('draws a previous run only after fromS, dimmed, starting at fromS with the value there', () => {
    const { ctx, ops } = recorder();
    const prev = line([0, 0.2, 0.4, 0.6, 0.8], [0, 20, 40, 60, 80]);
    const n = drawCurve(ctx, prev, frame, { fromS: 0.3, alpha: 0.35 });
    const p = pts(ops);
    expect(n).toBe(4);
    expect(p[0]).toMatchObject({ op: 'moveTo', x: 30, alpha: 0.35 });
    expect(p[0].y).toBeCloseTo(30); // interpolated between (0.2, 20) and (0.4, 40)
    expect(Math.min(...p.map((o) => o.x!))).toBeGreaterThanOrEqual(30);
    expect(ops.find((o) => o.op === 'stroke')!.alpha).toBe(0.35);
    // A step holds the value in force at fromS.
    const step = recorder();
    drawCurve(step.ctx, { ...prev, shape: 'step' }, frame, { fromS: 0.3 });
    expect(pts(step.ops)[0]).toMatchObject({ x: 30, y: 20 });
    // Nothing after fromS: nothing drawn.
    const none = recorder();
    expect(drawCurve(none.ctx, prev, frame, { fromS: 0.9 })).toBe(0);
    expect(pts(none.ops)).toHaveLength(0);
  });

  it('fills an area down to its base and closes it', () => {
    const { ctx, ops } = recorder();
    drawCurve(ctx, line([0, 0.5], [10, 20], { shape: 'area', base: Float64Array.from([5, 5]) }), frame);
    expect(ops.some((o) => o.op === 'fill')).toBe(true);
    expect(ops.some((o) => o.op === 'closePath')).toBe(true);
    expect(pts(ops).map((o) => [o.x, o.y])).toEqual([
      [0, 10],
      [50, 10],
      [50, 20],
      [50, 5],
      [50, 5],
      [0, 5],
    ]);
  });

  it('lifts the pen at a value that is not finite', () => {
    const { ctx, ops } = recorder();
    drawCurve(ctx, line([0, 0.1, 0.2, 0.3], [1, NaN, 3, 4]), frame);
    expect(pts(ops).map((o) => o.op)).toEqual(['moveTo', 'moveTo', 'lineTo']);
  });
});
