import { describe, expect, it } from 'vitest';
import { csvNumber, parseCsv, seriesCsv, toCsv } from './csv';

describe('csv', () => {
  it('round-trips awkward doubles exactly', () => {
    const t = new Float64Array([0, 0.1, 0.2 + 0.1, 1 / 3, 1e-300, 12345.678901234567]);
    const v = new Float64Array([Math.PI, -0, 5e-324, 1.7976931348623157e308, 2 / 7, 0.30000000000000004]);
    const rows = parseCsv(seriesCsv([{ label: 'cwnd', t, v }]));
    expect(rows[0]).toEqual(['t (s)', 'cwnd']);
    expect(rows.length).toBe(t.length + 1);
    for (let i = 0; i < t.length; i++) {
      expect(csvNumber(rows[i + 1][0])).toBe(t[i]);
      expect(csvNumber(rows[i + 1][1])).toBe(v[i] === 0 ? 0 : v[i]);
    }
  });

  it('shares the time column when series are sampled together, else writes long form', () => {
    const t = new Float64Array([0, 1]);
    const shared = parseCsv(
      seriesCsv([
        { label: 'a', t, v: [1, 2] },
        { label: 'b', t: new Float64Array([0, 1]), v: [3, 4] },
      ]),
    );
    expect(shared).toEqual([
      ['t (s)', 'a', 'b'],
      ['0', '1', '3'],
      ['1', '2', '4'],
    ]);
    const long = parseCsv(
      seriesCsv([
        { label: 'a', t, v: [1, 2] },
        { label: 'b', t: [0.5], v: [9] },
      ]),
    );
    expect(long).toEqual([
      ['series', 't (s)', 'value'],
      ['a', '0', '1'],
      ['a', '1', '2'],
      ['b', '0.5', '9'],
    ]);
  });

  it('writes gaps as empty cells and quotes text with commas, quotes and breaks', () => {
    const text = toCsv(
      ['name', 'x'],
      [
        ['Reno, "classic"\nline 2', NaN],
        ['ok', Infinity],
        ['n', 3],
      ],
    );
    const rows = parseCsv(text);
    expect(rows[1]).toEqual(['Reno, "classic"\nline 2', '']);
    expect(rows[2]).toEqual(['ok', '']);
    expect(Number.isNaN(csvNumber(rows[1][1]))).toBe(true);
    expect(csvNumber(rows[3][1])).toBe(3);
  });
});
