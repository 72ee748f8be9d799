// The validation page's model: every paper claim (the presets' evidence) and every
// external reference check (public/validation/references.json: ns-3 runs, throughput
// equations), in groups that each know the runs they need and how to judge them, so the
// page can check any group on demand in the worker pool; and the verdicts last recorded
// for all of them (public/validation/recorded.json, written by `npm run validate`, which
// drives this same page).
import type { RunSummary } from '../../engine/types';
import type { Claim } from './evidence';
import { compareData, evaluateClaim, sweepData, type Verdict } from './verdict';
import { buildScenario, valueOf, type ParamModel, type Values } from '../params/params';
import type { Preset } from './presets';
import { sweepProtocols, sweepSeeds, xSpecOf } from '../sweep/sweep';
import { planScenarios, planSweep } from '../sweep/sweepPlan';
import { decodeHash } from '../../url/codec';
import { PROTOCOL_PATH, withProtocol } from '../views';
import { decodeViewParams } from '../../url/viewParams';
import { judgeReference, type ReferenceGroup, type RowResult } from './references';
import type { KnownDisagreement } from './disagreement';

export const REFERENCES_URL = 'validation/references.json';
export const RECORDED_URL = 'validation/recorded.json';

export interface ValidationRow {
  /** Unique over the page: the claim's id (a legacy claim's "<preset id>#<index>") or a
   * reference check's id. */
  key: string;
  text: string;
  source?: string;
  /** The experiment that checks it. */
  hash: string;
  /** A paper's claim (its kind, reading and explanation). */
  claim?: Claim;
  /** A reference check's class of known disagreement (an ns-3 grid point's). */
  disagreement?: KnownDisagreement;
}

/** The runs a group needs (one scenario each, summaries only) and their judgement. */
export interface GroupPlan {
  scenarios: string[];
  /** Simulated seconds over all runs (the cost, said up front). */
  simulatedS: number;
  /** One result per row, from the summaries in scenario order (null: the run failed). */
  judge(summaries: readonly (RunSummary | null)[]): RowResult[];
}

/** What a group costs, counted from its settings without building a scenario (opening
 * the view built all 4,370 to print these and froze the page for 7-14 s). */
export interface GroupSize {
  runs: number;
  /** At most this many simulated seconds over all runs. */
  simulatedS: number;
}

export interface ValidationGroup {
  id: string;
  kind: 'paper' | 'reference';
  /** The paper id (presets.json "papers") of a preset whose claims are rebuilt from it. */
  paper?: string;
  title: string;
  source: string;
  hash: string;
  rows: ValidationRow[];
  /** The plan against this engine, or why there is none: builds every run's scenario
   * (the sweep's from the engine), so only when the group is checked. */
  plan(model: ParamModel): GroupPlan | string;
  /** Its size, cheap: what the view prints before anything is checked. */
  size(model: ParamModel): GroupSize | string;
}

// ---- the papers' claims ------------------------------------------------------------

function duration(model: ParamModel, v: Values): number {
  return Number(valueOf(model, v, 'duration_s') ?? 0);
}

/** A preset's values and views as this engine reads them, or why it cannot. */
function readPreset(model: ParamModel, preset: Preset) {
  const d = decodeHash(model, preset.hash);
  const view = decodeViewParams(model, d.viewPairs);
  const messages = [...d.messages, ...view.messages];
  if (messages.length) return `this engine reads the preset differently: ${messages.map((m) => m.text).join('; ')}`;
  const { state } = view;
  if (state.view === 'sweep' && !xSpecOf(model, state.sweep.x))
    return `the preset sweeps ${state.sweep.x}, which this engine does not have`;
  // A compare (or a live view): one run per protocol shown.
  const protocols = state.view === 'compare' ? state.compare : [String(valueOf(model, d.values, PROTOCOL_PATH))];
  return { values: d.values, state, protocols };
}

