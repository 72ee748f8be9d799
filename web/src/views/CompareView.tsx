// The compare view: the base scenario run once per chosen protocol (same seed, same
// everything else; only flows[0].protocol changes), overlaid on the charts the engine declares for it, with one
// legend whose entries hide/show a protocol's curves, and a table of their figures.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { compareMarkers, protocolColor } from '../charts/compareSeries';
import { CompareMarkerToggles } from './CompareMarkerToggles';
import { useDisplay } from '../present/display';
import { useFillHeight } from '../present/spaceBelow';
import { useChartPages } from '../present/ChartPager';
import './compare.css';
import '../components/protocolPicker.css';
import './comparePresent.css';
import { get } from '../charts/series';
import { buildComparePanels } from '../charts/comparePanels';
import { PanelCharts } from '../charts/PanelCharts';
import { ChartLegend } from '../charts/ChartLegend';
import { usePalette } from '../charts/palette';
import { formatNumber } from '../components/Summary';
import { PairingPicker } from '../components/PairingPicker';
import { TableExport } from '../export/TableExport';
import { protocolLabel } from '../model/params/labels';
import { figureInfo, figureTitle, figureValue } from '../model/run/figures';
import type { ParamModel } from '../model/params/params';
import {
  compareMarkerKinds,
  entryColorIndex,
  markersOffList,
  MAX_COMPARE,
  protocolOptions,
  toggleCompared,
  toggleHidden,
} from '../model/views';
import type { CompareState } from '../state/store';
import type { CompareActions } from '../state/actions';
import { MARK_COMPARE_REDRAWN, MARK_INPUT, MEASURE_INPUT_TO_COMPARE_REDRAWN } from '../state/labState';
import { PartialRunsNote } from '../components/PartialMark';

// Which figures the table shows; labels and units come from the schema's `summary`.
// `optional` columns appear only when some protocol has a value for them.
const COLUMNS: { key: string; digits: number; better?: 'high' | 'low'; optional?: boolean }[] = [
  { key: 'goodput_mbps', digits: 2, better: 'high' },
  { key: 'connection_time_s', digits: 3, better: 'low', optional: true },
  { key: 'recovery_duration_s', digits: 3, better: 'low', optional: true },
  { key: 'retransmissions', digits: 0, better: 'low' },
  { key: 'timeouts', digits: 0, better: 'low' },
  { key: 'fast_retransmits', digits: 0 },
  { key: 'partial_acks', digits: 0, optional: true },
  { key: 'app_success_pct', digits: 1, better: 'high', optional: true },
  { key: 'mean_tokens_per_rtt', digits: 2, optional: true },
  // The path: what a bufferbloat or an AQM preset compares (issue 22 §6), the bottleneck's
  // mean queue and the first flow's mean smoothed RTT (the queue's delay on top of the base).
  { key: 'mean_queue_packets', digits: 1, better: 'low' },
  { key: 'mean_srtt_ms', digits: 1, better: 'low', optional: true },
];

/** The smallest plot that stays readable when the charts fill the screen; below it the page scrolls. */
const MIN_FILL_HEIGHT = 180;

interface Props {
  store: CompareActions;
  model: ParamModel;
  compare: string[];
  hidden: string[];
  /** Event-marker kinds switched off (nomark= in the link). */
  markersOff?: string[];
  state: CompareState;
  height: number;
}

