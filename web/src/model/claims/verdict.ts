// A claim judged on the runs the page has (the verdict rules of docs/claims.md): a
// number against the paper's within its tolerance, a relation between two series, a
// legacy claim by today's mean comparison; and the page's sweep and compare runs as the
// RunData a claim reads. Parsing the claims is evidence.ts's.
import type { RunSummary } from '../../engine/types';
import { protocolLabel } from '../params/labels';
import type { ParamModel } from '../params/params';
import { figureInfo, figureValue } from '../run/figures';
import { aggregate, type Stats } from '../sweep/stats';
import type { Check, Claim, Op, Ref } from './evidence';

/** The runs a view has: for a series, a figure and an x (sweeps), every seed's value. */
export interface RunData {
  /** The swept x values (empty for a compare). */
  grid: readonly number[];
  values(series: string, figure: string, x?: number): number[] | null;
}

export type Verdict = 'holds' | 'holds-under-reading' | 'does-not-hold' | 'not-expressible' | 'pending';

export const VERDICTS: readonly Verdict[] = [
  'holds',
  'holds-under-reading',
  'does-not-hold',
  'not-expressible',
  'pending',
];

export const VERDICT_TEXT: Record<Verdict, string> = {
  holds: 'holds',
  'holds-under-reading': 'holds under a named reading',
  'does-not-hold': 'does not hold',
  'not-expressible': 'not expressible',
  pending: 'not run',
};

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

/** How a claim's series and figures read in its detail: the registry's protocol labels
 * ("TCP-Real", "SACK (ns-2)", "Fixed window with LE recovery") and the schema's figure
 * labels; the ids themselves without an engine. */
export interface ClaimNames {
  series(id: string): string;
  figure(key: string): string;
}

export const ID_NAMES: ClaimNames = { series: (s) => s, figure: (f) => f };

export function claimNames(model: ParamModel | undefined): ClaimNames {
  return {
    series: (s) => (s === 'measured' ? 'measured' : protocolLabel(model, s)),
    // "goodput_by_protocol.rrtp": the figure of one protocol's flows.
    figure: (key) => {
      const [base, sub] = key.split('.');
      const info = figureInfo(model?.figures, base);
      const label = sub ? `${info.label}, ${protocolLabel(model, sub)}` : info.label;
      return info.unit ? `${label} (${info.unit})` : label;
    },
  };
}

/** The range a figure's values lie in: every figure the engine declares is a count, a
 * rate, a time, a ratio or a percentage (none negative); a percentage of reads, packets
 * or classifications is at most 100 (a model's deviation is not). */
export function figureRange(key: string, unit: string): [number, number] {
  return [0, unit === '%' && !key.includes('deviation') ? 100 : Infinity];
}

/** The 95 % confidence interval of a mean over seeds: Student's t (stats.ts), clamped
 * to the figure's range, and whether the clamp applied (the detail then says so: a
 * goodput's interval reached below 0). */
export function meanInterval(s: Stats, key: string, model?: ParamModel): { lo: number; hi: number; clamped: boolean } {
  const [min, max] = figureRange(key, figureInfo(model?.figures, key.split('.')[0]).unit);
  const lo = Math.max(min, s.mean - s.ci95);
  const hi = Math.min(max, s.mean + s.ci95);
  return { lo, hi, clamped: lo !== s.mean - s.ci95 || hi !== s.mean + s.ci95 };
}

/** The x values a reference covers: its x, the grid points in its range, or none. */
function xsOf(ref: Ref, grid: readonly number[]): (number | undefined)[] {
  if (ref.x_range) return grid.filter((x) => x >= ref.x_range![0] - 1e-12 && x <= ref.x_range![1] + 1e-12);
  return [ref.x];
}

const atX = (x: number | undefined) => (x === undefined ? '' : ` at x = ${fmt(x)}`);

/** A reference by its series' name, and by its figure too when the two sides read
 * different figures (goodput_by_protocol.rrtp against .reno: "rrtp 14.4 > rrtp 6.53"
 * told a reader nothing). */
function refNamer(names: ClaimNames, left: Ref, right?: Ref): (ref: Ref) => string {
  return (ref) =>
    right && right.figure !== left.figure
      ? `${names.series(ref.series)} ${names.figure(ref.figure)}`
      : names.series(ref.series);
}

/** The figure compared, said once ahead of the numbers ("Goodput (Mb/s): ..."), when
 * both sides read the same one. */
function figureHead(names: ClaimNames, left: Ref, right?: Ref): string {
  return right && right.figure !== left.figure ? '' : `${names.figure(left.figure)}: `;
}