function presetSize(model: ParamModel, preset: Preset): GroupSize | string {
  const read = readPreset(model, preset);
  if (typeof read === 'string') return read;
  const { values, state, protocols } = read;
  if (state.view === 'sweep') {
    // The engine's grid (sweep.cc SweepGrid): the explicit points, one point when from =
    // to, else n points; then each protocol, each seed.
    const c = state.sweep;
    const points = c.points?.length ?? (c.from === c.to ? 1 : c.n);
    const runs = points * (sweepProtocols(c, state.compare)?.length ?? 1) * c.k;
    const longest = c.x === 'duration_s' ? Math.max(c.from, c.to, ...(c.points ?? [])) : duration(model, values);
    return { runs, simulatedS: runs * longest };
  }
  return {
    runs: protocols.length,
    simulatedS: protocols.reduce((s, p) => s + duration(model, withProtocol(model, values, p)), 0),
  };
}

function presetPlan(model: ParamModel, preset: Preset): GroupPlan | string {
  const claims = preset.evidence?.claims ?? [];
  const read = readPreset(model, preset);
  if (typeof read === 'string') return read;
  const { values, state, protocols } = read;
  if (state.view === 'sweep') {
    const c = state.sweep;
    const plan = planSweep(model, values, c, sweepProtocols(c, state.compare));
    if (typeof plan === 'string') return `the engine refuses the preset's sweep: ${plan}`;
    const { grid, seeds } = plan;
    const lines = plan.protocols ?? [null];
    return {
      scenarios: planScenarios(plan),
      simulatedS: plan.runs.reduce(
        (s, r) => s + Number(r.scenario.duration_s ?? valueOf(model, values, 'duration_s') ?? 0),
        0,
      ),
      judge(summaries) {
        const per = lines.length * seeds.length;
        const series = lines.map((protocol, l) => ({
          protocol,
          summaries: grid.map((_, i) => seeds.map((_, j) => summaries[i * per + l * seeds.length + j])),
        }));
        const data = sweepData(grid, series);
        return claims.map((claim) => evaluateClaim(claim, data, model));
      },
    };
  }
  const runs = protocols.map((p) => withProtocol(model, values, p));
  return {
    scenarios: runs.map((v) => buildScenario(model, v)),
    simulatedS: runs.reduce((s, v) => s + duration(model, v), 0),
    judge(summaries) {
      const data = compareData(
        protocols.map((protocol, i) => ({
          protocol,
          status: summaries[i] ? 'ok' : 'error',
          summary: summaries[i] ?? undefined,
        })),
      );
      return claims.map((claim) => evaluateClaim(claim, data, model));
    },
  };
}

/** A group per preset that states claims. */
export function paperGroups(presets: readonly Preset[]): ValidationGroup[] {
  return presets
    .filter((p) => (p.evidence?.claims.length ?? 0) > 0)
    .map((p) => ({
      id: p.id,
      kind: 'paper' as const,
      paper: p.evidence!.claims.find((c) => c.paper)?.paper,
      title: p.title,
      source: `${p.paper} · ${p.section}`,
      hash: p.hash,
      rows: p.evidence!.claims.map((c) => ({ key: c.id, text: c.text, source: c.source, hash: p.hash, claim: c })),
      plan: (model: ParamModel) => presetPlan(model, p),
      size: (model: ParamModel) => presetSize(model, p),
    }));
}

/** A paper's verdict counts over its rebuilt claims (legacy ones are counted apart). */
export type VerdictCounts = Record<Verdict, number> & { legacy: number };

export function countVerdicts(rows: readonly { claim?: Claim; verdict: Verdict }[]): VerdictCounts {
  const c: VerdictCounts = {
    holds: 0,
    'holds-under-reading': 0,
    'does-not-hold': 0,
    'not-expressible': 0,
    pending: 0,
    legacy: 0,
  };
  for (const r of rows) {
    if (r.claim?.kind === 'legacy') c.legacy += 1;
    else c[r.verdict] += 1;
  }
  return c;
}

