// The live charts (cwnd, time–sequence, tokens, playback), as the engine declares them
// (charts/panels.ts builds them). Data comes from the store's last displayed result; after they
// have drawn it, the page sets a performance mark (plab:redrawn) and the measure
// plab:input->redrawn, which the browser benchmark reads.
import { isPartial, PartialMark } from '../components/PartialMark';
import { memo, useEffect, useMemo, useRef } from 'react';
import type { Displayed, Filling } from '../state/store';
import type { FlowActions } from '../state/actions';
import type { ParamModel } from '../model/params/params';
import { FlowLegend } from './FlowLegend';
import {
  MARK_FIRST_REDRAWN,
  MARK_INPUT,
  MARK_REDRAWN,
  MARK_RESULT,
  MEASURE_INPUT_TO_FIRST_REDRAWN,
  MEASURE_INPUT_TO_REDRAWN,
  MEASURE_RESULT_TO_REDRAWN,
} from '../state/store';
import { PALETTES, usePalette } from './palette';
import { useDisplay } from '../present/display';
import { useFillHeight } from '../present/spaceBelow';
import { chartsPerPage } from '../present/chartPages';
import { useChartPages, useViewportHeight } from '../present/ChartPager';
import { buildLivePanels } from './panels';
import { PanelCharts } from './PanelCharts';
import { timelineMarksOf } from './timelineMarks';
import type { TimelineEntry } from '../url/timeline';

/** The standard palette's colours (palette.ts holds both palettes). */
export const COLORS = PALETTES.standard;

/** Chart heights that let all three charts share one projector screen (1080 p) with
 * the header and summary; on small screens they keep a readable minimum and scroll.
 * Presentation and embed mode lay the charts out two by two (present.css) and size
 * them from the viewport, so all of them fit without scrolling. */
/** `charts`: how many charts share presentation mode's grid (two columns; two or
 * fewer charts take one row). */
export function useChartHeights(charts = 4): { main: number; other: number } {
  const vh = useViewportHeight();
  const display = useDisplay();
  if (display.embed || display.present) {
    const h = gridChartHeight(vh, display, charts);
    return { main: h, other: h };
  }
  // 240 at least: a plot of ~170 px, which holds a y title as long as "share of throughput (%)".
  const other = Math.round(Math.min(340, Math.max(240, (vh - 400) / 3.3)));
  return { main: Math.round(other * 1.3), other };
}

/** One chart's plot height in presentation mode's two-by-two grid (or embed mode's one
 * row of the two main charts, under the compare view's legend): the viewport less the chrome above the grid
 * (present.css keeps it within these budgets), per row, less each figure's caption. */
export function gridChartHeight(vh: number, display: { present: boolean; embed: boolean }, charts = 4): number {
  if (display.embed) return Math.max(120, Math.floor(vh - 160));
  // Two charts or fewer (a 720-line screen's page, chartPages.ts) sit in one row.
  if (charts <= 2) return Math.max(120, Math.floor(vh - 400));
  return Math.max(120, Math.floor((vh - 230) / 2 - 90));
}

/** The least plot height presentation mode's fill gives a live chart (below it the page scrolls). */
const MIN_FILL = 120;

/** A run with more than one flow, or with background traffic, gets the many-flow charts. */
export function isMultiFlow(displayed: Pick<Displayed, 'result'> | undefined): boolean {
  const r = displayed?.result;
  return !!r && ((r.flows?.length ?? 0) > 1 || (r.groups?.length ?? 0) > 0);
}

export interface ChartsProps {
  displayed?: Displayed;
  /** The newest run filling in: drawn over `displayed`, which shows dimmed to its right. */
  filling?: Filling;
  /** The newest run asked for: only its first frame is measured (an older run's slice
   * drawn after a newer input is not the newer input's first frame). */
  requestedId?: number;
  stale: boolean;
  store: Pick<FlowActions, 'toggleFlow'>;
  model?: ParamModel;
  hiddenFlows: number[];
  selectedFlow: number;
  traceFlow: number;
  /** Live mode's timeline (the changes applied during Play), marked on every chart. */
  timeline?: readonly TimelineEntry[];
}

