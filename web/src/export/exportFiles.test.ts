import { describe, expect, it } from 'vitest';
import { timeChartCsv } from './chartCsv';
import { csvNumber, parseCsv } from './csv';
import { fileSlug } from './download';
import { cliCommand, summaryCsv } from './experimentExport';
import { sweepCsv } from './sweepCsv';

describe('export files', () => {
  it('names time-chart columns by label and unit, keeping equal labels apart by key', () => {
    const t = new Float64Array([0, 0.5]);
    const rows = parseCsv(
      timeChartCsv(
        [
          { key: 'flows[0].rate', label: 'flow 1', t, v: new Float64Array([1, 2]) },
          { key: 'flows[0].eq', label: 'flow 1', t, v: new Float64Array([3, 4]) },
          { key: 'share0', label: 'flow 2', t, v: new Float64Array([5, 6]), base: new Float64Array(2) },
        ],
        'rate (Mb/s)',
      ),
    );
    expect(rows[0]).toEqual([
      't (s)',
      'flow 1 [flows[0].rate]: rate (Mb/s)',
      'flow 1 [flows[0].eq]: rate (Mb/s)',
      'flow 2 (stacked top): rate (Mb/s)',
    ]);
    expect(rows[2]).toEqual(['0.5', '2', '4', '6']);
  });

  it('writes a sweep as one row per series and x, then the model curves', () => {
    const p = { x: 0.01, runs: 3, n: 2, mean: 1 / 3, min: 0.1, max: 0.5, sd: 0.2, ci95: 1.8 };
    const rows = parseCsv(
      sweepCsv(
        [{ label: 'measured', points: [p] }],
        [{ label: 'simple', x: [0.01, 0.02], y: [5, 4] }],
        'loss rate',
        'goodput (Mb/s)',
      ),
    );
    expect(rows[0]).toEqual([
      'series',
      'loss rate',
      'mean goodput (Mb/s)',
      'min',
      'max',
      'sd',
      'ci95',
      'values',
      'runs',
    ]);
    expect(csvNumber(rows[1][2])).toBe(1 / 3);
    expect(rows[1].slice(7)).toEqual(['2', '3']);
    expect(rows.slice(2).map((r) => r.slice(0, 3))).toEqual([
      ['model: simple', '0.01', '5'],
      ['model: simple', '0.02', '4'],
    ]);
  });

  it('gives the summary with labels and unrounded values, skipping nested objects', () => {
    const goodput = 2.96 + 1 / 3e7;
    const rows = parseCsv(
      summaryCsv({ goodput_mbps: goodput, completed: false, flows: [{}] }, [
        { key: 'goodput_mbps', label: 'Goodput', unit: 'Mb/s', numeric: true },
      ]),
    );
    expect(rows.map((r) => r[0])).toEqual(['figure', 'goodput_mbps', 'completed']);
    expect(rows[1].slice(1, 3)).toEqual(['Goodput', 'Mb/s']);
    expect(csvNumber(rows[1][3])).toBe(goodput);
    expect(rows[2][3]).toBe('false');
  });

  it('quotes a file name for the shell only when it needs it, and makes file names from titles', () => {
    expect(cliCommand('protocol-lab-seed1.json')).toBe('npm run --silent lab -- run protocol-lab-seed1.json');
    expect(cliCommand("it's here.json")).toBe(`npm run --silent lab -- run 'it'\\''s here.json'`);
    expect(fileSlug("Throughput share · Jain's index over the run 0.997")).toBe(
      'throughput-share-jain-s-index-over-the-run-0-997',
    );
    expect(fileSlug('Time–sequence')).toBe('time-sequence');
    expect(fileSlug('···')).toBe('chart');
  });
});
