import type { Selection } from 'd3';
import { get, type Extracted } from './series';

/** What TimeChart's series have that a dimmed path needs (its ChartSeries). */
interface DimLine {
  key: string;
  t: Float64Array;
  v: Float64Array;
  base?: Float64Array;
  shape: string;
  color: string;
  dash?: string;
}

// The last complete run drawn dimmed to the right of a run that is filling in
// (progressive runs, engine/progressive.ts): only where t > filledToS, the part the new
// run has not reached yet, so the new curves never sit under the old ones.

/** Opacity of the previous run's curves. */
export const PREVIOUS_OPACITY = 0.3;

/** The index of the first point after `filledToS`, less one (so the dimmed curve starts
 * where the new one stops); t ascending. */
export function firstIndexAfter(t: Float64Array, filledToS: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid] <= filledToS) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo - 1);
}

/** A step line (the time–sequence chart's ACK) or dots (its segments) on a canvas,
 * dimmed, for the points after filledToS. */
export function paintPreviousTrace(
  ctx: CanvasRenderingContext2D,
  s: { t: Float64Array; v: Float64Array } | undefined,
  filledToS: number,
  x: (t: number) => number,
  y: (v: number) => number,
  color: string,
  dots: boolean,
) {
  if (!s || s.t.length === 0) return;
  ctx.save();
  ctx.globalAlpha = PREVIOUS_OPACITY;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 2;
  ctx.beginPath();
  let lx = NaN;
  for (let i = firstIndexAfter(s.t, filledToS); i < s.t.length; i++) {
    const px = x(s.t[i]);
    const py = y(s.v[i]);
    if (dots) {
      if (Math.abs(px - lx) >= 0.5) ctx.fillRect(px - 1, py - 1, 2, 2);
      lx = px;
    } else if (Number.isNaN(lx)) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
    if (!dots) lx = px;
  }
  if (!dots) ctx.stroke();
  ctx.restore();
}

/** TimeChart's dimmed paths: a group under its series group, one path per line of the
 * previous run from filledToS on, built as the chart builds its own (`line`). */
export function drawPreviousPaths<S extends DimLine>(
  root: Selection<SVGGElement, null, SVGSVGElement, unknown>,
  lines: S[],
  filledToS: number,
  clipId: string,
  line: (s: S) => string,
) {
  root
    .selectAll<SVGGElement, null>('g.previous')
    .data([null])
    .join((enter) => enter.insert('g', 'g.series'))
    .attr('class', 'previous')
    .attr('clip-path', `url(#${clipId})`)
    .attr('opacity', PREVIOUS_OPACITY)
    .selectAll<SVGPathElement, S>('path')
    .data(lines, (s) => s.key)
    .join('path')
    .attr('d', (s) => {
      const i0 = firstIndexAfter(s.t, filledToS);
      return line({ ...s, t: s.t.subarray(i0), v: s.v.subarray(i0), base: s.base?.subarray(i0) });
    })
    .attr('fill', (s) => (s.shape === 'area' ? s.color : 'none'))
    .attr('stroke', (s) => s.color)
    .attr('stroke-width', 2)
    .attr('stroke-dasharray', (s) => s.dash ?? null);
}

/** The time–sequence chart's dimmed traces: the ACK line and the segments sent. */
export function paintPreviousSeq(
  ctx: CanvasRenderingContext2D,
  prev: { acked?: { t: Float64Array; v: Float64Array }; sent?: { t: Float64Array; v: Float64Array } },
  filledToS: number,
  x: (t: number) => number,
  y: (v: number) => number,
  colors: { acked: string; sent: string },
) {
  paintPreviousTrace(ctx, prev.acked, filledToS, x, y, colors.acked, false);
  paintPreviousTrace(ctx, prev.sent, filledToS, x, y, colors.sent, true);
}

/** What paintPreviousSeq draws of the previous run, or nothing while no run fills in. */
export function seqPrevious(
  previous: Extracted | undefined,
  filledToS: number | undefined,
  traces: { acked: string; sent: string },
) {
  if (!previous || filledToS === undefined) return undefined;
  return { acked: get(previous, traces.acked), sent: get(previous, traces.sent), filledToS };
}
