// The time–sequence chart: every segment sent (new data), every retransmission, the
// cumulative ACK as it arrives and each SACK block as a vertical range, against time,
// so a recovery episode can be read segment by segment. Up to 30000 points per trace:
// the points go on one <canvas>; axes and the zoom surface are SVG. Zoom is on time
// only (wheel, drag to pan, double-click resets); y follows the data in view. The
// <svg> exposes data-points, data-hash (of the traces) and data-x-domain (seconds).
import { memo, useEffect, useId, useMemo, useRef } from 'react';
import { ChartSummary } from './ChartSummary';
import * as d3 from 'd3';
import { drawAxisTitles, drawPointerLayer, useContainerWidth } from './chartFrame';
import type { Extracted } from './series';
import { get, hashArrays } from './series';
import { decimate } from './decimate';
import { ExportMenu } from '../export/ExportMenu';
import { seqCsv } from '../export/seqCsv';
import { PALETTES, usePalette } from './palette';
import { cursorTime, seqZoomRequest } from './cursor';
import { paintCrosshair, paintReadout, type HoverState } from './chartHover';
import { explain } from './explain';
import { ExplainedLabel } from './ExplainedLabel';
import type { ParamModel } from '../model/params/params';
import type { SeqTraces } from './panels';
import { lowerBound, valueExtentIn, zoomWindowAround } from './seqWindow';
import { paintPreviousSeq, seqPrevious } from './previousDraw';
import { seqSummarySeries } from './seqSummary';

/** The standard palette's colours (palette.ts holds both palettes). */
export const SEQ_COLORS = PALETTES.standard;

const MARGIN = { top: 12, right: 22, bottom: 58, left: 84 };

export interface TimeSeqChartProps {
  ex?: Extracted;
  durationS?: number;
  height: number;
  /** Mean smoothed RTT (ms): sizes the "first recovery" zoom. */
  srttMs?: number;
  /** Whose trace this is, when there are several flows. */
  title?: string;
  /** The schema, for the legend's explanations. */
  model?: ParamModel;
  /** Which declared series are its traces (the panel's declaration, charts/panels.ts). */
  traces: SeqTraces;
  /** The last complete run, drawn dimmed where t > filledToS (a run filling in). */
  previous?: Extracted;
  filledToS?: number;
}