export const CompareView = memo(function CompareView({
  store,
  model,
  compare,
  hidden,
  markersOff,
  state,
  height,
}: Props) {
  const options = protocolOptions(model);
  // Kept across renders (they depend on the schema only) so the memos below keep theirs.
  const label = useCallback((p: string) => protocolLabel(model, p), [model]);
  const color = useCallback((p: string) => protocolColor(p, entryColorIndex(model, p)), [model]);

  const shown = useMemo(
    () => state.entries.filter((e) => e.status === 'ok' && !hidden.includes(e.protocol)),
    [state.entries, hidden],
  );

  // Presentation mode: the charts fill the screen below the legend, two by two.
  const display = useDisplay();
  const gridRef = useRef<HTMLElement>(null);
  // The figures table is a page of its own while presenting (with it, two rows of charts
  // had no room on a 720-line projector): a button swaps it in for the charts.
  const [figuresShown, setFiguresShown] = useState(false);
  const tableShown = !display.present || figuresShown;
  const chartsShown = !display.present || !figuresShown;
  const fill = useFillHeight(gridRef, display.present && chartsShown);
  const chartHeight = fill === null ? height : Math.max(MIN_FILL_HEIGHT, fill);

  // Event markers on the window chart, per protocol (its colour), each kind toggleable.
  const kinds = useMemo(() => compareMarkerKinds(model), [model]);
  // Kept in the link as the kinds switched off, so a kind the engine adds later is shown.
  const markersOn = useMemo(
    () => kinds.map((k) => k.name).filter((n) => !markersOff?.includes(n)),
    [kinds, markersOff],
  );
  const setMarkersOn = (on: string[]) =>
    store.setMarkersOff(
      markersOffList(
        model,
        kinds.map((k) => k.name).filter((n) => !on.includes(n)),
      ),
    );
  // The toggles: a kind the engine draws only when it has samples (its panel line's
  // draw: early retransmits, ECN reductions) only once a compared run has one; a switch
  // for a marker no run can draw only takes a projector's room.
  const kindsShown = useMemo(() => {
    const sampled = new Set(
      (model.panelDecls ?? [])
        .flatMap((p) => p.lines)
        .filter((l) => l.draw === 'samples')
        .map((l) => l.series),
    );
    return kinds.filter(
      (k) => !sampled.has(k.name) || shown.some((e) => e.series && get(e.series, k.name).t.length > 0),
    );
  }, [kinds, shown, model]);
  const markers = useMemo(
    () =>
      compareMarkers(
        shown.map((e) => ({ protocol: e.protocol, series: (n: string) => get(e.series!, n) })),
        kinds,
        markersOn,
        color,
        label,
      ),
    [shown, kinds, markersOn, color, label],
  );

  // The charts the engine declares for compared protocols (comparePanels.ts), one line
  // per protocol, and the path's own lines (a trace's capacity) once.
  const colors = usePalette();
  const panels = useMemo(
    () =>
      buildComparePanels(
        model,
        shown.map((e) => ({
          protocol: e.protocol,
          label: label(e.protocol),
          color: color(e.protocol),
          series: e.series!,
          durationS: e.durationS,
        })),
        markers,
        colors,
      ),
    [model, shown, markers, label, color, colors],
  );
  // The shared legend names the path's lines after the protocols (once each).
  const pathLines = useMemo(
    () => [...new Map(panels.flatMap((p) => p.pathLines ?? []).map((s) => [s.key, s])).values()],
    [panels],
  );
  // Presentation mode: a page of them at a time (two on a 720-line projector, chartPages.ts).
  const { shown: pagePanels, pager } = useChartPages(panels, display.present);

  const columns = useMemo(
    () =>
      COLUMNS.filter(
        (c) =>
          !c.optional ||
          state.entries.some(
            (e) =>
              figureValue(e.summary, c.key) !== null &&
              (c.key !== 'partial_acks' || (e.summary?.partial_acks as number) > 0),
          ),
      ),
    [state.entries],
  );
  const xMax = shown.find((e) => Number.isFinite(e.durationS))?.durationS;
  const best = useMemo(() => {
    const out: Record<string, number> = {};
    for (const c of COLUMNS) {
      if (!c.better) continue;
      const vals = state.entries
        .filter((e) => e.status === 'ok')
        .map((e) => e.summary?.[c.key])
        .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
      if (vals.length > 1) out[c.key] = c.better === 'high' ? Math.max(...vals) : Math.min(...vals);
    }
    return out;
  }, [state.entries]);

  const done = state.entries.filter((e) => e.status !== 'pending').length;

  // A finished batch has been drawn: mark the frame that paints it (the benchmark's
  // input -> compare redrawn).
  const finished = !state.busy && state.entries.length > 0 && done === state.entries.length;
  useEffect(() => {
    if (!finished) return;
    const raf = requestAnimationFrame(() => {
      performance.mark(MARK_COMPARE_REDRAWN, { detail: { compareId: state.id } });
      if (performance.getEntriesByName(MARK_INPUT, 'mark').length > 0)
        performance.measure(MEASURE_INPUT_TO_COMPARE_REDRAWN, MARK_INPUT, MARK_COMPARE_REDRAWN);
    });
    return () => cancelAnimationFrame(raf);
  }, [finished, state.id]);
  const failed = state.entries.filter((e) => e.status === 'invalid' || e.status === 'error');

  return (
    <div
      className="view compare-view"
      data-testid="compare-view"
      data-busy={state.busy ? '1' : '0'}
      data-compare-id={state.id}
    >
      <section className="panel" aria-label="Protocols to compare">
        <div className="panel-row">
          <h2>Compare protocols</h2>
          <span className="muted-note">
            same scenario and seed, only the protocol changes · up to {MAX_COMPARE} ·{' '}
            <span data-testid="compare-status">
              {state.busy
                ? `running ${done} / ${state.entries.length}…`
                : state.ms !== undefined
                  ? `${state.entries.length} runs, ${Math.round(state.ms)} ms`
                  : ''}
            </span>
          </span>
        </div>
        <div className="proto-picker" role="group" aria-label="Protocols">
          {options.map((p) => {
            const on = compare.includes(p);
            const disabled = (!on && compare.length >= MAX_COMPARE) || (on && compare.length === 1);
            return (
              <label
                key={p}
                className={`proto-chip${on ? ' on' : ''}${disabled ? ' disabled' : ''}`}
                style={{ ['--chip' as string]: color(p) }}
              >
                <input
                  type="checkbox"
                  checked={on}
                  disabled={disabled}
                  data-testid={`cmp-pick:${p}`}
                  onChange={() => store.setCompare(toggleCompared(compare, p, options))}
                />
                {label(p)}
              </label>
            );
          })}
          <PairingPicker
            model={model}
            compare={compare}
            prefix="cmp"
            color={color}
            onChange={(c) => store.setCompare(c)}
          />
        </div>
      </section>

      <PartialRunsNote
        summaries={state.entries.map((e) => (e.status === 'ok' ? e.summary : null))}
        testId="compare-partial"
      />

      {failed.length > 0 && (
        <div className="banner error" role="alert" data-testid="compare-errors">
          <div>
            <strong>Some runs failed:</strong>
            <ul>
              {failed.map((e) => (
                <li key={e.protocol}>
                  {label(e.protocol)}: {e.error}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}

      <section className="panel" aria-label="Legend and figures">
        <div className="panel-row" style={{ marginBottom: 8 }}>
          <ul className="cmp-legend" data-testid="compare-legend">
            {compare.map((p) => {
              const visible = !hidden.includes(p);
              return (
                <li key={p}>
                  <button
                    type="button"
                    aria-pressed={visible}
                    data-testid={`legend:${p}`}
                    title={visible ? `hide ${label(p)}` : `show ${label(p)}`}
                    onClick={() => store.setHidden(toggleHidden(hidden, p, compare))}
                  >
                    <span className="swatch" style={{ background: color(p) }} />
                    {label(p)}
                  </button>
                </li>
              );
            })}
          </ul>
          {pathLines.length > 0 && <ChartLegend testId="compare" series={pathLines} />}
          <span className="muted-note">click a protocol to hide or show its curves</span>
          {display.present && (
            <button
              type="button"
              className="cmp-figures-toggle"
              aria-pressed={figuresShown}
              onClick={() => setFiguresShown((v) => !v)}
              data-testid="compare-figures-toggle"
            >
              {figuresShown ? 'Show the charts' : 'Show the figures table'}
            </button>
          )}
        </div>
        {tableShown && <TableExport name="compare figures" />}
        {tableShown && (
          <div className="table-scroll">
            <table className="figures" data-testid="compare-table">
              <thead>
                <tr>
                  <th>Protocol</th>
                  {columns.map((c) => {
                    const info = figureInfo(model.figures, c.key);
                    return (
                      <th key={c.key} title={info.help}>
                        {figureTitle(info)}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {state.entries.map((e) => (
                  <tr
                    key={e.protocol}
                    data-protocol={e.protocol}
                    className={hidden.includes(e.protocol) ? 'hidden-row' : ''}
                  >
                    <td>
                      <span
                        className="swatch"
                        style={{ background: color(e.protocol), marginRight: 8, verticalAlign: 'middle' }}
                      />
                      {label(e.protocol)}
                    </td>
                    {columns.map((c) => {
                      const v = e.summary?.[c.key];
                      const isBest = typeof v === 'number' && best[c.key] === v;
                      return (
                        <td
                          key={c.key}
                          className={isBest ? 'best' : undefined}
                          data-testid={`cmp.${e.protocol}.${c.key}`}
                          data-value={typeof v === 'number' ? v : undefined}
                        >
                          {e.status === 'pending' ? '…' : formatNumber(v, c.digits)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {chartsShown && <CompareMarkerToggles kinds={kindsShown} on={markersOn} onChange={setMarkersOn} />}
      {chartsShown && (
        <section className="chart-grid" data-testid="compare-charts" ref={gridRef}>
          {pager}
          <PanelCharts
            panels={pagePanels}
            model={model}
            xMax={xMax}
            heights={{ main: chartHeight, other: chartHeight }}
          />
        </section>
      )}
    </div>
  );
});
