// The sweep chart: x = the swept parameter (linear or log axis), y = a summary figure:
// the mean over seeds as a line with dots, the min–max over seeds as a band, and
// optional model curves (dashed). Takes finished numbers; draws one path per layer.
// The <svg> exposes data-points (points with a value) and data-hash (of x, mean, min,
// max) so a test can tell two sweeps apart or find them equal.
import { memo, useEffect, useRef, useState } from 'react';
import * as d3 from 'd3';
import type { SweepPoint } from '../model/sweep';
import { hashArrays } from './series';

export interface ModelCurve {
  key: string;
  label: string;
  color: string;
  dash: string;
  x: number[];
  y: number[];
}

export interface SweepChartProps {
  points: SweepPoint[];
  models: ModelCurve[];
  xDomain: [number, number];
  xLog: boolean;
  xLabel: string;
  yLabel: string;
  height: number;
  k: number;
}

const MARGIN = { top: 16, right: 28, bottom: 60, left: 84 };
export const MEASURED_COLOR = '#1f3b57';

export const SweepChart = memo(function SweepChart(props: SweepChartProps) {
  const { points, models, xDomain, xLog, xLabel, yLabel, height, k } = props;
  const wrapRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(800);

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const ro = new ResizeObserver((entries) => {
      const w = Math.round(entries[0].contentRect.width);
      if (w > 0) setWidth((old) => (Math.abs(old - w) > 1 ? w : old));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const svg = d3.select(svgRef.current!);
    const w = Math.max(width, 240);
    const innerW = w - MARGIN.left - MARGIN.right;
    const innerH = height - MARGIN.top - MARGIN.bottom;
    svg.attr('viewBox', `0 0 ${w} ${height}`).attr('width', w).attr('height', height);

    let [a, b] = xDomain;
    if (a > b) [a, b] = [b, a];
    const log = xLog && a > 0;
    const x = (log ? d3.scaleLog() : d3.scaleLinear()).domain([a, b]).range([0, innerW]);
    let lo = Infinity;
    let hi = -Infinity;
    for (const p of points) {
      lo = Math.min(lo, p.min);
      hi = Math.max(hi, p.max);
    }
    for (const m of models) for (const v of m.y) if (Number.isFinite(v)) (lo = Math.min(lo, v)), (hi = Math.max(hi, v));
    if (!(hi >= lo)) [lo, hi] = [0, 1];
    if (lo >= 0) lo = 0;
    if (hi === lo) hi = lo + 1;
    const yTicks = Math.max(2, Math.min(8, Math.floor(innerH / 40)));
    const y = d3
      .scaleLinear()
      .domain([lo, hi * 1.06])
      .range([innerH, 0])
      .nice(yTicks);

    const root = svg.selectAll<SVGGElement, null>('g.plot').data([null]).join('g').attr('class', 'plot');
    root.attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    root
      .selectAll<SVGGElement, null>('g.grid')
      .data([null])
      .join('g')
      .attr('class', 'grid')
      .call(
        d3
          .axisLeft(y)
          .ticks(yTicks)
          .tickSize(-innerW)
          .tickFormat(() => ''),
      );
    // Log axis: ticks at 1, 2, 5 × 10^k only, so the labels never crowd.
    const fmt = d3.format('~g');
    const xAxis = log
      ? d3
          .axisBottom(x)
          .tickValues(
            (x as d3.ScaleLogarithmic<number, number>).ticks().filter((v) => {
              const m = Math.round(v / 10 ** Math.floor(Math.log10(v) + 1e-9));
              return m === 1 || m === 2 || m === 5;
            }),
          )
          .tickFormat((v) => fmt(v as number))
      : d3.axisBottom(x).ticks(Math.max(2, Math.floor(innerW / 90)));
    root
      .selectAll<SVGGElement, null>('g.x-axis')
      .data([null])
      .join('g')
      .attr('class', 'axis x-axis')
      .attr('transform', `translate(0,${innerH})`)
      .call(xAxis);
    root
      .selectAll<SVGGElement, null>('g.y-axis')
      .data([null])
      .join('g')
      .attr('class', 'axis y-axis')
      .call(d3.axisLeft(y).ticks(yTicks, '~s'));
    root
      .selectAll('text.x-title')
      .data([xLabel + (log ? ' — log scale' : '')])
      .join('text')
      .attr('class', 'axis-title x-title')
      .attr('x', innerW / 2)
      .attr('y', innerH + 48)
      .attr('text-anchor', 'middle')
      .text((d) => d);
    root
      .selectAll('text.y-title')
      .data([yLabel])
      .join('text')
      .attr('class', 'axis-title y-title')
      .attr('transform', `translate(${-66},${innerH / 2}) rotate(-90)`)
      .attr('text-anchor', 'middle')
      .text((d) => d);

    const layers = root.selectAll<SVGGElement, null>('g.layers').data([null]).join('g').attr('class', 'layers');
    const band = d3
      .area<SweepPoint>()
      .x((p) => x(p.x))
      .y0((p) => y(p.min))
      .y1((p) => y(p.max));
    const mean = d3
      .line<SweepPoint>()
      .x((p) => x(p.x))
      .y((p) => y(p.mean));
    let dots = '';
    const r = points.length > 60 ? 3 : 4.5;
    for (const p of points) {
      const px = x(p.x);
      const py = y(p.mean);
      dots += `M${px - r},${py}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
    }

    type Layer = { key: string; d: string; fill: string; stroke: string; width: number; dash: string | null; opacity: number };
    const list: Layer[] = [
      { key: 'band', d: band(points) ?? '', fill: MEASURED_COLOR, stroke: 'none', width: 0, dash: null, opacity: 0.16 },
      ...models.map((m) => {
        const gen = d3
          .line<number>()
          .defined((v) => Number.isFinite(v))
          .x((_, i) => x(m.x[i]))
          .y((v) => y(v));
        return { key: m.key, d: gen(m.y) ?? '', fill: 'none', stroke: m.color, width: 2.8, dash: m.dash, opacity: 1 };
      }),
      { key: 'mean', d: mean(points) ?? '', fill: 'none', stroke: MEASURED_COLOR, width: 3, dash: null, opacity: 1 },
      { key: 'dots', d: dots, fill: MEASURED_COLOR, stroke: '#fff', width: 1.2, dash: null, opacity: 1 },
    ];
    layers
      .selectAll<SVGPathElement, Layer>('path')
      .data(list, (l) => l.key)
      .join('path')
      .attr('data-layer', (l) => l.key)
      .attr('d', (l) => l.d)
      .attr('fill', (l) => l.fill)
      .attr('fill-opacity', (l) => l.opacity)
      .attr('stroke', (l) => l.stroke)
      .attr('stroke-width', (l) => l.width)
      .attr('stroke-dasharray', (l) => l.dash)
      .attr('stroke-linejoin', 'round');

    const col = (f: (p: SweepPoint) => number) => Float64Array.from(points, f);
    svg
      .attr('data-points', points.length)
      .attr('data-hash', hashArrays([col((p) => p.x), col((p) => p.mean), col((p) => p.min), col((p) => p.max)]))
      .attr('data-models', models.map((m) => m.key).join(','));
  }, [points, models, xDomain, xLog, xLabel, yLabel, width, height]);

  return (
    <figure className="chart" ref={wrapRef}>
      <figcaption>
        <span className="chart-title">{yLabel} against {xLabel}</span>
        <ul className="legend">
          <li>
            <svg width="34" height="16" aria-hidden="true">
              <rect x="1" y="2" width="32" height="12" fill={MEASURED_COLOR} fillOpacity="0.16" />
              <line x1="1" y1="8" x2="33" y2="8" stroke={MEASURED_COLOR} strokeWidth="3" />
              <circle cx="17" cy="8" r="4" fill={MEASURED_COLOR} />
            </svg>
            measured: mean of {k} seed{k === 1 ? '' : 's'}, band = min–max
          </li>
          {models.map((m) => (
            <li key={m.key}>
              <svg width="34" height="14" aria-hidden="true">
                <line x1="1" y1="7" x2="33" y2="7" stroke={m.color} strokeWidth="3" strokeDasharray={m.dash} />
              </svg>
              {m.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <div className="chart-body">
        <svg ref={svgRef} data-testid="chart-sweep" role="img" aria-label={`${yLabel} against ${xLabel}`} />
        {points.length === 0 && <div className="chart-empty">no points yet — Run the sweep</div>}
      </div>
    </figure>
  );
});
