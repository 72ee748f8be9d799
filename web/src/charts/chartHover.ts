// The pointer over a time chart: sets the shared cursor time (every chart draws its
// crosshair there), finds the event marker under the pointer (its explanation shows;
// a click zooms the time–sequence chart to it; a focused chart steps through its
// markers with the arrow keys and zooms with Enter) and paints the read-out of every line
// at the cursor time. All imperative on the chart's own elements: no React work per move.
import * as d3 from 'd3';
import { cursorTime, seqZoomRequest } from './cursor';
import { formatValue, nearestIndex, readoutAt, type ReadoutSeries } from './readout';

export interface HoverMarker {
  key: string;
  label: string;
  t: Float64Array;
  v: Float64Array;
  help?: string;
  source?: string;
}

export interface HoverState {
  x: d3.ScaleLinear<number, number>;
  y: d3.ScaleLinear<number, number>;
  innerH: number;
  lines: ReadoutSeries[];
  markers: HoverMarker[];
  unit?: string;
}

export interface MarkerHit {
  marker: HoverMarker;
  i: number;
}

const HIT_PX = 10;

/** The marker drawn within HIT_PX of (px, py), nearest first. */
export function markerAt(state: HoverState, px: number, py: number): MarkerHit | null {
  let best: MarkerHit | null = null;
  let bestD = HIT_PX * HIT_PX;
  const t = state.x.invert(px);
  for (const m of state.markers) {
    const c = nearestIndex(m.t, t);
    if (c < 0) continue;
    // Markers at nearly the same time may sit at other heights: look at a few neighbours.
    for (let i = Math.max(0, c - 4); i < Math.min(m.t.length, c + 5); i++) {
      const dx = state.x(m.t[i]) - px;
      const dy = state.y(m.v[i]) - py;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = { marker: m, i };
      }
    }
  }
  return best;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** Writes the read-out of every line at time t into `el` (or the hint when t is null). */
export function paintReadout(el: HTMLElement | null, state: HoverState | null, t: number | null): void {
  if (!el) return;
  if (t === null || !state || state.lines.length === 0) {
    el.innerHTML = '';
    el.removeAttribute('data-t');
    return;
  }
  const rows = readoutAt(state.lines, t);
  el.setAttribute('data-t', String(t));
  el.innerHTML =
    `<span class="readout-t">t = ${formatValue(t)} s</span>` +
    rows
      .map(
        (r) =>
          `<span data-key="${escapeHtml(r.key)}" data-value="${r.value ?? ''}" data-sample-t="${r.t ?? ''}">` +
          `${escapeHtml(r.label)}: ${formatValue(r.value)}</span>`,
      )
      .join('');
}

/** Moves the crosshair line to time t (hidden when t is null or outside the plot). */
export function paintCrosshair(line: SVGLineElement | null, state: HoverState | null, t: number | null): void {
  if (!line || !state) return;
  const [a, b] = state.x.domain();
  if (t === null || t < a || t > b) {
    line.setAttribute('visibility', 'hidden');
    return;
  }
  const px = state.x(t);
  line.setAttribute('x1', String(px));
  line.setAttribute('x2', String(px));
  line.setAttribute('y1', '0');
  line.setAttribute('y2', String(state.innerH));
  line.setAttribute('visibility', 'visible');
}

/** Shows the marker's explanation beside it (or hides the tip). */
export function paintMarkerTip(
  tip: HTMLElement | null,
  state: HoverState | null,
  hit: MarkerHit | null,
  offset: { left: number; top: number },
): void {
  if (!tip) return;
  if (!hit || !state) {
    tip.hidden = true;
    tip.removeAttribute('data-marker');
    return;
  }
  const { marker: m, i } = hit;
  tip.innerHTML =
    `<strong>${escapeHtml(m.label)} at ${formatValue(m.t[i])} s</strong>` +
    (m.help ? `${escapeHtml(m.help)}` : '') +
    (m.source ? `<cite class="explain-source">${escapeHtml(m.source)}</cite>` : '') +
    '<em class="tip-hint">click: zoom the time–sequence chart here</em>';
  tip.setAttribute('data-marker', m.key);
  tip.hidden = false;
  tip.style.left = `${offset.left + state.x(m.t[i]) + 12}px`;
  tip.style.top = `${offset.top + state.y(m.v[i]) + 12}px`;
}

/** Every marker of the chart in time order, for stepping through them by keyboard. */
export function markersInOrder(state: HoverState): MarkerHit[] {
  const all: MarkerHit[] = [];
  for (const marker of state.markers) for (let i = 0; i < marker.t.length; i++) all.push({ marker, i });
  return all.sort((a, b) => a.marker.t[a.i] - b.marker.t[b.i]);
}

/** Keyboard on a focused chart: arrows step through its markers (the explanation and
 * the crosshair follow), Enter zooms the time–sequence chart to the current one. */
export function attachMarkerKeys(
  target: d3.Selection<SVGSVGElement, unknown, null, undefined>,
  get: () => HoverState | null,
  tip: () => HTMLElement | null,
  offset: { left: number; top: number },
): void {
  let at = -1;
  const show = () => {
    const state = get();
    if (!state) return;
    const list = markersInOrder(state);
    if (list.length === 0) return;
    at = Math.max(0, Math.min(list.length - 1, at));
    const hit = list[at];
    cursorTime.set(hit.marker.t[hit.i]);
    paintMarkerTip(tip(), state, hit, offset);
    return hit;
  };
  target
    .on('focus.markers', () => {
      at = Math.max(at, 0);
      show();
    })
    .on('blur.markers', () => {
      cursorTime.set(null);
      paintMarkerTip(tip(), get(), null, offset);
    })
    .on('keydown.markers', (ev: KeyboardEvent) => {
      if (ev.key === 'ArrowRight' || ev.key === 'ArrowLeft') {
        at += ev.key === 'ArrowRight' ? 1 : -1;
        show();
        ev.preventDefault();
      } else if (ev.key === 'Enter') {
        const hit = show();
        if (hit) seqZoomRequest.request(hit.marker.t[hit.i]);
        ev.preventDefault();
      }
    });
}

/** Wires the hover surface of one chart. `get` returns the chart's current state. */
export function attachHover(
  surface: d3.Selection<SVGRectElement, null, d3.BaseType, unknown>,
  get: () => HoverState | null,
  tip: () => HTMLElement | null,
  offset: { left: number; top: number },
): void {
  let hit: MarkerHit | null = null;
  surface
    .on('pointermove.hover', (ev: PointerEvent) => {
      const state = get();
      if (!state) return;
      const [px, py] = d3.pointer(ev);
      cursorTime.set(state.x.invert(px));
      hit = markerAt(state, px, py);
      paintMarkerTip(tip(), state, hit, offset);
      surface.style('cursor', hit ? 'pointer' : 'crosshair');
    })
    .on('pointerleave.hover', () => {
      cursorTime.set(null);
      hit = null;
      paintMarkerTip(tip(), get(), null, offset);
    })
    .on('click.hover', () => {
      if (hit) seqZoomRequest.request(hit.marker.t[hit.i]);
    });
}
