// The live charts (cwnd, time–sequence, tokens, playback), as the engine declares them
// (charts/panels.ts builds them). Data comes from the store's last displayed result; after they
// have drawn it, the page sets a performance mark (plab:redrawn) and the measure
// plab:input->redrawn, which the browser benchmark reads.
import { isPartial, PartialMark } from '../components/PartialMark';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { Displayed } from '../state/store';
import type { FlowActions } from '../state/actions';
import type { ParamModel } from '../model/params/params';
import { FlowLegend } from './FlowLegend';
import {
  MARK_INPUT,
  MARK_REDRAWN,
  MARK_RESULT,
  MEASURE_INPUT_TO_REDRAWN,
  MEASURE_RESULT_TO_REDRAWN,
} from '../state/store';
import { PALETTES, usePalette } from './palette';
import { useDisplay } from '../present/display';
import { useFillHeight } from '../present/spaceBelow';
import { buildLivePanels } from './panels';
import { PanelCharts } from './PanelCharts';

/** The standard palette's colours (palette.ts holds both palettes). */
export const COLORS = PALETTES.standard;

/** Chart heights that let all three charts share one projector screen (1080 p) with
 * the header and summary; on small screens they keep a readable minimum and scroll.
 * Presentation and embed mode lay the charts out two by two (present.css) and size
 * them from the viewport, so all of them fit without scrolling. */
/** `charts`: how many charts share presentation mode's grid (more than four: four
 * columns, two compact rows). */
export function useChartHeights(charts = 4): { main: number; other: number } {
  const [vh, setVh] = useState(() => (typeof window === 'undefined' ? 1000 : window.innerHeight));
  const display = useDisplay();
  useEffect(() => {
    const on = () => setVh(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
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
  // Seven charts (with the path's three) sit four to a row: narrower figures whose titles
  // and legends take two lines, under the play bar as well.
  if (charts > 4) return Math.max(120, Math.floor((vh - 300) / 2 - 190));
  return Math.max(120, Math.floor((vh - 230) / 2 - 90));
}

/** The least plot height presentation mode's fill gives a live chart (below it the page scrolls). */
const MIN_FILL = 120;

/** A run with more than one flow, or with background traffic, gets the many-flow charts. */
export function isMultiFlow(displayed: Displayed | undefined): boolean {
  const r = displayed?.result;
  return !!r && ((r.flows?.length ?? 0) > 1 || (r.groups?.length ?? 0) > 0);
}

export interface ChartsProps {
  displayed?: Displayed;
  stale: boolean;
  store: Pick<FlowActions, 'toggleFlow'>;
  model?: ParamModel;
  hiddenFlows: number[];
  selectedFlow: number;
  traceFlow: number;
}

export const Charts = memo(function Charts({
  displayed,
  stale,
  store,
  model,
  hiddenFlows,
  selectedFlow,
  traceFlow,
}: ChartsProps) {
  // The window (or rate) charts, the path's three, tokens and playback.
  const budgeted = useChartHeights(displayed ? 7 : 4);
  // Presentation mode: the charts fill the screen below what is above them, row by row
  // (measured, as Compare and Sweep do: the bars above wrap differently on each screen).
  const sectionRef = useRef<HTMLElement>(null);
  const display = useDisplay();
  const fill = useFillHeight(sectionRef, display.present);
  const heights = useMemo(
    () => (fill === null ? budgeted : { main: Math.max(MIN_FILL, fill), other: Math.max(MIN_FILL, fill) }),
    [fill, budgeted],
  );
  const colors = usePalette();
  const ex = displayed?.series;
  const xMax = displayed?.durationS;
  const multi = isMultiFlow(displayed);

  // Every chart from the engine's panel declarations (panels.ts), for this layout.
  const panels = useMemo(() => {
    if (!displayed) return [];
    const r = displayed.result;
    const flows = r.flows ?? [];
    return buildLivePanels(
      model,
      {
        ex: displayed.series,
        durationS: displayed.durationS,
        summary: displayed.summary,
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
  }, [displayed, model, multi, hiddenFlows, selectedFlow, traceFlow, colors]);

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
      aria-label="Charts"
    >
      {displayed && isPartial(displayed.result) && (
        <PartialMark result={displayed.result} what="the charts" testId="charts-partial" />
      )}
      {multi && displayed && <FlowLegend store={store} model={model} displayed={displayed} hiddenFlows={hiddenFlows} />}
      <PanelCharts panels={panels} model={model} xMax={xMax} heights={heights} />
    </section>
  );
});
