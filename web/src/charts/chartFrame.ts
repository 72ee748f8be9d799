// What every chart needs besides its own marks: the width of its container (charts
// redraw at the new size, never stretch), the two axis titles and the pointer layer.
import { useEffect, useState, type RefObject } from 'react';
import type * as d3 from 'd3';

/** The container's content width in px, following resizes (1 px jitter ignored). */
export function useContainerWidth(ref: RefObject<HTMLElement | null>, initial = 800): number {
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver((entries) => {
      const w = Math.round(entries[0].contentRect.width);
      if (w > 0) setWidth((old) => (Math.abs(old - w) > 1 ? w : old));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/** Draws (or updates) the x title under the plot and the y title left of it. */
export function drawAxisTitles<Datum, PElement extends d3.BaseType, PDatum>(
  root: d3.Selection<SVGGElement, Datum, PElement, PDatum>,
  innerW: number,
  innerH: number,
  xLabel: string,
  yLabel: string,
  offsets: { x: number; y: number },
): void {
  root
    .selectAll('text.x-title')
    .data([xLabel])
    .join('text')
    .attr('class', 'axis-title x-title')
    .attr('x', innerW / 2)
    .attr('y', innerH + offsets.x)
    .attr('text-anchor', 'middle')
    .text((d) => d);
  root
    .selectAll('text.y-title')
    .data([yLabel])
    .join('text')
    .attr('class', 'axis-title y-title')
    .attr('transform', `translate(${-offsets.y},${innerH / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .text((d) => d);
  // A title longer than its side is drawn smaller (down to 11 px) rather than cut by the
  // svg's edge: a short plot read "window (segm". The margins give it ~12 px either side.
  fitTitle(root.select<SVGTextElement>('text.y-title').node(), innerH + 24);
  fitTitle(root.select<SVGTextElement>('text.x-title').node(), innerW);
}

/** Each title's text and room when it was last fitted: measuring forces a layout of the
 * page, which a chart redrawn at each batch of a sweep's results (LE Fig. 4) paid ~0.8 s
 * for; the same title in the same room keeps its size. */
const fitted = new WeakMap<SVGTextElement, string>();

function fitTitle(node: SVGTextElement | null, room: number): void {
  if (!node || typeof node.getComputedTextLength !== 'function') return;
  const key = `${node.textContent ?? ''}\n${room}`;
  if (fitted.get(node) === key) return;
  node.style.removeProperty('font-size');
  const length = node.getComputedTextLength();
  // Not laid out yet (a hidden panel): measured again when drawn next.
  if (length > 0) fitted.set(node, key);
  else fitted.delete(node);
  if (!(length > room) || room <= 0) return;
  const size = Number.parseFloat(getComputedStyle(node).fontSize);
  if (Number.isFinite(size)) node.style.fontSize = `${Math.max(11, Math.floor((size * room) / length))}px`;
}

/** Horizontal grid lines at the y ticks, under the marks. */
export function drawYGrid<Datum, PElement extends d3.BaseType, PDatum>(
  root: d3.Selection<SVGGElement, Datum, PElement, PDatum>,
  axis: d3.Axis<d3.NumberValue>,
  ticks: number,
  innerW: number,
): void {
  root
    .selectAll<SVGGElement, null>('g.grid')
    .data([null])
    .join('g')
    .attr('class', 'grid')
    .call(
      axis
        .ticks(ticks)
        .tickSize(-innerW)
        .tickFormat(() => ''),
    );
}

/** The shared crosshair (hidden until the cursor time is set) and, on top, the
 * transparent surface that takes the pointer: the time charts' hover layer. */
export function drawPointerLayer<Datum, PElement extends d3.BaseType, PDatum>(
  root: d3.Selection<SVGGElement, Datum, PElement, PDatum>,
  innerW: number,
  innerH: number,
  surfaceClass: string,
  cursor: string,
) {
  const crosshair = root
    .selectAll<SVGLineElement, null>('line.crosshair')
    .data([null])
    .join('line')
    .attr('class', 'crosshair')
    .attr('visibility', 'hidden');
  const surface = root
    .selectAll<SVGRectElement, null>(`rect.${surfaceClass}`)
    .data([null])
    .join('rect')
    .attr('class', surfaceClass)
    .attr('width', innerW)
    .attr('height', innerH)
    .attr('fill', 'transparent')
    .style('cursor', cursor);
  return { crosshair, surface };
}
