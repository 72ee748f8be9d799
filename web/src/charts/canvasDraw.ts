// The time charts' curves on a <canvas>: lines, steps and areas, each reduced to what a
// pixel column can show (decimate.ts: first, lowest, highest and last point per column)
// and drawn as one canvas path. This matches uPlot's way of drawing (columnar typed
// arrays, min/max per pixel column, one path per series on a canvas) rather than
// adopting uPlot itself: the charts keep their SVG frame (d3 axes with readable titles,
// the shared crosshair and read-out, hit-tested event markers, timeline marks, the
// a11y summary and the SVG/PNG export, which embeds the canvas as an image), and only
// the dense part, the curves, moves to canvas. uPlot would have replaced all of that
// and brought a second axis and hover model to keep in step with the SVG-only charts.
//
// The drawing takes a minimal 2D context (Ctx) so it is unit-tested with a recorder.
import { decimate } from './decimate';
import { lowerBound } from './seqWindow';

export type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'stroke'
  | 'fill'
  | 'save'
  | 'restore'
  | 'setLineDash'
  | 'strokeStyle'
  | 'fillStyle'
  | 'lineWidth'
  | 'globalAlpha'
  | 'lineJoin'
>;

export interface CurveSeries {
  t: Float64Array;
  v: Float64Array;
  shape: 'line' | 'step' | 'area';
  color: string;
  /** SVG-style dash ("7 5"). */
  dash?: string;
  /** area: the lower edge, aligned with t; 0 if absent. */
  base?: Float64Array;
  /** Break the line where two samples are more than this many seconds apart (no
   * samples in between: the chart must not invent a straight line across). */
  breakGapS?: number;
}

export interface CurveFrame {
  x: (t: number) => number;
  y: (v: number) => number;
  /** The x domain and the plot width in px (for the per-column reduction). */
  x0: number;
  x1: number;
  pixels: number;
}

export interface CurveOptions {
  /** Draw only the part after this time (a previous run shown right of the new one). */
  fromS?: number;
  /** 0..1; 1 when absent. */
  alpha?: number;
}

const finite = (a: number, b: number) => Number.isFinite(a) && Number.isFinite(b);

/** Line widths as the SVG charts drew them. */
export function curveWidth(shape: CurveSeries['shape']): number {
  return shape === 'area' ? 0.5 : 2.5;
}

/** The value of series s at time `at` between samples j and j+1 (a line interpolates,
 * a step or an area holds the earlier value). */
function valueAt(s: CurveSeries, v: Float64Array, j: number, at: number): number {
  if (s.shape !== 'line' || j + 1 >= s.t.length) return v[j];
  const t0 = s.t[j];
  const t1 = s.t[j + 1];
  if (!(t1 > t0) || !finite(v[j], v[j + 1])) return v[j];
  return v[j] + ((v[j + 1] - v[j]) * (at - t0)) / (t1 - t0);
}

/** Draws one series; returns the number of vertices drawn (what the chart reports in
 * its data-drawn attribute for tests). */
