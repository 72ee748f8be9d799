// The contest (issue J §3; docs/engine-api.md, "Contests"): what the page asks the
// engine to run and score. The sets, the plan and the score are the engine's
// (plab_contest_plan / plab_contest_score), the same as `plab contest`'s; the page adds
// one entrant of its own: this page's flows[0], when its protocol is not one of the
// set's built-in entrants (a student's program: protocol custom and its program).
import type { ContestSetDecl, ParamValue } from '../../engine/types';
import type { ParamModel, Values } from '../params/params';
import { visibilityRules } from '../params/visibility';

export interface ContestCell {
  throughput_mbps: number | null;
  delay_p95_ms: number | null;
  queue_delay_p95_ms: number | null;
  power: number | null;
  log_power: number | null;
}

export interface ContestRow {
  rank: number;
  entrant: string;
  score: number | null;
  scenarios: ContestCell[];
}

export interface ContestBoard {
  set: string;
  scenarios: string[];
  rows: ContestRow[];
}

export interface ContestEntrant {
  label: string;
  /** Values by path relative to the flow (protocol, recovery, the protocol's own). */
  set: Record<string, ParamValue>;
}

export interface ContestSpec {
  set: string;
  entrants: (string | ContestEntrant)[];
}

const FLOW0 = 'flows[0].';

/** The engine's sets (none from an engine without contests). */
export function contestSets(model: ParamModel): ContestSetDecl[] {
  return model.contests;
}

/** The set named, or the first one (the default), or null if the engine has none. */
export function contestSet(model: ParamModel, name: string): ContestSetDecl | null {
  return model.contests.find((s) => s.name === name) ?? model.contests[0] ?? null;
}

/** This page's flows[0] as an entrant: its protocol, its loss recovery and its
 * protocol's own parameters (those shown only for it: `when protocol = it`), as set
 * on the page. Null when its protocol is one of the set's built-in entrants. */
export function pageEntrant(model: ParamModel, values: Values, set: ContestSetDecl): ContestEntrant | null {
  const protocolPath = `${FLOW0}protocol`;
  const protocol = String(values[protocolPath] ?? model.byPath.get(protocolPath)?.defaultValue ?? '');
  if (!protocol || set.entrants.includes(protocol)) return null;
  const entrant: ContestEntrant = { label: `yours (${protocolLabel(model, protocol)})`, set: { protocol } };
  const flowSpecs = model.itemSpecs.flows ?? [];
  const rules = visibilityRules(flowSpecs);
  for (const spec of flowSpecs) {
    const rest = spec.path.slice(FLOW0.length);
    const rule = rules.get(spec.path);
    const own = rule?.controller === protocolPath && rule.showWhen.includes(protocol);
    if (!own && rest !== 'recovery') continue;
    const v = values[spec.path];
    if (v !== undefined) entrant.set[rest] = v;
  }
  return entrant;
}

function protocolLabel(model: ParamModel, name: string): string {
  return model.protocols.find((p) => p.name === name)?.label ?? name;
}

/** The spec the engine plans: the set's own entrants, then this page's flows[0]. */
export function contestSpec(model: ParamModel, values: Values, setName: string): ContestSpec | null {
  const set = contestSet(model, setName);
  if (!set) return null;
  const mine = pageEntrant(model, values, set);
  return { set: set.name, entrants: mine ? [...set.entrants, mine] : [...set.entrants] };
}

/** An entrant's label as the board shows it. */
export function entrantLabel(e: string | ContestEntrant): string {
  return typeof e === 'string' ? e : e.label;
}
