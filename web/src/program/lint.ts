// The engine's check (languageDecl.ts's CheckResult) as editor diagnostics: each error
// underlined from its column to its end column on its line. The engine counts columns
// in bytes of UTF-8 (its lexer reads bytes); the editor counts UTF-16 units, so a line
// with "é" or "→" before the error is converted, not assumed ASCII.
import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import { errorText, type ProgramError } from './languageDecl';

const encoder = new TextEncoder();

/** The UTF-16 offset in `line` of 1-based UTF-8 byte column `col` (clamped to the line). */
export function byteColumnToOffset(line: string, col: number): number {
  let bytes = 0;
  let i = 0;
  const want = Math.max(0, col - 1);
  while (i < line.length && bytes < want) {
    const cp = line.codePointAt(i)!;
    const units = cp > 0xffff ? 2 : 1;
    bytes += encoder.encode(line.slice(i, i + units)).length;
    i += units;
  }
  return i;
}

/** The errors as diagnostics on `doc` (a line past the end marks the last line). */
export function diagnosticsFor(doc: Text, errors: readonly ProgramError[]): Diagnostic[] {
  return errors.map((e) => {
    const line = doc.line(Math.min(Math.max(1, e.line), doc.lines));
    const from = line.from + byteColumnToOffset(line.text, e.col);
    let to = e.end_col !== undefined ? line.from + byteColumnToOffset(line.text, e.end_col) : from;
    if (to <= from) to = Math.min(line.to, from + 1);
    return { from, to: Math.max(from, to), severity: 'error' as const, message: errorText(e) };
  });
}
