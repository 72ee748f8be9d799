// The validation page's external reference checks (public/validation/references.json:
// ns-3 runs, throughput equations): reading the file, and judging one check against the
// mean over its runs, with the one tolerance rule (references.json "about";
// ns3_grid_test.cc Noise()). validation.ts groups them with the papers' claims.
import type { RunSummary } from '../../engine/types';
import type { Verdict } from './verdict';
import { figureValue } from '../run/figures';
import { aggregate } from '../sweep/stats';
import { parseDisagreements, type KnownDisagreement } from './disagreement';

export interface RowResult {
  verdict: Verdict;
  detail: string;
}

export interface ReferenceCheck {
  id: string;
  text: string;
  hash: string;
  /** Every flow running flows[0]'s protocol runs this one (views.ts withProtocol). */
  protocol?: string;
  figure: string;
  seeds: number;
  /** The reference value, or another figure of the same runs (a model's prediction). */
  reference?: number;
  reference_figure?: string;
  /** Each run's value is `figure` over this figure of the same run (0 when that is 0): a
   * flow's share of the total. */
  per_figure?: string;
  /** Relative (of the reference) or absolute. */
  tolerance?: number;
  abs_tolerance?: number;
  /** The noise rule (the one rule, ns3_grid_test.cc Noise()): a difference within
   * `noise_se` standard errors of the difference of the two means, ours over the runs and
   * the reference's `reference_se`, also holds, whatever the tolerance. */
  reference_se?: number;
  noise_se?: number;
  /** Its point's class of known disagreement (references.json names it by id). */
  disagreement?: KnownDisagreement;
}

export interface ReferenceGroup {
  id: string;
  title: string;
  source: string;
  checks: ReferenceCheck[];
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Reads references.json; a malformed group or check is left out with a message. */
export function parseReferences(doc: unknown): { groups: ReferenceGroup[]; problems: string[] } {
  const problems: string[] = [];
  const groups: ReferenceGroup[] = [];
  const list = (doc as { groups?: unknown } | null)?.groups;
  if (!Array.isArray(list)) return { groups, problems: ['references.json must be { "groups": [...] }'] };
  const classes = parseDisagreements(doc, problems);
  for (const [gi, g] of list.entries()) {
    const o = (g ?? {}) as Record<string, unknown>;
    if (!isStr(o.id) || !isStr(o.title) || !isStr(o.source) || !Array.isArray(o.checks)) {
      problems.push(`reference group ${gi + 1}: needs id, title, source and checks — left out`);
      continue;
    }
    const checks: ReferenceCheck[] = [];
    for (const [ci, c] of o.checks.entries()) {
      const r = (c ?? {}) as Record<string, unknown>;
      const where = `reference ${o.id} check ${ci + 1}`;
      const tolerances = [r.tolerance, r.abs_tolerance].filter((t) => t !== undefined);
      const references = [r.reference, r.reference_figure].filter((t) => t !== undefined);
      if (!isStr(r.id) || !isStr(r.text) || !isStr(r.hash) || !isStr(r.figure) || !isNum(r.seeds) || r.seeds < 1) {
        problems.push(`${where}: needs id, text, hash, figure and seeds — left out`);
      } else if (references.length !== 1 || !(isNum(r.reference) || isStr(r.reference_figure))) {
        problems.push(`${where}: give exactly one of reference (a number) and reference_figure — left out`);
      } else if (tolerances.length !== 1 || !tolerances.every((t) => isNum(t) && t >= 0)) {
        problems.push(`${where}: give exactly one of tolerance and abs_tolerance (a number >= 0) — left out`);
      } else if ((r.noise_se === undefined) !== (r.reference_se === undefined)) {
        problems.push(`${where}: give both of noise_se and reference_se, or neither — left out`);
      } else if ([r.noise_se, r.reference_se].some((t) => t !== undefined && !(isNum(t) && t >= 0))) {
        problems.push(`${where}: noise_se and reference_se must be numbers >= 0 — left out`);
      } else if (r.per_figure !== undefined && !isStr(r.per_figure)) {
        problems.push(`${where}: per_figure must be a figure's name — left out`);
      } else if (r.protocol !== undefined && !isStr(r.protocol)) {
        problems.push(`${where}: protocol must be a name — left out`);
      } else if (r.disagreement !== undefined && !classes.has(r.disagreement as string)) {
        problems.push(`${where}: disagreement must name a class of "disagreements" — left out`);
      } else {
        const disagreement = r.disagreement === undefined ? undefined : classes.get(r.disagreement as string);
        checks.push({ ...(r as unknown as ReferenceCheck), disagreement });
      }
    }
    groups.push({ id: o.id, title: o.title, source: o.source, checks });
  }
  return { groups, problems };
}

function fmt(v: number): string {
  return Number(v.toPrecision(4)).toString();
}

/** One check against the mean over its runs' summaries. */
export function judgeReference(check: ReferenceCheck, runs: readonly (RunSummary | null)[]): RowResult {
  const valueOfRun = (r: RunSummary | null) => {
    const v = figureValue(r, check.figure);
    if (check.per_figure === undefined || v === null) return v;
    const of = figureValue(r, check.per_figure);
    return of === null ? null : of > 0 ? v / of : 0;
  };
  const ours = aggregate(runs.map(valueOfRun));
  const ref =
    check.reference_figure !== undefined
      ? aggregate(runs.map((r) => figureValue(r, check.reference_figure!)))?.mean
      : check.reference;
  if (!ours || ref === undefined)
    return { verdict: 'does-not-hold', detail: `no value of ${check.figure} in ${runs.length} runs` };
  const diff = ours.mean - ref;
  const banded = check.abs_tolerance ?? (check.tolerance ?? 0) * Math.abs(ref);
  const noise =
    check.noise_se !== undefined
      ? check.noise_se * Math.sqrt(ours.sd ** 2 / ours.n + (check.reference_se ?? 0) ** 2)
      : 0;
  const allowed = Math.max(banded, noise);
  const what = check.reference_figure ? `${check.reference_figure} ${fmt(ref)}` : `reference ${fmt(ref)}`;
  const rel = ref !== 0 ? ` (${diff >= 0 ? '+' : ''}${fmt((100 * diff) / ref)} %)` : '';
  const bound =
    check.abs_tolerance !== undefined ? `±${fmt(check.abs_tolerance)}` : `±${fmt(100 * (check.tolerance ?? 0))} %`;
  const noisy = noise > banded ? ` (${fmt(check.noise_se!)} standard errors of the two means: ±${fmt(noise)})` : '';
  return {
    verdict: Math.abs(diff) <= allowed ? 'holds' : 'does-not-hold',
    detail: `ours ${fmt(ours.mean)} over ${ours.n} seeds vs ${what}${rel}, allowed ${bound}${noisy}`,
  };
}