/** Today's check of a legacy claim: the means compared, at every x of its range. */
function evaluateLegacy(check: Check, data: RunData, names: ClaimNames): ClaimResult {
  const { left, op = '<', right, value, factor = 1 } = check;
  const xs = xsOf(left, data.grid);
  if (xs.length === 0) return { verdict: 'pending', detail: 'no swept point in the claim’s range' };
  const parts: string[] = [];
  for (const x of xs) {
    const l = statsAt(data, left.series, left.figure, x);
    const rx = right?.x_range ? x : right?.x;
    const r = right ? statsAt(data, right.series, right.figure, rx) : null;
    if (!l || (right && !r)) return { verdict: 'pending', detail: 'not run yet' };
    const rhs = factor * (right ? r!.mean : (value as number));
    const name = refNamer(names, left, right);
    const rhsText = right ? `${factor === 1 ? '' : `${fmt(factor)} × `}${name(right)} ${fmt(r!.mean)}` : fmt(rhs);
    const text = `${figureHead(names, left, right)}${name(left)} ${fmt(l.mean)} ${op} ${rhsText}${atX(x)}`;
    if (!compare(l.mean, op, rhs)) return { verdict: 'does-not-hold', detail: text };
    parts.push(text);
  }
  return { verdict: 'holds', detail: parts.length > 2 ? `${parts[0]} … ${parts[parts.length - 1]}` : parts.join('; ') };
}

/** A number claim: our mean (or the ratio of two means) within the paper's tolerance of
 * the paper's value, at its x (at every x of its range). */
function evaluateNumber(claim: Claim, data: RunData, names: ClaimNames): ClaimResult {
  const { left, right } = claim.check!;
  const pv = claim.paper_value!;
  const { relative, floor } = claim.tolerance ?? { relative: 0, floor: 0 };
  const allowed = Math.max(relative * Math.abs(pv), floor);
  const xs = xsOf(left, data.grid);
  if (xs.length === 0) return { verdict: 'pending', detail: 'no swept point in the claim’s range' };
  const unit = claim.unit ? ` ${claim.unit}` : '';
  const parts: string[] = [];
  for (const x of xs) {
    const l = statsAt(data, left.series, left.figure, x);
    const r = right ? statsAt(data, right.series, right.figure, right.x_range ? x : (right.x ?? x)) : null;
    if (!l || (right && !r)) return { verdict: 'pending', detail: 'not run yet' };
    const ours = right ? l.mean / r!.mean : l.mean;
    const name = refNamer(names, left, right);
    const what = `${figureHead(names, left, right)}${right ? `${name(left)} / ${name(right)}` : name(left)}`;
    const diff = ours - pv;
    const rel = pv !== 0 ? ` (${diff >= 0 ? '+' : ''}${fmt((100 * diff) / pv)} %)` : '';
    const bound = allowed === floor && floor > 0 ? `±${fmt(floor)}${unit}` : `±${fmt(100 * relative)} %`;
    const text = `${what} ${fmt(ours)}${unit} (n = ${l.n}) vs paper ${fmt(pv)}${unit}${rel}, allowed ${bound}${atX(x)}`;
    if (!Number.isFinite(ours) || Math.abs(diff) > allowed) return { verdict: 'does-not-hold', detail: text };
    parts.push(text);
  }
  return {
    verdict: claim.reading ? 'holds-under-reading' : 'holds',
    detail: parts.length > 2 ? `${parts[0]} … ${parts[parts.length - 1]}` : parts.join('; '),
  };
}

/** A relation: holds only where the 95 % intervals over seeds say so. "A > B": A's
 * lower bound above B's upper bound (B's interval times the factor); "A < B" the
 * reverse; against a value the value is a point. One seed has no interval. */
