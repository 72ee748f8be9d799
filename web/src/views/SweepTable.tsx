// The sweep's points as a table (the accessible form of the chart): for each x, each
// series' mean with the number of runs that had a value. Test ids:
// sweep-table-panel, sweep-table, sweep-cell:<series>:<x> (data-mean, data-n).
import { memo } from 'react';
import { formatNumber } from '../components/Summary';
import { sweepPoints } from '../model/sweep/sweep';
import { TableExport } from '../export/TableExport';
import type { SweepRun } from '../state/store';

interface Props {
  run: SweepRun;
  y: string;
  xLabel: string;
  yLabel: string;
  figureLabel: string;
  digits: number;
  protoLabel: (protocol: string) => string;
}

/** One point of one series. A sweep's batch of results replaces only the points it
 * touched (sweepRunner.ts), so the others keep their runs' array and are not computed or
 * drawn again (LE Fig. 4's 186 cells were, at every batch). */
const SweepCell = memo(function SweepCell({
  series,
  x,
  runs: summaries,
  y,
  digits,
}: {
  series: string;
  x: number;
  runs: SweepRun['series'][number]['summaries'][number];
  y: string;
  digits: number;
}) {
  const p = sweepPoints([x], [summaries], y)[0];
  const runs = summaries.filter((r) => r != null).length;
  return (
    <td data-testid={`sweep-cell:${series}:${x}`} data-mean={p?.mean} data-n={p?.n ?? 0}>
      {p
        ? `${formatNumber(p.mean, digits)}${p.ci95 > 0 ? ` ± ${formatNumber(p.ci95, digits)}` : ''} (n = ${p.n}${p.n < runs ? ` of ${runs}` : ''})`
        : runs
          ? `— (no value in ${runs} runs)`
          : '…'}
    </td>
  );
});

export function SweepTable({ run, y, xLabel, yLabel, figureLabel, digits, protoLabel }: Props) {
  return (
    <details className="panel sweep-table" data-testid="sweep-table-panel">
      <summary>Table of the points (mean ± 95 % CI, n = runs with a value)</summary>
      <TableExport name="sweep points" />
      <table className="figures" data-testid="sweep-table">
        <thead>
          <tr>
            <th>{xLabel}</th>
            {run.series.map((l) => (
              <th key={l.protocol ?? 'measured'}>
                {l.protocol === null ? yLabel : `${protoLabel(l.protocol)}: ${figureLabel}`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {run.grid.map((x, i) => (
            <tr key={x}>
              <td>{x}</td>
              {run.series.map((l) => (
                <SweepCell
                  key={l.protocol ?? 'measured'}
                  series={l.protocol ?? 'measured'}
                  x={x}
                  runs={l.summaries[i]}
                  y={y}
                  digits={digits}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
