// A chart's text alternative: a table, out of sight but read by screen readers, with
// each series' minimum, mean and maximum (curves) or count and first and last time
// (event markers). The chart's <svg> points at it with aria-describedby.
import { memo, useMemo } from 'react';
import { seriesStats, spoken, spokenCount } from './summaryStats';
import './a11y.css';

export interface SummarySeries {
  label: string;
  t: Float64Array;
  v: Float64Array;
  /** Event markers are counted; curves get min, mean and max. */
  marker: boolean;
}

export const ChartSummary = memo(function ChartSummary({
  id,
  title,
  unit,
  series,
}: {
  id: string;
  title: string;
  unit: string;
  series: SummarySeries[];
}) {
  const rows = useMemo(() => series.map((s) => ({ s, st: seriesStats(s.t, s.v) })), [series]);
  return (
    // The wrapper is what is out of sight: a table grows to its rows whatever its height.
    <div className="sr-only">
      <table id={id} data-testid={`summary-table:${id}`}>
        <caption>{`${title}: summary of each series (${unit})`}</caption>
        <thead>
          <tr>
            <th scope="col">Series</th>
            <th scope="col">Points or events</th>
            <th scope="col">Minimum</th>
            <th scope="col">Mean</th>
            <th scope="col">Maximum</th>
            <th scope="col">From time (s)</th>
            <th scope="col">To time (s)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ s, st }) => (
            <tr key={s.label} data-series={s.label} data-count={st.count}>
              <th scope="row">{s.label}</th>
              <td>{st.count === 0 ? 'none' : `${spokenCount(st.count)} ${s.marker ? 'events' : 'points'}`}</td>
              <td>{s.marker ? '—' : spoken(st.min)}</td>
              <td>{s.marker ? '—' : spoken(st.mean)}</td>
              <td>{s.marker ? '—' : spoken(st.max)}</td>
              <td>{spoken(st.firstT)}</td>
              <td>{spoken(st.lastT)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