function evaluateRelation(claim: Claim, data: RunData, names: ClaimNames, model?: ParamModel): ClaimResult {
  const { left, op = '<', right, value, factor = 1 } = claim.check!;
  const xs = xsOf(left, data.grid);
  if (xs.length === 0) return { verdict: 'pending', detail: 'no swept point in the claim’s range' };
  let clamped = false;
  const iv = (s: Stats, figure: string, f = 1): [number, number] => {
    const i = meanInterval(s, figure, model);
    clamped ||= i.clamped;
    return [f * i.lo, f * i.hi];
  };
  const show = (name: string, m: number, [lo, hi]: [number, number]) => `${name} ${fmt(m)} [${fmt(lo)}, ${fmt(hi)}]`;
  const parts: string[] = [];
  if (claim.check!.steps) return evaluateSteps(claim, data, names, xs, iv, show, () => clamped);
  for (const x of xs) {
    const l = statsAt(data, left.series, left.figure, x);
    const r = right ? statsAt(data, right.series, right.figure, right.x_range ? x : right.x) : null;
    if (!l || (right && !r)) return { verdict: 'pending', detail: 'not run yet' };
    const n = Math.min(l.n, r ? r.n : Infinity);
    if (n < 2)
      return {
        verdict: 'does-not-hold',
        detail: `needs ≥ 2 seeds (n = ${n}): one run has no confidence interval${atX(x)}`,
      };
    const a = iv(l, left.figure);
    const b: [number, number] = r ? iv(r, right!.figure, factor) : [factor * value!, factor * value!];
    const name = refNamer(names, left, right);
    const rhs = r ? show(`${factor === 1 ? '' : `${fmt(factor)} × `}${name(right!)}`, factor * r.mean, b) : fmt(b[0]);
    const ok = op === '>' ? a[0] > b[1] : op === '>=' ? a[0] >= b[1] : op === '<' ? a[1] < b[0] : a[1] <= b[0];
    const how = `95 % CI, Student t${clamped ? ', clamped to the figure’s range (≥ 0)' : ''}`;
    const text = `${figureHead(names, left, right)}${show(name(left), l.mean, a)} ${op} ${rhs}${atX(x)} (${how}, n = ${n})`;
    if (!ok) return { verdict: 'does-not-hold', detail: `${text}: the intervals do not say so` };
    parts.push(text);
  }
  return {
    verdict: claim.reading ? 'holds-under-reading' : 'holds',
    detail: parts.length > 2 ? `${parts[0]} … ${parts[parts.length - 1]}` : parts.join('; '),
  };
}

/** A step relation ("keeps decreasing"): at each swept x of the range after the first,
 * the left figure against itself at the swept x before it, each step by the intervals as
 * a relation's; the detail names the first step they do not order. */
function evaluateSteps(
  claim: Claim,
  data: RunData,
  names: ClaimNames,
  xs: readonly (number | undefined)[],
  iv: (s: Stats, figure: string) => [number, number],
  show: (name: string, m: number, i: [number, number]) => string,
  clamped: () => boolean,
): ClaimResult {
  const { left, op = '<' } = claim.check!;
  if (xs.length < 2) return { verdict: 'pending', detail: 'a step needs two swept points in the claim’s range' };
  const name = names.series(left.series);
  const parts: string[] = [];
  for (let i = 1; i < xs.length; i++) {
    const a = statsAt(data, left.series, left.figure, xs[i]);
    const b = statsAt(data, left.series, left.figure, xs[i - 1]);
    if (!a || !b) return { verdict: 'pending', detail: 'not run yet' };
    const n = Math.min(a.n, b.n);
    if (n < 2)
      return { verdict: 'does-not-hold', detail: `needs ≥ 2 seeds (n = ${n}): one run has no confidence interval` };
    const ia = iv(a, left.figure);
    const ib = iv(b, left.figure);
    const ok = op === '>' ? ia[0] > ib[1] : op === '>=' ? ia[0] >= ib[1] : op === '<' ? ia[1] < ib[0] : ia[1] <= ib[0];
    const how = `95 % CI, Student t${clamped() ? ', clamped to the figure’s range (≥ 0)' : ''}`;
    const text =
      `${names.figure(left.figure)}: ${show(name, a.mean, ia)} at x = ${fmt(xs[i]!)} ${op} ` +
      `${show(name, b.mean, ib)} at x = ${fmt(xs[i - 1]!)} (${how}, n = ${n})`;
    if (!ok) return { verdict: 'does-not-hold', detail: `${text}: the intervals do not say so at this step` };
    parts.push(text);
  }
  return {
    verdict: claim.reading ? 'holds-under-reading' : 'holds',
    detail:
      `every step of ${xs.length - 1}: ` +
      (parts.length > 2 ? `${parts[0]} … ${parts[parts.length - 1]}` : parts.join('; ')),
  };
}

/** A claim's verdict on the runs, its detail in the engine's names (the model's
 * protocol and figure labels; the ids without one). */
export function evaluateClaim(claim: Claim, data: RunData, model?: ParamModel): ClaimResult {
  const names = model ? claimNames(model) : ID_NAMES;
  switch (claim.kind) {
    case 'not_expressible':
      return { verdict: 'not-expressible', detail: claim.why ?? '' };
    case 'number':
      return evaluateNumber(claim, data, names);
    case 'relation':
      return evaluateRelation(claim, data, names, model);
    case 'legacy':
      return evaluateLegacy(claim.check!, data, names);
  }
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

/** How many of a sweep's points (per protocol) have all their runs: what its claims
 * can read (sweepData leaves the others out). */
export function finishedPoints(
  series: readonly { summaries: readonly (readonly (RunSummary | null | undefined)[])[] }[],
): number {
  let n = 0;
  for (const s of series) for (const runs of s.summaries) if (!runs.some((r) => r === undefined)) n += 1;
  return n;
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
