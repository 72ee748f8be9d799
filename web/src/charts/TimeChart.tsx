// A time-series chart: takes columns (typed arrays) and draws them with d3 scales, axes
// and one <path> per series (markers too: one path per marker series). It owns no
// simulation state and creates no per-point React elements. The <svg> exposes
// data-points (points drawn) and data-hash (checksum of the drawn values) for tests,
// and data-x-domain, data-y-domain and data-plot (left,top,width,height) so a test can
// point at a drawn value. Hovering draws the shared crosshair and the read-out
// (chartHover.ts); legend entries and markers explain themselves.
import { useEffect, useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { drawAxisTitles, drawPointerLayer, drawYGrid, useContainerWidth } from './chartFrame';
import { hashArrays, maxFinite, robustMax } from './series';
import { decimate } from './decimate';
import { attachHover, attachMarkerKeys, paintCrosshair, paintReadout, type HoverState } from './chartHover';
import { cursorTime } from './cursor';
import { ExplainedLabel } from './ExplainedLabel';
import { ExportMenu } from '../export/ExportMenu';
import { timeChartCsv } from '../export/chartCsv';
import { ChartSummary } from './ChartSummary';
import { drawPreviousPaths } from './previousDraw';

export type Shape = 'line' | 'step' | 'area' | 'dots' | 'triangle' | 'diamond' | 'cross';

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
  /** The last complete run's series, drawn dimmed where t > filledToS (a run filling
   * in, previousDraw.ts); they count in the axes' extent, so the axes hold still. */
  previous?: ChartSeries[];
  filledToS?: number;
}

const MARGIN = { top: 14, right: 22, bottom: 58, left: 74 };

function markerPath(shape: Shape, x: number, y: number): string {
  const r = 6;
  switch (shape) {
    case 'triangle':
      return `M${x},${y - r}L${x + r},${y + r * 0.8}L${x - r},${y + r * 0.8}Z`;
    case 'diamond':
      return `M${x},${y - r}L${x + r},${y}L${x},${y + r}L${x - r},${y}Z`;
    case 'cross':
      return `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`;
    default: {
      const d = 3.5;
      return `M${x - d},${y}a${d},${d} 0 1,0 ${2 * d},0a${d},${d} 0 1,0 ${-2 * d},0`;
    }
  }
}

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
  } = props;
  const wrapRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const readoutRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const hoverRef = useRef<HoverState | null>(null);
  // What the axes, grid, titles and pointer layer were last drawn for: a redraw with
  // the same frame (live mode's every frame, most slider steps) rewrites only the curves.
  const frameRef = useRef('');
  const pathCache = useRef(
    new WeakMap<Float64Array, { t: Float64Array; base?: Float64Array; shape: Shape; key: string; d: string }>(),
  );
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

    // Domains: never NaN, never zero-width.
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

    // A series drawn before in the same frame (same domains and size) keeps its path:
    // the compare view redraws every protocol's curves as each one's run arrives.
    const pathKey = `${frame}|${innerW}|${innerH}`;
    const cache = pathCache.current;
    const line = (s: ChartSeries): string => {
      const hit = cache.get(s.v);
      if (hit && hit.t === s.t && hit.base === s.base && hit.shape === s.shape && hit.key === pathKey) return hit.d;
      const d = buildLine(s);
      cache.set(s.v, { t: s.t, base: s.base, shape: s.shape, key: pathKey, d });
      return d;
    };
    const buildLine = (s: ChartSeries): string => {
      const n = s.t.length;
      if (n === 0) return '';
      if (s.shape === 'area') {
        const base = s.base;
        const gen = d3
          .area<number>()
          .defined((i) => Number.isFinite(s.t[i]) && Number.isFinite(s.v[i]))
          .x((i) => x(s.t[i]))
          .y0((i) => y(base && Number.isFinite(base[i]) ? base[i] : 0))
          .y1((i) => y(s.v[i]))
          .curve(d3.curveStepAfter);
        return gen(d3.range(n)) ?? '';
      }
      if (s.shape === 'line' || s.shape === 'step') {
        const gen = d3
          .line<number>()
          .defined((i) => Number.isFinite(s.t[i]) && Number.isFinite(s.v[i]))
          .x((i) => x(s.t[i]))
          .y((i) => y(s.v[i]))
          .curve(s.shape === 'step' ? d3.curveStepAfter : d3.curveLinear);
        // At most four points per pixel column: the same picture, a far shorter path.
        return gen(decimate(s.t, s.v, 0, x1, innerW) ?? d3.range(n)) ?? '';
      }
      let d = '';
      for (let i = 0; i < n; i++) {
        if (!Number.isFinite(s.t[i]) || !Number.isFinite(s.v[i])) continue;
        d += markerPath(s.shape, x(s.t[i]), y(s.v[i]));
      }
      return d;
    };

    // The previous run, dimmed, under the new curves and only right of them.
    drawPreviousPaths(
      root,
      dimmed.filter((s) => !isMarker(s.shape)),
      filledToS ?? 0,
      clipId,
      buildLine,
    );

    root
      .selectAll<SVGGElement, null>('g.series')
      .data([null])
      .join('g')
      .attr('class', 'series')
      .attr('clip-path', `url(#${clipId})`)
      .selectAll<SVGPathElement, ChartSeries>('path')
      .data(series, (s) => s.key)
      .join('path')
      .attr('data-series', (s) => s.key)
      .each(function (s) {
        // Only a changed path is written (an unchanged one costs no attribute update).
        const d = line(s);
        const el = this as SVGPathElement & { plabD?: string };
        if (el.plabD !== d) {
          el.setAttribute('d', d);
          el.plabD = d;
        }
      })
      .attr('fill-opacity', (s) => (s.shape === 'area' ? 0.85 : null))
      .attr('fill', (s) => (s.shape === 'line' || s.shape === 'step' || s.shape === 'cross' ? 'none' : s.color))
      .attr('stroke', (s) => s.color)
      .attr('stroke-width', (s) =>
        s.shape === 'area' ? 0.5 : s.shape === 'line' || s.shape === 'step' ? 2.5 : s.shape === 'cross' ? 2.5 : 1,
      )
      .attr('stroke-dasharray', (s) => s.dash ?? null)
      .attr('stroke-linejoin', 'round');

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
  }, [series, width, height, xMax, yDomain, xLabel, yLabel, clipId, points, onDrawn, previous, filledToS]);

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
        {showLegend && (
          <ul className="legend">
            {series.map((s) => (
              <li key={s.key}>
                <ExplainedLabel
                  explanation={s.help ? { help: s.help, source: s.source ?? '' } : undefined}
                  testId={`legend-${testId}-${s.key}`}
                >
                  <svg width="30" height="14" aria-hidden="true">
                    {s.shape === 'area' ? (
                      <rect x="3" y="2" width="24" height="10" fill={s.color} />
                    ) : s.shape === 'line' || s.shape === 'step' ? (
                      <line x1="1" y1="7" x2="29" y2="7" stroke={s.color} strokeWidth="3" strokeDasharray={s.dash} />
                    ) : (
                      <path
                        d={markerPath(s.shape, 15, 7)}
                        fill={s.shape === 'cross' ? 'none' : s.color}
                        stroke={s.color}
                        strokeWidth="2"
                      />
                    )}
                  </svg>
                  {s.label}
                </ExplainedLabel>
              </li>
            ))}
          </ul>
        )}
        <ExportMenu title={title} svgRef={svgRef} csv={() => timeChartCsv(series, yLabel)} />
      </figcaption>
      <div className="chart-body">
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