/** A group's runs, each once: checks of the same link, protocol and seed (a total and
 * a Jain's index) share a run. Its values, not yet its scenario. */
function referenceRuns(model: ParamModel, group: ReferenceGroup) {
  const keys = new Map<string, number>();
  const runs: Values[] = [];
  let simulatedS = 0;
  const runsOf: number[][] = [];
  // Checks of one link (a total and a Jain's index) read it once.
  const decoded = new Map<string, ReturnType<typeof decodeHash>>();
  for (const check of group.checks) {
    const d = decoded.get(check.hash) ?? decodeHash(model, check.hash);
    decoded.set(check.hash, d);
    if (d.messages.length)
      return `${check.id}: this engine reads its link differently: ${d.messages.map((m) => m.text).join('; ')}`;
    const base = typeof d.values.seed === 'number' ? d.values.seed : 1;
    const mine: number[] = [];
    for (const seed of sweepSeeds(base, check.seeds)) {
      const key = `${check.hash}\n${check.protocol ?? ''}\n${seed}`;
      let i = keys.get(key);
      if (i === undefined) {
        const v = check.protocol ? withProtocol(model, { ...d.values, seed }, check.protocol) : { ...d.values, seed };
        i = runs.push(v) - 1;
        keys.set(key, i);
        simulatedS += duration(model, v);
      }
      mine.push(i);
    }
    runsOf.push(mine);
  }
  return { runs, simulatedS, runsOf };
}

function referencePlan(model: ParamModel, group: ReferenceGroup): GroupPlan | string {
  const r = referenceRuns(model, group);
  if (typeof r === 'string') return r;
  const { runs, simulatedS, runsOf } = r;
  return {
    scenarios: runs.map((v) => buildScenario(model, v)),
    simulatedS,
    judge: (summaries) =>
      group.checks.map((check, c) =>
        judgeReference(
          check,
          runsOf[c].map((i) => summaries[i]),
        ),
      ),
  };
}

export function referenceGroups(groups: readonly ReferenceGroup[]): ValidationGroup[] {
  return groups.map((g) => ({
    id: g.id,
    kind: 'reference' as const,
    title: g.title,
    source: g.source,
    hash: g.checks[0]?.hash ?? '#',
    rows: g.checks.map((c) => ({ key: c.id, text: c.text, hash: c.hash, disagreement: c.disagreement })),
    plan: (model: ParamModel) => referencePlan(model, g),
    size: (model: ParamModel) => {
      const r = referenceRuns(model, g);
      return typeof r === 'string' ? r : { runs: r.runs.length, simulatedS: r.simulatedS };
    },
  }));
}

// ---- recorded verdicts ---------------------------------------------------------------

const isStr = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export interface Recorded {
  /** When and with what they were recorded ("2026-11-23, engine schema 2"). */
  recorded: string;
  results: Record<string, RowResult & { text: string }>;
}

export function parseRecorded(doc: unknown): Recorded | null {
  const o = (doc ?? {}) as Record<string, unknown>;
  if (!isStr(o.recorded) || !o.results || typeof o.results !== 'object') return null;
  return { recorded: o.recorded, results: o.results as Recorded['results'] };
}

/** A row's verdict: this browser's own check of its group, else the one recorded for the
 * same text, else none. */
export function verdictOf(
  group: ValidationGroup,
  index: number,
  live: readonly RowResult[] | undefined,
  recorded: Recorded | null | undefined,
): { result?: RowResult; origin: 'live' | 'recorded' | 'none' } {
  const mine = live?.[index];
  if (mine) return { result: mine, origin: 'live' };
  const row = group.rows[index];
  const rec = recorded?.results[row.key];
  if (rec && rec.text === row.text) return { result: rec, origin: 'recorded' };
  return { origin: 'none' };
}
