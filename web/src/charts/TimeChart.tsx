// A time-series chart: takes columns (typed arrays) and draws them with d3 scales and
// axes in SVG, its lines, steps and areas on a <canvas> under the SVG, reduced to what
// a pixel column shows (canvasDraw.ts, which says why this matches uPlot rather than
// using it), and its event markers as one SVG <path> per marker series (few, hit-tested).
// It owns no simulation state and creates no per-point React elements. The <svg>
// exposes data-points (points in the data) and data-hash (checksum of the data) for
// tests, data-x-domain, data-y-domain and data-plot (left,top,width,height) so a test
// can point at a drawn value, and per series an element [data-series] with data-color
// and data-drawn (vertices drawn; a curve's record is an empty <g>, its pixels are on
// the canvas). Hovering draws the shared crosshair and the read-out (chartHover.ts);
// legend entries and markers explain themselves. A previous run (`previous`) is drawn
// dimmed right of `filledToS`; live mode's timeline changes are marked (`marks`).
import { useEffect, useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { drawAxisTitles, drawPointerLayer, drawYGrid, useContainerWidth } from './chartFrame';
import { hashArrays, maxFinite, robustMax } from './series';
import { attachHover, attachMarkerKeys, paintCrosshair, paintReadout, type HoverState } from './chartHover';
import { cursorTime } from './cursor';
import { ChartLegend, markerPath, type Shape } from './ChartLegend';
import { drawCurve, preparePlotCanvas } from './canvasDraw';
import { drawTimelineMarks, type TimelineMark } from './timelineMarks';
import { ExportMenu } from '../export/ExportMenu';
import { timeChartCsv } from '../export/chartCsv';
import { ChartSummary } from './ChartSummary';

export type { Shape };

export interface ChartSeries {
  key: string;
  label: string;
  t: Float64Array;
  v: Float64Array;
  shape: Shape;
  color: string;
  dash?: string;
  /** Leave this series out of the y extent if it would flatten the others
   * (e.g. an ssthresh far above cwnd); it is clipped to the plot instead. */
  yExtentCap?: number;
  /** area: the lower edge (a stacked chart's running sum), aligned with t; 0 if absent. */
  base?: Float64Array;
  /** The engine's one-sentence help and citation for this series (explain.ts). */
  help?: string;
  source?: string;
  /** Break the line across gaps of more than this many seconds with no samples. */
  breakGapS?: number;
}

/** Event markers (one shape per event) rather than lines: hit-tested, not read out. */
export function isMarker(shape: Shape): boolean {
  return shape === 'triangle' || shape === 'diamond' || shape === 'cross';
}

export interface TimeChartProps {
  testId: string;
  title: string;
  xLabel: string;
  yLabel: string;
  series: ChartSeries[];
  /** [0, xMax]; falls back to the data when missing or not finite. */
  xMax?: number;
  /** A fixed y domain, e.g. [0, 100] for percentages. */
  yDomain?: [number, number];
  height?: number;
  emptyText?: string;
  /** Called after every draw with the data hash. */
  onDrawn?: (hash: string) => void;
  /** false: no legend of its own (a view shows one legend for several charts). */
  showLegend?: boolean;
  /** The previous run's series, drawn dimmed where t > filledToS (while a run fills in). */
  previous?: ChartSeries[];
  /** Simulated seconds the current series cover; the whole run when absent. */
  filledToS?: number;
  /** Live mode's timeline changes, each a thin vertical line with a short label. */
  marks?: readonly TimelineMark[];
}

const MARGIN = { top: 14, right: 22, bottom: 58, left: 74 };

/** A curve (drawn on the canvas) rather than a marker (an SVG path). */
const isCurve = (s: ChartSeries) => s.shape === 'line' || s.shape === 'step' || s.shape === 'area';
type CurveLike = Parameters<typeof drawCurve>[1];
const SVG_NS = 'http://www.w3.org/2000/svg';

export function TimeChart(props: TimeChartProps) {
  const {
    testId,
    title,
    xLabel,
    yLabel,
    series,
    xMax,
    yDomain,
    height = 300,
    emptyText,
    onDrawn,
    showLegend = true,
    previous,
    filledToS,
    marks,
  } = props;
  const wrapRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const readoutRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const hoverRef = useRef<HoverState | null>(null);
  // What the axes, grid, titles and pointer layer were last drawn for: a redraw with
  // the same frame (live mode's every frame, most slider steps) rewrites only the curves.
  const frameRef = useRef('');
  const width = useContainerWidth(wrapRef);
  const clipId = `clip-${testId.replace(/[^a-zA-Z0-9_-]/g, '_')}`;

  const points = series.reduce((n, s) => n + s.t.length, 0);
  const summarySeries = useMemo(
    () => series.map((s) => ({ label: s.label, t: s.t, v: s.v, marker: !['line', 'step', 'area'].includes(s.shape) })),
    [series],
  );

  useEffect(() => {
    const svg = d3.select(svgRef.current!);
    const w = Math.max(width, 200);
    const innerW = w - MARGIN.left - MARGIN.right;
    const innerH = height - MARGIN.top - MARGIN.bottom;

    // Domains: never NaN, never zero-width. While a run fills in, the last complete
    // run's curves count in the extent too, so the axes hold still under the new ones.
    const dimmed = previous && filledToS !== undefined ? previous : [];
    const extentOf = dimmed.length ? series.concat(dimmed) : series;
    const tMax = maxFinite(
      extentOf.map((s) => s.t),
      0,
    );
    let x1 = xMax !== undefined && Number.isFinite(xMax) && xMax > 0 ? xMax : tMax;
    if (!(x1 > 0)) x1 = 1;
    let y0 = 0;
    let y1: number;
    if (yDomain) {
      [y0, y1] = yDomain;
    } else {
      const uncapped = extentOf.filter((s) => s.yExtentCap === undefined).map((s) => s.v);
      const base = robustMax(uncapped, 0);
      let top = base;
      for (const s of extentOf) {
        if (s.yExtentCap === undefined) continue;
        const m = maxFinite([s.v], 0);
        if (m <= Math.max(base, 1) * s.yExtentCap) top = Math.max(top, m);
      }
      y1 = top > 0 ? top * 1.08 : 1;
    }
    const x = d3.scaleLinear().domain([0, x1]).range([0, innerW]);
    const yTicks = Math.max(2, Math.min(8, Math.floor(innerH / 34)));
    const y = d3.scaleLinear().domain([y0, y1]).range([innerH, 0]).nice(yTicks);

    const root = svg.selectAll<SVGGElement, null>('g.plot').data([null]).join('g').attr('class', 'plot');
    const frame = [w, height, x.domain(), y.domain(), yTicks, xLabel, yLabel, clipId].join('|');
    const sameFrame = frame === frameRef.current && !root.select('line.crosshair').empty();
    if (!sameFrame) {
      svg.attr('viewBox', `0 0 ${w} ${height}`).attr('width', w).attr('height', height);
      root.attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);

      svg
        .selectAll('defs')
        .data([null])
        .join('defs')
        .selectAll('clipPath')
        .data([null])
        .join('clipPath')
        .attr('id', clipId)
        .selectAll('rect')
        .data([null])
        .join('rect')
        .attr('x', 0)
        .attr('y', -8)
        .attr('width', innerW)
        .attr('height', innerH + 8);

      drawYGrid(root, d3.axisLeft(y), yTicks, innerW);
      root
        .selectAll<SVGGElement, null>('g.x-axis')
        .data([null])
        .join('g')
        .attr('class', 'axis x-axis')
        .attr('transform', `translate(0,${innerH})`)
        .call(d3.axisBottom(x).ticks(Math.max(2, Math.floor(innerW / 90))));
      root
        .selectAll<SVGGElement, null>('g.y-axis')
        .data([null])
        .join('g')
        .attr('class', 'axis y-axis')
        .call(d3.axisLeft(y).ticks(yTicks, '~s'));

      drawAxisTitles(root, innerW, innerH, xLabel, yLabel, { x: 46, y: 56 });
    }

    // The curves on the canvas (8 px above the plot too, as the SVG clip allowed, so a
    // line along the top is not cut): the previous run's first, dimmed, right of
    // filledToS, then this run's. Each frame redraws them all: at most four points per
    // pixel column each, a fraction of a millisecond.
    const drawn = new Map<string, number>();
    const canvas = canvasRef.current;
    const ctx = canvas && preparePlotCanvas(canvas, MARGIN.left, MARGIN.top, innerW, innerH, 8);
    if (ctx) {
      const f = { x, y, x0: 0, x1, pixels: innerW };
      const filled = filledToS !== undefined && Number.isFinite(filledToS) ? filledToS : undefined;
      if (previous && filled !== undefined)
        for (const s of previous) if (isCurve(s)) drawCurve(ctx, s as CurveLike, f, { fromS: filled, alpha: 0.35 });
      for (const s of series) if (isCurve(s)) drawn.set(s.key, drawCurve(ctx, s as CurveLike, f));
    }

    // Markers as SVG paths (unchanged ones keep their path); a curve's record is an
    // empty <g> saying what the canvas drew, for tests and the export.
    const markerD = (s: ChartSeries): string => {
      let d = '';
      let k = 0;
      for (let i = 0; i < s.t.length; i++) {
        if (!Number.isFinite(s.t[i]) || !Number.isFinite(s.v[i])) continue;
        d += markerPath(s.shape, x(s.t[i]), y(s.v[i]));
        k++;
      }
      drawn.set(s.key, k);
      return d;
    };
    root
      .selectAll<SVGGElement, null>('g.series')
      .data([null])
      .join('g')
      .attr('class', 'series')
      .attr('clip-path', `url(#${clipId})`)
      .selectAll<SVGElement, ChartSeries>('[data-series]')
      .data(series, (s) => `${s.key}|${isCurve(s)}`)
      .join((enter) => enter.append((s) => document.createElementNS(SVG_NS, isCurve(s) ? 'g' : 'path')))
      .attr('data-series', (s) => s.key)
      .attr('data-color', (s) => s.color)
      .attr('data-shape', (s) => s.shape)
      .each(function (s) {
        if (isCurve(s)) return;
        // Only a changed path is written (an unchanged one costs no attribute update).
        const d = markerD(s);
        const el = this as SVGPathElement & { plabD?: string };
        if (el.plabD !== d) {
          el.setAttribute('d', d);
          el.plabD = d;
        }
        el.setAttribute('fill', s.shape === 'cross' ? 'none' : s.color);
        el.setAttribute('stroke', s.color);
        el.setAttribute('stroke-width', s.shape === 'cross' ? '2.5' : '1');
      })
      .attr('data-drawn', (s) => drawn.get(s.key) ?? 0);
    drawTimelineMarks(root, marks ?? [], x, innerH);

    // The crosshair (at the shared cursor time) and, on top, the hover surface.
    if (!sameFrame) {
      // Raised above the curves (a new series path is appended after it otherwise).
      drawPointerLayer(root, innerW, innerH, 'hover-surface', 'crosshair');
    }
    const crosshair = root.select<SVGLineElement>('line.crosshair');
    const surface = root.select<SVGRectElement>('rect.hover-surface');
    hoverRef.current = {
      x,
      y,
      innerH,
      lines: series.filter((s) => !isMarker(s.shape)),
      markers: series.filter((s) => isMarker(s.shape)),
    };
    if (!sameFrame) {
      attachHover(
        surface,
        () => hoverRef.current,
        () => tipRef.current,
        MARGIN,
      );
      attachMarkerKeys(
        svg,
        () => hoverRef.current,
        () => tipRef.current,
        MARGIN,
      );
    }
    frameRef.current = frame;
    paintCrosshair(crosshair.node(), hoverRef.current, cursorTime.get());
    paintReadout(readoutRef.current, hoverRef.current, cursorTime.get());
    svg
      .attr('data-x-domain', x.domain().join(','))
      .attr('data-y-domain', y.domain().join(','))
      .attr('data-plot', `${MARGIN.left},${MARGIN.top},${innerW},${innerH}`);

    const hash = hashArrays(series.flatMap((s) => [s.t, s.v]));
    svg
      .attr('data-hash', hash)
      .attr('data-points', points)
      .attr('data-series-keys', series.map((s) => s.key).join(','));
    onDrawn?.(hash);
  }, [series, width, height, xMax, yDomain, xLabel, yLabel, clipId, points, onDrawn, previous, filledToS, marks]);

  // Follow the shared cursor: move this chart's crosshair and rewrite its read-out.
  useEffect(
    () =>
      cursorTime.subscribe((t) => {
        const line = svgRef.current?.querySelector<SVGLineElement>('line.crosshair') ?? null;
        paintCrosshair(line, hoverRef.current, t);
        paintReadout(readoutRef.current, hoverRef.current, t);
      }),
    [],
  );

  const empty = points === 0;
  const hasMarkers = series.some((s) => isMarker(s.shape) && s.t.length > 0);
  return (
    <figure className="chart" ref={wrapRef}>
      <figcaption>
        <span className="chart-title">{title}</span>
        {showLegend && <ChartLegend testId={testId} series={series} />}
        <ExportMenu title={title} svgRef={svgRef} csv={() => timeChartCsv(series, yLabel)} />
      </figcaption>
      <div className="chart-body canvas-body">
        <canvas ref={canvasRef} className="plot-canvas" aria-hidden="true" data-testid={`${testId}-canvas`} />
        <svg
          ref={svgRef}
          data-testid={testId}
          role="img"
          aria-label={`${title}: ${yLabel} against ${xLabel}${hasMarkers ? ' (arrow keys: step through its events; Enter: zoom the time–sequence chart there)' : ''}`}
          tabIndex={hasMarkers ? 0 : undefined}
          aria-describedby={`${clipId}-summary`}
        />
        <ChartSummary
          id={`${clipId}-summary`}
          title={title}
          unit={`${yLabel} against ${xLabel}`}
          series={summarySeries}
        />
        {empty && <div className="chart-empty">{emptyText ?? 'no data in this run'}</div>}
        <div className="chart-tip" ref={tipRef} role="tooltip" hidden data-testid={`${testId}-tip`} />
      </div>
      <div className="readout" ref={readoutRef} data-testid={`${testId}-readout`} aria-live="off" />
    </figure>
  );
}
