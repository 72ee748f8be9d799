// What a paper preset sets beside our runs: the paper's own numbers (transcribed into
// presets.json with their table or section) and its claims, each with a check that
// the page evaluates on the runs it has, so the verdict is always the one of the
// numbers on screen. A preset's "evidence" block:
//   "published": [ { "label", "series", "figure", "x"?, "value", "unit"?, "source" } ]
//   "claims":    [ { "text", "source", "check": Check, "if_not"? } ]
// A Check compares a figure of one series (a protocol of a compare or a sweep by
// protocol; "measured" for a sweep's single series) with another series or a number:
//   { "left": Ref, "op": "<" | "<=" | ">" | ">=" | "==", "right"?: Ref, "value"?: number,
//     "factor"?: number }            left op factor x (right or value)
//   Ref = { "series", "figure", "x"?: number, "x_range"?: [a, b] }
// With x_range the check must hold at every swept x in [a, b] (right at the same x).
import type { RunSummary } from '../engine/types';
import { figureValue } from './figures';
import { aggregate, type Stats } from './sweep';

export type Op = '<' | '<=' | '>' | '>=' | '==';

export interface Ref {
  series: string;
  figure: string;
  x?: number;
  x_range?: [number, number];
}

export interface Check {
  left: Ref;
  op: Op;
  right?: Ref;
  value?: number;
  factor?: number;
}

export interface Claim {
  text: string;
  source: string;
  check: Check;
  /** Why our reading does not reproduce it, shown when the check fails. */
  if_not?: string;
}

export interface Published {
  label: string;
  series: string;
  figure: string;
  x?: number;
  value: number;
  unit?: string;
  source: string;
}

export interface Evidence {
  published: Published[];
  claims: Claim[];
}

/** The runs a view has: for a series, a figure and an x (sweeps), every seed's value. */
export interface RunData {
  /** The swept x values (empty for a compare). */
  grid: readonly number[];
  values(series: string, figure: string, x?: number): number[] | null;
}

const OPS: readonly Op[] = ['<', '<=', '>', '>=', '=='];
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function readRef(o: unknown, where: string, problems: string[]): Ref | null {
  const r = (o ?? {}) as Record<string, unknown>;
  if (!isStr(r.series) || !isStr(r.figure)) {
    problems.push(`${where}: needs "series" and "figure"`);
    return null;
  }
  const ref: Ref = { series: r.series, figure: r.figure };
  if (r.x !== undefined) {
    if (!isNum(r.x)) return void problems.push(`${where}: "x" must be a number`), null;
    ref.x = r.x;
  }
  if (r.x_range !== undefined) {
    const xr = r.x_range as unknown[];
    if (!Array.isArray(xr) || xr.length !== 2 || !isNum(xr[0]) || !isNum(xr[1]) || xr[0] > xr[1])
      return void problems.push(`${where}: "x_range" must be [a, b] with a <= b`), null;
    ref.x_range = [xr[0], xr[1]];
  }
  return ref;
}

/** Reads a preset's evidence block; what is malformed is left out with a message. */
export function parseEvidence(doc: unknown, id: string): { evidence: Evidence; problems: string[] } {
  const problems: string[] = [];
  const evidence: Evidence = { published: [], claims: [] };
  if (doc === undefined) return { evidence, problems };
  const o = (doc ?? {}) as Record<string, unknown>;
  const published = Array.isArray(o.published) ? o.published : [];
  published.forEach((p: unknown, i) => {
    const r = (p ?? {}) as Record<string, unknown>;
    const where = `preset "${id}" published ${i + 1}`;
    if (!isStr(r.label) || !isStr(r.series) || !isStr(r.figure) || !isNum(r.value) || !isStr(r.source))
      return void problems.push(`${where}: needs label, series, figure, a numeric value and source — left out`);
    if (r.x !== undefined && !isNum(r.x)) return void problems.push(`${where}: "x" must be a number — left out`);
    evidence.published.push({
      label: r.label,
      series: r.series,
      figure: r.figure,
      value: r.value,
      source: r.source,
      ...(isNum(r.x) ? { x: r.x } : {}),
      ...(isStr(r.unit) ? { unit: r.unit } : {}),
    });
  });
  const claims = Array.isArray(o.claims) ? o.claims : [];
  claims.forEach((c: unknown, i) => {
    const r = (c ?? {}) as Record<string, unknown>;
    const where = `preset "${id}" claim ${i + 1}`;
    if (!isStr(r.text) || !isStr(r.source)) return void problems.push(`${where}: needs text and source — left out`);
    const ch = (r.check ?? {}) as Record<string, unknown>;
    const left = readRef(ch.left, `${where} left`, problems);
    const right = ch.right === undefined ? undefined : readRef(ch.right, `${where} right`, problems);
    if (!left || right === null) return void problems.push(`${where}: bad check — left out`);
    if (!OPS.includes(ch.op as Op)) return void problems.push(`${where}: "op" must be one of ${OPS.join(' ')} — left out`);
    if ((right === undefined) === !isNum(ch.value)) return void problems.push(`${where}: give exactly one of "right" and "value" — left out`);
    if (ch.factor !== undefined && !isNum(ch.factor)) return void problems.push(`${where}: "factor" must be a number — left out`);
    const check: Check = { left, op: ch.op as Op, ...(right ? { right } : {}), ...(isNum(ch.value) ? { value: ch.value } : {}), ...(isNum(ch.factor) ? { factor: ch.factor } : {}) };
    evidence.claims.push({ text: r.text, source: r.source, check, ...(isStr(r.if_not) ? { if_not: r.if_not } : {}) });
  });
  return { evidence, problems };
}

