// CSV for exported series and tables (RFC 4180: comma-separated, CRLF rows, fields with
// a comma, quote or line break quoted). Numbers are written with JavaScript's shortest
// round-trip form (String(x)), so parsing a cell gives back the exact double the engine
// returned; a missing or non-finite value is an empty cell.

export type Cell = string | number | null | undefined;

function field(c: Cell): string {
  if (c === null || c === undefined) return '';
  if (typeof c === 'number') return Number.isFinite(c) ? String(c) : '';
  return /[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** The rows of a CSV text (the header is row 0); the inverse of toCsv for strings. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cur);
      cur = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cur);
      rows.push(row);
      row = [];
      cur = '';
    } else cur += ch;
  }
  if (cur !== '' || row.length) {
    row.push(cur);
    rows.push(row);
  }
  return rows;
}

/** A cell back as a number: empty is NaN (a gap in the series). */
export function csvNumber(cell: string): number {
  return cell === '' ? NaN : Number(cell);
}

export interface CsvSeries {
  label: string;
  t: ArrayLike<number>;
  v: ArrayLike<number>;
}

function sameTimes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** A chart's series as one table. Series sampled at the same times (the usual case:
 * the engine samples a flow's series together) share one time column: "t (s)", then a
 * column per series. Otherwise each series keeps its own times, one row per sample in
 * long form (series, t, value), so no value is interpolated or dropped. */
export function seriesCsv(series: readonly CsvSeries[], timeLabel = 't (s)'): string {
  if (series.length === 0) return toCsv([timeLabel], []);
  const t0 = series[0].t;
  if (series.every((s) => sameTimes(s.t, t0) && s.v.length === s.t.length)) {
    const rows: Cell[][] = [];
    for (let i = 0; i < t0.length; i++) rows.push([t0[i], ...series.map((s) => s.v[i])]);
    return toCsv([timeLabel, ...series.map((s) => s.label)], rows);
  }
  const rows: Cell[][] = [];
  for (const s of series) for (let i = 0; i < s.t.length; i++) rows.push([s.label, s.t[i], s.v[i]]);
  return toCsv(['series', timeLabel, 'value'], rows);
}
