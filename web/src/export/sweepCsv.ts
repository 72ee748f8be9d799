// The sweep chart's data: per series and x, the statistics over seeds it draws (mean,
// min, max, sd, 95 % CI, values, runs), then the model curves' points.
import { toCsv, type Cell } from './csv';
import type { SweepPoint } from '../model/sweep/sweep';

export function sweepCsv(
  lines: readonly { label: string; points: readonly SweepPoint[] }[],
  models: readonly { label: string; x: readonly number[]; y: readonly number[] }[],
  xLabel: string,
  yLabel: string,
): string {
  const rows: Cell[][] = [];
  for (const l of lines)
    for (const p of l.points) rows.push([l.label, p.x, p.mean, p.min, p.max, p.sd, p.ci95, p.n, p.runs]);
  for (const m of models)
    m.x.forEach((x, i) => rows.push([`model: ${m.label}`, x, m.y[i], null, null, null, null, null, null]));
  return toCsv(['series', xLabel, `mean ${yLabel}`, 'min', 'max', 'sd', 'ci95', 'values', 'runs'], rows);
}
