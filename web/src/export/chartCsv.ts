// The CSV of a time chart: the drawn series exactly as the engine returned them (the
// charts hold views into the engine's columns, so nothing was rounded on the way).
import { seriesCsv } from './csv';

export interface TimeSeriesLike {
  key: string;
  label: string;
  t: Float64Array;
  v: Float64Array;
  base?: Float64Array;
}

export function timeChartCsv(series: readonly TimeSeriesLike[], yLabel: string): string {
  const seen = new Map<string, number>();
  for (const s of series) seen.set(s.label, (seen.get(s.label) ?? 0) + 1);
  return seriesCsv(
    series.map((s) => {
      // Two series with one label (e.g. a flow's allowed and equation rate) keep apart by key.
      const name = (seen.get(s.label) ?? 0) > 1 ? `${s.label} [${s.key}]` : s.label;
      // A stacked area's values are the top of its stack, so the header says so.
      return { label: `${name}${s.base ? ' (stacked top)' : ''}: ${yLabel}`, t: s.t, v: s.v };
    }),
  );
}