export function drawCurve(ctx: Ctx, s: CurveSeries, f: CurveFrame, o: CurveOptions = {}): number {
  const n = Math.min(s.t.length, s.v.length);
  if (n === 0) return 0;
  // The part from `fromS` on: starts at the sample in force then, clamped to fromS.
  let i0 = 0;
  const from = o.fromS;
  if (from !== undefined && Number.isFinite(from)) {
    const k = lowerBound(s.t, from);
    // Every sample is at or before fromS: only the one in force could continue, and
    // a previous run's curve ends with its last sample.
    if (k >= n) return 0;
    i0 = Math.max(0, k - 1);
  }
  const t = s.t.subarray(i0, n);
  const v = s.v.subarray(i0, n);
  const base = s.base?.subarray(i0, n);
  const keep = decimate(t, v, f.x0, f.x1, f.pixels);
  const m = keep ? keep.length : t.length;
  const idx = (j: number) => (keep ? keep[j] : j);
  const clampAt = from !== undefined && i0 < s.t.length && s.t[i0] < from ? from : undefined;

  ctx.save();
  ctx.globalAlpha = o.alpha ?? 1;
  ctx.lineJoin = 'round';
  ctx.lineWidth = curveWidth(s.shape);
  ctx.strokeStyle = s.color;
  ctx.fillStyle = s.color;
  ctx.setLineDash(s.dash ? s.dash.split(/[ ,]+/).map(Number).filter(Number.isFinite) : []);
  ctx.beginPath();
  let drawn = 0;

  const xy = (j: number): [number, number] => {
    const i = idx(j);
    if (j === 0 && clampAt !== undefined) return [f.x(clampAt), f.y(valueAt({ ...s, t }, v, i, clampAt))];
    return [f.x(t[i]), f.y(v[i])];
  };

  if (s.shape === 'area') {
    // Runs of finite points, each closed along its lower edge (step after, as before).
    let start = -1;
    const X = (j: number) => (j === 0 && clampAt !== undefined ? f.x(clampAt) : f.x(t[idx(j)]));
    const B = (j: number) => {
      const i = idx(j);
      return f.y(base && Number.isFinite(base[i]) ? base[i] : 0);
    };
    const close = (end: number) => {
      if (start < 0) return;
      // The lower edge back to the run's start, step after like the upper one.
      ctx.lineTo(X(end), B(end));
      for (let j = end - 1; j >= start; j--) {
        ctx.lineTo(X(j + 1), B(j));
        ctx.lineTo(X(j), B(j));
      }
      ctx.closePath();
      start = -1;
    };
    let py = NaN;
    for (let j = 0; j < m; j++) {
      const i = idx(j);
      if (!finite(t[i], v[i])) {
        close(j - 1);
        continue;
      }
      const [px, y] = xy(j);
      if (start < 0) {
        start = j;
        ctx.moveTo(px, y);
      } else {
        ctx.lineTo(px, py);
        ctx.lineTo(px, y);
      }
      py = y;
      drawn++;
    }
    close(m - 1);
    ctx.globalAlpha = (o.alpha ?? 1) * 0.85;
    ctx.fill();
    ctx.globalAlpha = o.alpha ?? 1;
    ctx.stroke();
    ctx.restore();
    return drawn;
  }

  const gap = s.breakGapS !== undefined && s.breakGapS > 0 ? s.breakGapS : Infinity;
  let down = false;
  let lastT = NaN;
  let lastY = NaN;
  for (let j = 0; j < m; j++) {
    const i = idx(j);
    if (!finite(t[i], v[i])) {
      down = false;
      continue;
    }
    const [px, py] = xy(j);
    if (!down || t[i] - lastT > gap) ctx.moveTo(px, py);
    else if (s.shape === 'step') {
      ctx.lineTo(px, lastY);
      ctx.lineTo(px, py);
    } else ctx.lineTo(px, py);
    down = true;
    lastT = t[i];
    lastY = py;
    drawn++;
  }
  ctx.stroke();
  ctx.restore();
  return drawn;
}

/** Sizes a canvas to a plot of innerW × innerH CSS px (and `padTop` px above it) at the
 * device's pixel ratio and places it at the plot's corner; returns its context,
 * cleared, scaled and with (0, 0) at the plot's corner, or null. (Setting a canvas's
 * size drops its bitmap, so only a changed size is written.) */
export function preparePlotCanvas(
  canvas: HTMLCanvasElement,
  left: number,
  plotTop: number,
  innerW: number,
  plotH: number,
  padTop = 0,
): CanvasRenderingContext2D | null {
  const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  const top = plotTop - padTop;
  const innerH = plotH + padTop;
  const cw = Math.round(innerW * dpr);
  const ch = Math.round(innerH * dpr);
  if (canvas.width !== cw) canvas.width = cw;
  if (canvas.height !== ch) canvas.height = ch;
  const st = canvas.style;
  const px = (n: number) => `${n}px`;
  if (st.left !== px(left)) st.left = px(left);
  if (st.top !== px(top)) st.top = px(top);
  if (st.width !== px(innerW)) st.width = px(innerW);
  if (st.height !== px(innerH)) st.height = px(innerH);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, innerW, innerH);
  ctx.translate(0, padTop);
  return ctx;
}