export const TimeSeqChart = memo(function TimeSeqChart({
  ex,
  durationS,
  height,
  srttMs,
  title = 'Time–sequence',
  model,
  traces,
  previous,
  filledToS,
}: TimeSeqChartProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const colors = usePalette();
  const svgRef = useRef<SVGSVGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const zoomTo = useRef<((a: number, b: number) => void) | null>(null);
  const hoverRef = useRef<HoverState | null>(null);
  const readoutRef = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(wrapRef);
  // The axes' and grid's last domains: a redraw with the same ones (live mode's frames)
  // leaves their DOM alone.
  const axesRef = useRef('');
  const srttRef = useRef(srttMs);
  srttRef.current = srttMs;

  const sent = ex ? get(ex, traces.sent) : undefined;
  const retx = ex ? get(ex, traces.retransmitted) : undefined;
  const acked = ex ? get(ex, traces.acked) : undefined;
  const sackS = ex ? get(ex, traces.sackStart) : undefined;
  const sackE = ex ? get(ex, traces.sackEnd) : undefined;
  const points = [sent, retx, acked, sackS, sackE].reduce((n, s) => n + (s?.t.length ?? 0), 0);
  const firstRetx = retx && retx.t.length ? retx.t[0] : undefined;
  const summaryId = `seq-summary-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const summarySeries = useMemo(() => seqSummarySeries(sent, retx, acked, sackS), [sent, retx, acked, sackS]);
  const dim = useMemo(() => seqPrevious(previous, filledToS, traces), [previous, filledToS, traces]);

  useEffect(() => {
    const svgEl = svgRef.current!;
    const canvas = canvasRef.current!;
    const svg = d3.select(svgEl);
    const w = Math.max(width, 240);
    const innerW = w - MARGIN.left - MARGIN.right;
    const innerH = height - MARGIN.top - MARGIN.bottom;
    const E = new Float64Array(0);
    const S = { t: sent?.t ?? E, v: sent?.v ?? E };
    const R = { t: retx?.t ?? E, v: retx?.v ?? E };
    const A = { t: acked?.t ?? E, v: acked?.v ?? E };
    const SS = { t: sackS?.t ?? E, v: sackS?.v ?? E };
    const SE = { t: sackE?.t ?? E, v: sackE?.v ?? E };
    const sackN = Math.min(SS.t.length, SE.t.length);

    let tMax = 0;
    for (const s of [S, R, A, SS]) if (s.t.length) tMax = Math.max(tMax, s.t[s.t.length - 1]);
    const x1 = durationS !== undefined && Number.isFinite(durationS) && durationS > 0 ? durationS : tMax > 0 ? tMax : 1;
    const xFull = d3.scaleLinear().domain([0, x1]).range([0, innerW]);

    svg.attr('viewBox', `0 0 ${w} ${height}`).attr('width', w).attr('height', height);
    const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    // Setting a canvas's size (even to the same) drops and reallocates its bitmap: only
    // when it changes, not on each of live mode's frames.
    const cw = Math.round(innerW * dpr);
    const ch = Math.round(innerH * dpr);
    if (canvas.width !== cw) canvas.width = cw;
    if (canvas.height !== ch) canvas.height = ch;
    canvas.style.left = `${MARGIN.left}px`;
    canvas.style.top = `${MARGIN.top}px`;
    canvas.style.width = `${innerW}px`;
    canvas.style.height = `${innerH}px`;

    const root = svg.selectAll<SVGGElement, null>('g.plot').data([null]).join('g').attr('class', 'plot');
    root.attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    const grid = root.selectAll<SVGGElement, null>('g.grid').data([null]).join('g').attr('class', 'grid');
    const xAxis = root
      .selectAll<SVGGElement, null>('g.x-axis')
      .data([null])
      .join('g')
      .attr('class', 'axis x-axis')
      .attr('transform', `translate(0,${innerH})`);
    const yAxis = root.selectAll<SVGGElement, null>('g.y-axis').data([null]).join('g').attr('class', 'axis y-axis');
    drawAxisTitles(root, innerW, innerH, 'time (s)', 'sequence number (segments)', { x: 46, y: 66 });
    const { crosshair, surface } = drawPointerLayer(root, innerW, innerH, 'zoom-surface', 'grab');

    const yTicks = Math.max(2, Math.min(8, Math.floor(innerH / 40)));
    const ctx = canvas.getContext('2d');

    let drawn = false;
    const draw = (xs: d3.ScaleLinear<number, number>) => {
      drawn = true;
      const [a, b] = xs.domain();
      const ext = valueExtentIn([S, R, A, SS, SE], a, b);
      let y0 = ext ? ext[0] : 0;
      let y1 = ext ? ext[1] : 1;
      if (!(y1 > y0)) {
        y0 -= 1;
        y1 += 1;
      }
      const pad = (y1 - y0) * 0.04;
      const y = d3
        .scaleLinear()
        .domain([Math.max(0, y0 - pad), y1 + pad])
        .range([innerH, 0])
        .nice(yTicks);

      const axesKey = [xs.domain(), y.domain(), innerW, innerH, yTicks].join('|');
      if (axesKey !== axesRef.current || xAxis.select('.tick').empty()) {
        axesRef.current = axesKey;
        xAxis.call(d3.axisBottom(xs).ticks(Math.max(2, Math.floor(innerW / 90))));
        yAxis.call(d3.axisLeft(y).ticks(yTicks, '~s'));
        grid.call(
          d3
            .axisLeft(y)
            .ticks(yTicks)
            .tickSize(-innerW)
            .tickFormat(() => ''),
        );
      }
      svg.attr('data-x-domain', `${+a.toFixed(6)},${+b.toFixed(6)}`);
      hoverRef.current = {
        x: xs,
        y,
        innerH,
        lines: [
          { key: traces.sent, label: 'last segment sent', t: S.t, v: S.v },
          { key: traces.acked, label: 'cumulative ACK', t: A.t, v: A.v },
        ],
        markers: [],
      };
      paintCrosshair(crosshair.node(), hoverRef.current, cursorTime.get());

      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, innerW, innerH);
      if (dim) paintPreviousSeq(ctx, dim, dim.filledToS, xs, y, colors);
      const range = (t: Float64Array) => [Math.max(0, lowerBound(t, a) - 1), Math.min(t.length, lowerBound(t, b) + 1)];

      // SACK blocks: a vertical bar from the block's start to its end.
      ctx.strokeStyle = colors.sackBlock;
      ctx.globalAlpha = 0.75;
      ctx.lineWidth = 3;
      ctx.beginPath();
      {
        const [i0, i1] = range(SS.t);
        for (let i = i0; i < Math.min(i1, sackN); i++) {
          const px = xs(SS.t[i]);
          ctx.moveTo(px, y(SS.v[i]));
          ctx.lineTo(px, y(SE.v[i]));
        }
      }
      ctx.stroke();
      ctx.globalAlpha = 1;

      // Cumulative ACK: a step line.
      ctx.strokeStyle = colors.acked;
      ctx.lineWidth = 2;
      ctx.beginPath();
      {
        const [i0, i1] = range(A.t);
        // At most four points per pixel column (decimate.ts): the same steps on screen.
        const keep = decimate(A.t.subarray(i0, i1), A.v.subarray(i0, i1), a, b, innerW);
        const m = keep ? keep.length : i1 - i0;
        let prev = NaN;
        for (let j = 0; j < m; j++) {
          const i = i0 + (keep ? keep[j] : j);
          const px = xs(A.t[i]);
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
        const [i0, i1] = range(S.t);
        const n = i1 - i0;
        const r = n < innerW / 6 ? 3 : n < innerW ? 2 : 1.3;
        ctx.fillStyle = colors.sent;
        // A square within a quarter pixel of the last one drawn adds nothing one can see
        // (a 20 s run sends ~50 segments per pixel column).
        let lx = NaN;
        let ly = NaN;
        for (let i = i0; i < i1; i++) {
          const px = xs(S.t[i]);
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
        const [i0, i1] = range(R.t);
        const r = 5;
        for (let i = i0; i < i1; i++) {
          const px = xs(R.t[i]);
          const py = y(R.v[i]);
          ctx.moveTo(px - r, py - r);
          ctx.lineTo(px + r, py + r);
          ctx.moveTo(px - r, py + r);
          ctx.lineTo(px + r, py - r);
        }
      }
      ctx.stroke();
    };

    const zoom = d3
      .zoom<SVGRectElement, null>()
      .scaleExtent([1, Math.max(2, x1 / 0.005)])
      .extent([
        [0, 0],
        [innerW, innerH],
      ])
      .translateExtent([
        [0, 0],
        [innerW, innerH],
      ])
      .on('start', () => surface.style('cursor', 'grabbing'))
      .on('end', () => surface.style('cursor', 'grab'))
      .on('zoom', (ev: d3.D3ZoomEvent<SVGRectElement, null>) => draw(ev.transform.rescaleX(xFull)));
    surface.call(zoom).on('dblclick.zoom', null);
    surface
      .on('pointermove.cursor', (ev: PointerEvent) => {
        const state = hoverRef.current;
        if (state) cursorTime.set(state.x.invert(d3.pointer(ev)[0]));
      })
      .on('pointerleave.cursor', () => cursorTime.set(null));
    surface.on('dblclick', () => surface.call(zoom.transform, d3.zoomIdentity));
    zoomTo.current = (a: number, b: number) => {
      const lo = Math.max(0, a);
      const hi = Math.min(x1, b);
      if (!(hi > lo)) return;
      const k = x1 / (hi - lo);
      surface.call(zoom.transform, d3.zoomIdentity.scale(k).translate(-xFull(lo), 0));
    };
    // Keep the zoom across new runs (the transform lives on the element); clamp it to
    // this run's extent.
    // Setting the transform draws (its zoom event); draw here only if it did not.
    const t = d3.zoomTransform(surface.node()!);
    drawn = false;
    surface.call(zoom.transform, t);
    if (!drawn) draw(d3.zoomTransform(surface.node()!).rescaleX(xFull));

    svg
      .attr('data-points', points)
      .attr('data-hash', hashArrays([S.t, S.v, R.t, R.v, A.t, A.v, SS.t, SS.v, SE.t, SE.v]));
  }, [sent, retx, acked, sackS, sackE, durationS, width, height, points, colors, traces.sent, traces.acked, dim]);

  // The shared crosshair and read-out; a marker clicked on any chart zooms here.
  useEffect(() => {
    const offCursor = cursorTime.subscribe((t) => {
      paintCrosshair(svgRef.current?.querySelector<SVGLineElement>('line.crosshair') ?? null, hoverRef.current, t);
      paintReadout(readoutRef.current, hoverRef.current, t);
    });
    const offZoom = seqZoomRequest.subscribe((t) => {
      const [a, b] = zoomWindowAround(t, srttRef.current);
      zoomTo.current?.(a, b);
    });
    return () => {
      offCursor();
      offZoom();
    };
  }, []);

  const firstRecovery = () => {
    if (firstRetx === undefined) return;
    const [a, b] = zoomWindowAround(firstRetx, srttMs);
    zoomTo.current?.(a, b);
  };

  return (
    <figure className="chart" ref={wrapRef}>
      <figcaption>
        <span className="chart-title">{title}</span>
        <ul className="legend">
          <li>
            <ExplainedLabel explanation={explain(model, traces.sent)} testId={`legend-chart-seq-${traces.sent}`}>
              <svg width="22" height="14" aria-hidden="true">
                <rect x="7" y="3" width="8" height="8" fill={colors.sent} />
              </svg>
              segment sent
            </ExplainedLabel>
          </li>
          <li>
            <ExplainedLabel
              explanation={explain(model, traces.retransmitted)}
              testId={`legend-chart-seq-${traces.retransmitted}`}
            >
              <svg width="22" height="14" aria-hidden="true">
                <path d="M5,1L17,13M5,13L17,1" stroke={colors.retransmitted} strokeWidth="2.5" />
              </svg>
              retransmitted
            </ExplainedLabel>
          </li>
          <li>
            <ExplainedLabel explanation={explain(model, traces.acked)} testId={`legend-chart-seq-${traces.acked}`}>
              <svg width="30" height="14" aria-hidden="true">
                <path d="M1,12H10V7H19V2H29" fill="none" stroke={colors.acked} strokeWidth="2.5" />
              </svg>
              cumulative ACK
            </ExplainedLabel>
          </li>
          <li>
            <ExplainedLabel
              explanation={explain(model, traces.sackStart)}
              testId={`legend-chart-seq-${traces.sackStart}`}
            >
              <svg width="22" height="14" aria-hidden="true">
                <line x1="11" y1="1" x2="11" y2="13" stroke={colors.sackBlock} strokeWidth="4" />
              </svg>
              SACK block
            </ExplainedLabel>
          </li>
        </ul>
        <span className="chart-hint">
          scroll to zoom time · drag to pan · double-click to reset
          {firstRetx !== undefined && (
            <>
              {' · '}
              <button type="button" className="link" onClick={firstRecovery} data-testid="seq-first-recovery">
                zoom to the first retransmission
              </button>
            </>
          )}
        </span>
        <ExportMenu title={title} svgRef={svgRef} csv={ex ? () => seqCsv(ex) : undefined} />
      </figcaption>
      <div className="chart-body seq-body">
        <canvas ref={canvasRef} className="seq-canvas" aria-hidden="true" />
        <svg
          ref={svgRef}
          data-testid="chart-seq"
          role="img"
          aria-label="Time–sequence: segments sent, retransmitted, ACKed and SACKed against time"
          aria-describedby={summaryId}
        />
        <ChartSummary id={summaryId} title={title} unit="segment number against time (s)" series={summarySeries} />
        {points === 0 && <div className="chart-empty">no time–sequence trace in this run</div>}
      </div>
      <div className="readout" ref={readoutRef} data-testid="chart-seq-readout" aria-live="off" />
    </figure>
  );
});
