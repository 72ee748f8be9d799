// A delivery-opportunity trace (mahimahi's format, engine/src/net/delivery_trace.h) as
// the page reads it from a file and writes it in a link. The checks and their words
// are the engine's (CheckDeliveryTrace, ParseTraceText), so an uploaded file is refused
// at the field naming the line, before anything runs.
import type { ParamDecl } from '../../engine/types';

/** The schema's `format` of a trace list. */
export const TRACE_FORMAT = 'mahimahi_ms';
export const MAX_TRACE_MS = 3600 * 1000;
export const MAX_TRACE_LINES = 100000;
/** Bytes one opportunity delivers. */
export const OPPORTUNITY_BYTES = 1500;

export function isTraceDecl(decl: ParamDecl): boolean {
  return decl.type === 'int_list' && decl.format === TRACE_FORMAT;
}

export type TraceParse = { ok: true; value: number[] } | { ok: false; message: string };

/** The engine's CheckDeliveryTrace: `name` is the field as the person knows it. */
export function checkTrace(name: string, ms: readonly number[]): string | null {
  const line = (i: number) => `${name} line ${i + 1}: `;
  if (ms.length === 0) return `${name} is empty: a trace needs at least one line (a timestamp in ms)`;
  for (let i = 0; i < ms.length; i++) {
    if (ms[i] < 0) return `${line(i)}${ms[i]} is negative (timestamps are ms from the trace's start)`;
    if (ms[i] > MAX_TRACE_MS) return `${line(i)}${ms[i]} is beyond the longest trace (${MAX_TRACE_MS} ms, an hour)`;
    if (i > 0 && ms[i] < ms[i - 1]) return `${line(i)}${ms[i]} is less than the previous timestamp ${ms[i - 1]}`;
  }
  if (ms[ms.length - 1] === 0)
    return `${line(ms.length - 1)}the last timestamp is the period and is 0: a trace must end after 0 ms (mahimahi refuses it too)`;
  return null;
}

/** A trace file's text (one whole number of ms per line; a last newline, trailing
 * spaces and CRs allowed), as the engine's ParseTraceText reads it. */
export function parseTraceText(name: string, text: string): TraceParse {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const item = lines[i].replace(/[\r \t]+$/, '');
    const where = `${name} line ${i + 1}: `;
    if (item === '') return { ok: false, message: `${where}is empty (one timestamp in ms per line)` };
    if (out.length >= MAX_TRACE_LINES)
      return {
        ok: false,
        message: `${name} has more than ${MAX_TRACE_LINES} lines (the longest trace the engine takes)`,
      };
    if (!/^-?\d+$/.test(item)) {
      const shown = item.length > 24 ? item.slice(0, 24) + '...' : item;
      return { ok: false, message: `${where}"${shown}" is not a whole number of milliseconds` };
    }
    if (item.startsWith('-'))
      return { ok: false, message: `${where}${item} is negative (timestamps are ms from the trace's start)` };
    if (item.length > 12 || Number(item) > MAX_TRACE_MS) {
      const shown = item.length > 24 ? item.slice(0, 24) + '...' : item;
      return { ok: false, message: `${where}${shown} is beyond the longest trace (${MAX_TRACE_MS} ms, an hour)` };
    }
    out.push(Number(item));
  }
  const bad = checkTrace(name, out);
  return bad ? { ok: false, message: bad } : { ok: true, value: out };
}

/** "11181 opportunities, repeats every 30 s, 4.47 Mb/s mean". */
export function traceSummary(ms: readonly number[]): string {
  if (ms.length === 0) return 'no trace loaded';
  const period = ms[ms.length - 1];
  if (!(period > 0)) return `${ms.length} opportunities`;
  const mbps = (ms.length * OPPORTUNITY_BYTES * 8) / (period / 1000) / 1e6;
  return `${ms.length} opportunities, repeats every ${period / 1000} s, ${mbps.toFixed(2)} Mb/s mean`;
}

// In a link: "D" then each difference from the previous timestamp (the first from 0),
// one base-36 character when below 36, else ".<base 36>."; a cellular trace's 11,000
// lines take ~11 kB instead of ~70 kB of comma-separated timestamps.
const PREFIX = 'D';

export function encodeTraceDeltas(ms: readonly number[]): string {
  let out = PREFIX;
  let prev = 0;
  for (const t of ms) {
    const d = t - prev;
    prev = t;
    out += d >= 0 && d < 36 ? d.toString(36) : `.${d < 0 ? '-' : ''}${Math.abs(d).toString(36)}.`;
  }
  return out;
}

/** The list a link's "D..." text stands for; null when it is not one. */
export function decodeTraceDeltas(text: string): number[] | null {
  if (!text.startsWith(PREFIX)) return null;
  const out: number[] = [];
  let t = 0;
  for (let i = PREFIX.length; i < text.length; i++) {
    const c = text[i];
    let d: number;
    if (c === '.') {
      const end = text.indexOf('.', i + 1);
      if (end < 0) return null;
      const body = text.slice(i + 1, end);
      if (!/^-?[0-9a-z]{1,8}$/.test(body)) return null;
      d = parseInt(body, 36);
      i = end;
    } else if (/[0-9a-z]/.test(c)) {
      d = parseInt(c, 36);
    } else return null;
    t += d;
    out.push(t);
    if (out.length > MAX_TRACE_LINES) return null;
  }
  return out;
}