export const Charts = memo(function Charts({
  displayed,
  filling,
  requestedId,
  stale,
  store,
  model,
  hiddenFlows,
  selectedFlow,
  traceFlow,
  timeline,
}: ChartsProps) {
  const display = useDisplay();
  // Presentation mode shows a page of the charts at a time (chartPages.ts): heights for as many.
  const budgeted = useChartHeights(chartsPerPage(useViewportHeight()));
  // Presentation mode: the charts fill the screen below what is above them, row by row
  // (measured, as Compare and Sweep do: the bars above wrap differently on each screen).
  const sectionRef = useRef<HTMLElement>(null);
  const fill = useFillHeight(sectionRef, display.present);
  const heights = useMemo(
    () => (fill === null ? budgeted : { main: Math.max(MIN_FILL, fill), other: Math.max(MIN_FILL, fill) }),
    [fill, budgeted],
  );
  const colors = usePalette();
  const ex = displayed?.series;
  const xMax = displayed?.durationS;
  const multi = isMultiFlow(filling ?? displayed);

  // Every chart from the engine's panel declarations (panels.ts), for this layout: of
  // the run filling in if there is one, with the last complete run's as `previous`.
  const panelsOf = useMemo(
    () => (d: Displayed | Filling | undefined) => {
      if (!d) return [];
      const r = d.result;
      const flows = r.flows ?? [];
      return buildLivePanels(
        model,
        {
          ex: d.series,
          durationS: d.durationS,
          summary: r.summary ?? {},
          flows,
          groups: r.groups ?? [],
          links: r.links,
        },
        {
          layout: multi ? 'multi' : 'single',
          shownFlows: flows.filter((f) => !hiddenFlows.includes(f.index)).map((f) => f.index),
          selectedFlow,
          traceFlow,
          colors,
        },
      );
    },
    [model, multi, hiddenFlows, selectedFlow, traceFlow, colors],
  );
  const completePanels = useMemo(() => panelsOf(displayed), [panelsOf, displayed]);
  const fillingPanels = useMemo(() => (filling ? panelsOf(filling) : undefined), [panelsOf, filling]);
  const previous = useMemo(
    () => (fillingPanels ? new Map(completePanels.map((p) => [p.testId, p])) : undefined),
    [fillingPanels, completePanels],
  );
  const panels = fillingPanels ?? completePanels;
  // Presentation mode: a page of them at a time (two or four, chartPages.ts).
  const { shown, pager } = useChartPages(panels, display.present);

  // The first frame that draws anything of the newest run (a slice or all of it).
  const firstId = filling?.id ?? displayed?.id ?? 0;
  const measuredFirst = useRef(0);
  useEffect(() => {
    if (!firstId || firstId <= measuredFirst.current || (requestedId !== undefined && firstId !== requestedId)) return;
    const raf = requestAnimationFrame(() => {
      measuredFirst.current = firstId;
      performance.mark(MARK_FIRST_REDRAWN, { detail: { runId: firstId } });
      if (performance.getEntriesByName(MARK_INPUT, 'mark').length > 0)
        performance.measure(MEASURE_INPUT_TO_FIRST_REDRAWN, MARK_INPUT, MARK_FIRST_REDRAWN);
    });
    return () => cancelAnimationFrame(raf);
  }, [firstId, requestedId]);

  const marks = useMemo(() => (timeline?.length ? timelineMarksOf(model, timeline) : undefined), [model, timeline]);

  const id = displayed?.id ?? 0;
  useEffect(() => {
    if (!id) return;
    // Child effects (the draws) have run; wait for the frame that paints them.
    const raf = requestAnimationFrame(() => {
      performance.mark(MARK_REDRAWN, { detail: { runId: id } });
      for (const [measure, from] of [
        [MEASURE_INPUT_TO_REDRAWN, MARK_INPUT],
        [MEASURE_RESULT_TO_REDRAWN, MARK_RESULT],
      ]) {
        if (performance.getEntriesByName(from, 'mark').length > 0) performance.measure(measure, from, MARK_REDRAWN);
      }
      const section = document.querySelector('[data-testid="charts"]');
      section?.setAttribute('data-run-id', String(id));
      // The columns the charts draw, for end-to-end tests that check read-outs against them.
      if (section && ex) (section as HTMLElement & { plabSeries?: unknown }).plabSeries = ex;
    });
    return () => cancelAnimationFrame(raf);
  }, [id, ex]);

  return (
    <section
      ref={sectionRef}
      className={`charts${stale ? ' stale' : ''}`}
      data-testid="charts"
      data-flows={displayed?.result.flows?.length ?? 1}
      data-filled-to={filling ? String(filling.filledToS) : undefined}
      aria-label="Charts"
    >
      {pager}
      {displayed && isPartial(displayed.result) && (
        <PartialMark result={displayed.result} what="the charts" testId="charts-partial" />
      )}
      {multi && displayed && <FlowLegend store={store} model={model} displayed={displayed} hiddenFlows={hiddenFlows} />}
      <PanelCharts
        panels={shown}
        previous={previous}
        filledToS={filling?.filledToS}
        model={model}
        xMax={filling?.durationS ?? xMax}
        heights={heights}
        marks={marks}
      />
    </section>
  );
});
