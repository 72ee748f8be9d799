// The time–sequence chart's canvas drawing: SACK blocks as vertical bars, the
// cumulative ACK as a step line reduced per pixel column (decimate.ts), segments sent
// as small squares (one per quarter pixel at most) and retransmissions as crosses.
// Drawn once for the run and, dimmed and only right of `fromS`, for a previous run
// while the new one fills in. The context is minimal (SeqCtx) so tests can record it.
import { decimate } from './decimate';
import { lowerBound } from './seqWindow';

export type SeqCtx = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'stroke' | 'fillRect' | 'strokeStyle' | 'fillStyle' | 'lineWidth' | 'globalAlpha'
>;

export interface Trace {
  t: Float64Array;
  v: Float64Array;
}

export interface SeqData {
  sent: Trace;
  retx: Trace;
  acked: Trace;
  sackStart: Trace;
  sackEnd: Trace;
}

export interface SeqColors {
  sent: string;
  retransmitted: string;
  acked: string;
  sackBlock: string;
}

export interface SeqFrame {
  x: (t: number) => number;
  y: (v: number) => number;
  /** The x window in view, s, and the plot width, px. */
  a: number;
  b: number;
  innerW: number;
}

/** Draws the traces within the window; with `fromS`, only the points after it; with
 * `alpha`, that much opaque. */
export function drawSeq(
  ctx: SeqCtx,
  d: SeqData,
  f: SeqFrame,
  colors: SeqColors,
  o: { fromS?: number; alpha?: number } = {},
): void {
  const { x, y, innerW } = f;
  const a = o.fromS !== undefined && o.fromS > f.a ? o.fromS : f.a;
  const b = f.b;
  if (!(b > a)) return;
  const alpha = o.alpha ?? 1;
  const strict = o.fromS !== undefined;
  // Indices whose time is in view (with one neighbour each side for lines); with a
  // previous run, none at or before fromS.
  const range = (t: Float64Array, pad: number): [number, number] => {
    let i0 = Math.max(0, lowerBound(t, a) - pad);
    if (strict) while (i0 < t.length && t[i0] <= a) i0++;
    return [i0, Math.min(t.length, lowerBound(t, b) + 1)];
  };
  const sackN = Math.min(d.sackStart.t.length, d.sackEnd.t.length);

  // SACK blocks: a vertical bar from the block's start to its end.
  ctx.strokeStyle = colors.sackBlock;
  ctx.globalAlpha = 0.75 * alpha;
  ctx.lineWidth = 3;
  ctx.beginPath();
  {
    const [i0, i1] = range(d.sackStart.t, 1);
    for (let i = i0; i < Math.min(i1, sackN); i++) {
      const px = x(d.sackStart.t[i]);
      ctx.moveTo(px, y(d.sackStart.v[i]));
      ctx.lineTo(px, y(d.sackEnd.v[i]));
    }
  }
  ctx.stroke();
  ctx.globalAlpha = alpha;

  // Cumulative ACK: a step line, at most four points per pixel column (decimate.ts).
  const A = d.acked;
  ctx.strokeStyle = colors.acked;
  ctx.lineWidth = 2;
  ctx.beginPath();
  {
    const [i0, i1] = range(A.t, strict ? 0 : 1);
    const keep = decimate(A.t.subarray(i0, i1), A.v.subarray(i0, i1), a, b, innerW);
    const m = keep ? keep.length : i1 - i0;
    let prev = NaN;
    for (let j = 0; j < m; j++) {
      const i = i0 + (keep ? keep[j] : j);
      const px = x(A.t[i]);
      const py = y(A.v[i]);
      if (j === 0) ctx.moveTo(px, py);
      else {
        ctx.lineTo(px, prev);
        ctx.lineTo(px, py);
      }
      prev = py;
    }
  }
  ctx.stroke();

  // Segments sent: small squares, bigger when zoomed in far enough to tell them apart.
  {
    const S = d.sent;
    const [i0, i1] = range(S.t, 1);
    const n = i1 - i0;
    const r = n < innerW / 6 ? 3 : n < innerW ? 2 : 1.3;
    ctx.fillStyle = colors.sent;
    // A square within a quarter pixel of the last one drawn adds nothing one can see
    // (a 20 s run sends ~50 segments per pixel column).
    let lx = NaN;
    let ly = NaN;
    for (let i = i0; i < i1; i++) {
      const px = x(S.t[i]);
      const py = y(S.v[i]);
      if (Math.abs(px - lx) < 0.25 && Math.abs(py - ly) < 0.25) continue;
      lx = px;
      ly = py;
      ctx.fillRect(px - r, py - r, 2 * r, 2 * r);
    }
  }

  // Retransmissions: red crosses on top.
  ctx.strokeStyle = colors.retransmitted;
  ctx.lineWidth = 2.2;
  ctx.beginPath();
  {
    const R = d.retx;
    const [i0, i1] = range(R.t, 1);
    const r = 5;
    for (let i = i0; i < i1; i++) {
      const px = x(R.t[i]);
      const py = y(R.v[i]);
      ctx.moveTo(px - r, py - r);
      ctx.lineTo(px + r, py + r);
      ctx.moveTo(px - r, py + r);
      ctx.lineTo(px + r, py - r);
    }
  }
  ctx.stroke();
  ctx.globalAlpha = 1;
}