// ---- evaluation --------------------------------------------------------------------

export type Verdict = 'holds' | 'does-not-hold' | 'pending';

export interface ClaimResult {
  verdict: Verdict;
  /** The numbers compared, for the reader ("0.41 < 0.53 at x = 29"). */
  detail: string;
}

function compare(a: number, op: Op, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '==':
      return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  }
}

/** Mean (and spread) of a figure for one series at one x (or for a compare). */
export function statsAt(data: RunData, series: string, figure: string, x?: number): Stats | null {
  const v = data.values(series, figure, x);
  return v ? aggregate(v) : null;
}

function fmt(v: number): string {
  return Number(v.toPrecision(3)).toString();
}

/** The x values a reference covers: its x, the grid points in its range, or none. */
function xsOf(ref: Ref, grid: readonly number[]): (number | undefined)[] {
  if (ref.x_range) return grid.filter((x) => x >= ref.x_range![0] - 1e-12 && x <= ref.x_range![1] + 1e-12);
  return [ref.x];
}

export function evaluateClaim(claim: Claim, data: RunData): ClaimResult {
  const { left, op, right, value, factor = 1 } = claim.check;
  const xs = xsOf(left, data.grid);
  if (xs.length === 0) return { verdict: 'pending', detail: 'no swept point in the claim’s range' };
  const parts: string[] = [];
  for (const x of xs) {
    const l = statsAt(data, left.series, left.figure, x);
    const rx = right?.x_range ? x : right?.x;
    const r = right ? statsAt(data, right.series, right.figure, rx) : null;
    if (!l || (right && !r)) return { verdict: 'pending', detail: 'not run yet' };
    const rhs = factor * (right ? r!.mean : (value as number));
    const at = x === undefined ? '' : ` at x = ${fmt(x)}`;
    // Two figures of one series (goodput_by_protocol.rrtp against .reno) are named by
    // their figure: "rrtp 14.4 > rrtp 6.53" told a reader nothing.
    const name = (ref: Ref) => (right && right.figure !== left.figure ? `${ref.series} ${ref.figure}` : ref.series);
    const rhsText = right ? `${factor === 1 ? '' : `${fmt(factor)} × `}${name(right)} ${fmt(r!.mean)}` : fmt(rhs);
    const text = `${name(left)} ${fmt(l.mean)} ${op} ${rhsText}${at}`;
    if (!compare(l.mean, op, rhs)) return { verdict: 'does-not-hold', detail: text };
    parts.push(text);
  }
  return { verdict: 'holds', detail: parts.length > 2 ? `${parts[0]} … ${parts[parts.length - 1]}` : parts.join('; ') };
}

// ---- the page's runs as RunData ------------------------------------------------------

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** A sweep's runs: series by protocol ("measured" when the scenario's own). */
export function sweepData(
  grid: readonly number[],
  series: readonly { protocol: string | null; summaries: readonly (readonly (RunSummary | null | undefined)[])[] }[],
): RunData {
  return {
    grid,
    values(name, figure, x) {
      const s = series.find((l) => (l.protocol ?? 'measured') === name);
      const i = x === undefined ? -1 : grid.findIndex((g) => near(g, x));
      if (!s || i < 0) return null;
      const runs = s.summaries[i] ?? [];
      if (runs.some((r) => r === undefined)) return null; // the point is not finished
      return runs.map((r) => figureValue(r, figure)).filter((v): v is number => v !== null);
    },
  };
}

/** A compare's runs: one per protocol. */
export function compareData(entries: readonly { protocol: string; status: string; summary?: RunSummary }[]): RunData {
  return {
    grid: [],
    values(name, figure) {
      const e = entries.find((en) => en.protocol === name);
      if (!e || e.status !== 'ok' || !e.summary) return null;
      const v = figureValue(e.summary, figure);
      return v === null ? [] : [v];
    },
  };
}
