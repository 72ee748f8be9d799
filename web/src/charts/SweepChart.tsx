// The sweep chart: x = the swept parameter (linear or log axis), y = a summary figure:
// per series (one, or one per protocol) the mean over seeds as a line with dots and
// the min–max over seeds as a band, and optional model curves (dashed). Takes finished
// numbers; draws one path per layer. The <svg> exposes data-points (points with a
// value, all series), data-hash (of x, mean, min, max) and data-series so a test can
// tell two sweeps apart or find them equal; each series' <g> carries its own points.
import { memo, useEffect, useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { drawAxisTitles, drawYGrid, useContainerWidth } from './chartFrame';
import type { SweepPoint } from '../model/sweep/sweep';
import { hashArrays } from './series';
import { plainTick } from './tickFormat';
import { ExportMenu } from '../export/ExportMenu';
import { ExportLegendContext, type LegendItem } from '../export/legend';
import { sweepCsv } from '../export/sweepCsv';

export interface ModelCurve {
  key: string;
  label: string;
  color: string;
  dash: string;
  x: number[];
  y: number[];
}

export interface SweepLineStyle {
  key: string;
  label: string;
  color: string;
  points: SweepPoint[];
}

export interface LegendEntry {
  key: string;
  label: string;
  color: string;
  hidden: boolean;
}

export interface SweepChartProps {
  /** The series drawn (hidden ones left out). */
  lines: SweepLineStyle[];
  models: ModelCurve[];
  /** By protocol: every series, with a button that hides or shows it. */
  legend?: LegendEntry[];
  onToggle?: (key: string) => void;
  xDomain: [number, number];
  xLog: boolean;
  xLabel: string;
  yLabel: string;
  height: number;
  k: number;
}

const MARGIN = { top: 16, right: 28, bottom: 60, left: 84 };

/** The exported image's key (export/legend.ts): each series drawn, each model curve. */
function sweepKey(lines: readonly SweepLineStyle[], models: readonly ModelCurve[], k: number): LegendItem[] {
  const how = `mean of ${k} seed${k === 1 ? '' : 's'}, bars = 95 % CI`;
  return [
    ...lines.map((l) => ({ label: `${l.label}: ${how}`, color: l.color, shape: 'line' as const })),
    ...models.map((m) => ({ label: m.label, color: m.color, shape: 'line' as const, dash: m.dash })),
  ];
}
export const MEASURED_COLOR = '#1f3b57';

function Swatch({ color }: { color: string }) {
  return (
    <svg width="34" height="16" aria-hidden="true">
      <rect x="1" y="2" width="32" height="12" fill={color} fillOpacity="0.16" />
      <line x1="1" y1="8" x2="33" y2="8" stroke={color} strokeWidth="3" />
      <circle cx="17" cy="8" r="4" fill={color} />
    </svg>
  );
}

export const SweepChart = memo(function SweepChart(props: SweepChartProps) {
  const { lines, models, legend, onToggle, xDomain, xLog, xLabel, yLabel, height, k } = props;
  const points = useMemo(() => lines.flatMap((l) => l.points), [lines]);
  const wrapRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const width = useContainerWidth(wrapRef);

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
    for (const m of models)
      for (const v of m.y)
        if (Number.isFinite(v)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
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
    drawYGrid(root, d3.axisLeft(y), yTicks, innerW);
    // Log axis: ticks at 1, 2, 5 × 10^k only, so the labels never crowd.
    const xAxis = log
      ? d3
          .axisBottom(x)
          .tickValues(
            (x as d3.ScaleLogarithmic<number, number>).ticks().filter((v) => {
              const m = Math.round(v / 10 ** Math.floor(Math.log10(v) + 1e-9));
              return m === 1 || m === 2 || m === 5;
            }),
          )
          .tickFormat((v) => plainTick(v as number))
      : d3
          .axisBottom(x)
          .ticks(Math.max(2, Math.floor(innerW / 90)))
          .tickFormat((v) => plainTick(v as number));
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
      // Plain numbers: "~g" prints 10 as "1e+1", and SI prefixes ("900m") read as units.
      .call(
        d3
          .axisLeft(y)
          .ticks(yTicks)
          .tickFormat((v) => plainTick(v as number)),
      );
    drawAxisTitles(root, innerW, innerH, xLabel + (log ? ' — log scale' : ''), yLabel, { x: 48, y: 66 });

    const band = d3
      .area<SweepPoint>()
      .x((p) => x(p.x))
      .y0((p) => y(p.min))
      .y1((p) => y(p.max));
    const mean = d3
      .line<SweepPoint>()
      .x((p) => x(p.x))
      .y((p) => y(p.mean));
    const many = lines.length > 1;
    const dotsOf = (pts: SweepPoint[]) => {
      let dots = '';
      const r = pts.length > 60 || many ? 3.4 : 4.5;
      for (const p of pts) {
        const px = x(p.x);
        const py = y(p.mean);
        dots += `M${px - r},${py}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
      }
      return dots;
    };

    // 95 % confidence intervals of the means as error bars with caps.
    const barsOf = (pts: SweepPoint[]) => {
      let d = '';
      for (const p of pts) {
        if (!(p.ci95 > 0)) continue;
        const px = x(p.x);
        const top = y(p.mean + p.ci95);
        const bottom = y(p.mean - p.ci95);
        d += `M${px},${top}V${bottom}M${px - 4},${top}h8M${px - 4},${bottom}h8`;
      }
      return d;
    };

    type Layer = {
      key: string;
      d: string;
      fill: string;
      stroke: string;
      width: number;
      dash: string | null;
      opacity: number;
    };
    // Bands first (all series), then models, then the means and dots on top.
    const bands: Layer[] = lines.map((l) => ({
      key: `band:${l.key}`,
      d: band(l.points) ?? '',
      fill: l.color,
      stroke: 'none',
      width: 0,
      dash: null,
      opacity: many ? 0.12 : 0.16,
    }));
    const modelLayers: Layer[] = models.map((m) => {
      const gen = d3
        .line<number>()
        .defined((v) => Number.isFinite(v))
        .x((_, i) => x(m.x[i]))
        .y((v) => y(v));
      return { key: m.key, d: gen(m.y) ?? '', fill: 'none', stroke: m.color, width: 2.8, dash: m.dash, opacity: 1 };
    });
    const means: Layer[] = lines.flatMap((l) => [
      { key: `ci:${l.key}`, d: barsOf(l.points), fill: 'none', stroke: l.color, width: 1.6, dash: null, opacity: 1 },
      {
        key: `mean:${l.key}`,
        d: mean(l.points) ?? '',
        fill: 'none',
        stroke: l.color,
        width: 3,
        dash: null,
        opacity: 1,
      },
      { key: `dots:${l.key}`, d: dotsOf(l.points), fill: l.color, stroke: '#fff', width: 1.2, dash: null, opacity: 1 },
    ]);
    const layers = root.selectAll<SVGGElement, null>('g.layers').data([null]).join('g').attr('class', 'layers');
    layers
      .selectAll<SVGPathElement, Layer>('path')
      .data([...bands, ...modelLayers, ...means], (l) => l.key)
      .join('path')
      .attr('data-layer', (l) => l.key)
      .attr('d', (l) => l.d)
      .attr('fill', (l) => l.fill)
      .attr('fill-opacity', (l) => l.opacity)
      .attr('stroke', (l) => l.stroke)
      .attr('stroke-width', (l) => l.width)
      .attr('stroke-dasharray', (l) => l.dash)
      .attr('stroke-linejoin', 'round');
    // Each series' numbers, for tests and anyone reading the DOM.
    root
      .selectAll<SVGGElement, SweepLineStyle>('g.series-data')
      .data(lines, (l) => l.key)
      .join('g')
      .attr('class', 'series-data')
      .attr('data-series', (l) => l.key)
      .attr('data-x', (l) => l.points.map((p) => p.x).join(','))
      .attr('data-mean', (l) => l.points.map((p) => +p.mean.toPrecision(6)).join(','))
      .attr('data-n', (l) => l.points.map((p) => p.n).join(','))
      .attr('data-ci95', (l) => l.points.map((p) => +p.ci95.toPrecision(6)).join(','));

    const col = (f: (p: SweepPoint) => number) => Float64Array.from(points, f);
    svg
      .attr('data-points', points.length)
      .attr('data-hash', hashArrays([col((p) => p.x), col((p) => p.mean), col((p) => p.min), col((p) => p.max)]))
      .attr('data-models', models.map((m) => m.key).join(','))
      .attr('data-series', lines.map((l) => l.key).join(','));
  }, [lines, points, models, xDomain, xLog, xLabel, yLabel, width, height]);

  return (
    <figure className="chart" ref={wrapRef}>
      <figcaption>
        <span className="chart-title">
          {yLabel} against {xLabel}
        </span>
        <ul className="legend" data-testid="sweep-legend">
          {legend && legend.length > 0 ? (
            <>
              {legend.map((e) => (
                <li key={e.key}>
                  <button
                    type="button"
                    className="legend-toggle"
                    aria-pressed={!e.hidden}
                    data-testid={`sweep-legend:${e.key}`}
                    title={e.hidden ? `show ${e.label}` : `hide ${e.label}`}
                    onClick={() => onToggle?.(e.key)}
                  >
                    <Swatch color={e.color} />
                    {e.label}
                  </button>
                </li>
              ))}
              <li className="legend-note">
                mean of {k} seed{k === 1 ? '' : 's'}, bars = 95 % CI, band = min–max · click a protocol to hide it
              </li>
            </>
          ) : (
            <li>
              <Swatch color={lines[0]?.color ?? MEASURED_COLOR} />
              measured: mean of {k} seed{k === 1 ? '' : 's'}, bars = 95 % CI, band = min–max
            </li>
          )}
          {models.map((m) => (
            <li key={m.key}>
              <svg width="34" height="14" aria-hidden="true">
                <line x1="1" y1="7" x2="33" y2="7" stroke={m.color} strokeWidth="3" strokeDasharray={m.dash} />
              </svg>
              {m.label}
            </li>
          ))}
        </ul>
        <ExportLegendContext.Provider value={new Map([[`${yLabel} against ${xLabel}`, sweepKey(lines, models, k)]])}>
          <ExportMenu
            title={`${yLabel} against ${xLabel}`}
            svgRef={svgRef}
            csv={() => sweepCsv(lines, models, xLabel, yLabel)}
          />
        </ExportLegendContext.Provider>
      </figcaption>
      <div className="chart-body">
        <svg ref={svgRef} data-testid="chart-sweep" role="img" aria-label={`${yLabel} against ${xLabel}`} />
        {points.length === 0 && <div className="chart-empty">no points yet — Run the sweep</div>}
      </div>
    </figure>
  );
});
