// A displayed table as CSV: header and body rows as the reader sees them, except that a
// cell carrying data-value (the unrounded number) is written with that value. Several
// tables (a panel with per-flow, per-protocol and per-group tables) are written one
// after another, separated by an empty row.
import { toCsv, type Cell } from './csv';

function cellText(c: Element): Cell {
  const raw = c.getAttribute('data-value');
  if (raw !== null && raw !== '') return raw;
  return (c.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function tableCsv(tables: readonly HTMLTableElement[]): string {
  const parts: string[] = [];
  for (const t of tables) {
    const rows = Array.from(t.rows).map((r) => Array.from(r.cells).map(cellText));
    if (rows.length === 0) continue;
    const [head, ...body] = rows;
    parts.push(toCsv(head.map(String), body));
  }
  return parts.join('\r\n');
}
