// Draws the panels charts/panels.ts built from the engine's declarations: a time
// chart, or the time–sequence diagram, per panel, in the order declared; each with the
// key its exported image carries (panelLegend.ts), from the same declarations.
import { useMemo } from 'react';
import { ExportLegendContext } from '../export/legend';
import type { ParamModel } from '../model/params/params';
import { usePalette } from './palette';
import { panelLegend } from './panelLegend';
import type { Panel } from './panels';
import { TimeChart } from './TimeChart';
import { TimeSeqChart } from './TimeSeqChart';
import type { TimelineMark } from './timelineMarks';

interface Props {
  panels: readonly Panel[];
  /** While a run fills in: the last complete run's panels by test id, drawn dimmed
   * beyond `filledToS` simulated seconds (what the new run has not reached yet). */
  previous?: ReadonlyMap<string, Panel>;
  filledToS?: number;
  model?: ParamModel;
  xMax?: number;
  heights: { main: number; other: number };
  /** Live mode's timeline changes, marked on every chart. */
  marks?: readonly TimelineMark[];
}

export function PanelCharts({ panels, previous, filledToS, model, xMax, heights, marks }: Props) {
  const colors = usePalette();
  // The keys change with the declared series, not with their data (a new panel list
  // every frame while Play runs): the same arrays, so no export menu redraws per frame.
  const signature = panels
    .map((p) => `${p.kind}:${p.series.map((s) => `${s.label}\t${s.color}\t${s.shape}\t${s.dash ?? ''}`).join('\n')}`)
    .join('\f');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const legends = useMemo(() => new Map(panels.map((p) => [p.title, panelLegend(p, colors)])), [signature, colors]);
  return (
    <>
      <ExportLegendContext.Provider value={legends}>
        {panels.map((p) =>
          p.kind === 'time_sequence' ? (
            <TimeSeqChart
              key={`${p.testId}:seq`}
              ex={p.ex}
              traces={p.traces!}
              durationS={xMax}
              height={p.main ? heights.main : heights.other}
              srttMs={p.srttMs}
              title={p.title}
              previous={previous?.get(p.testId)?.ex}
              filledToS={filledToS}
              model={model}
              marks={marks}
            />
          ) : (
            <TimeChart
              key={p.testId}
              testId={p.testId}
              title={p.title}
              xLabel="time (s)"
              yLabel={p.yLabel}
              series={p.series}
              xMax={xMax}
              yDomain={p.yDomain}
              height={p.main ? heights.main : heights.other}
              showLegend={p.legend ? undefined : false}
              emptyText={p.emptyText}
              marks={marks}
              previous={previous?.get(p.testId)?.series}
              filledToS={filledToS}
            />
          ),
        )}
      </ExportLegendContext.Provider>
    </>
  );
}
