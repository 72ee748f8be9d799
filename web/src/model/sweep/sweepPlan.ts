// What a sweep runs, from the engine (plab_sweep_plan): the x values, the seeds and
// every run's scenario, point by point, then protocol, then seed, exactly as `plab
// sweep` runs them. The page's links name the sweep (sweep.ts reads them); the grid
// rules are the engine's alone (docs/engine-api.md, "Sweeps").
import { sweepEngine } from '../../engine/sweepEngine';
import { buildScenario, type ParamModel, type Values } from '../params/params';
import type { SweepConfig } from './sweep';
import type { Stats } from './stats';

export interface SweepRunPlan {
  /** Index into grid. */
  point: number;
  protocol: string | null;
  seed: number;
  scenario: Record<string, unknown>;
}

export interface EngineSweepPlan {
  x: string;
  grid: number[];
  seeds: number[];
  protocols: string[] | null;
  runs: SweepRunPlan[];
}

/** The engine's spec of a sweep: its explicit points, or its range; one series per
 * protocol when `protocols` is given. */
export function engineSweepSpec(c: SweepConfig, protocols: readonly string[] | null): Record<string, unknown> {
  const spec: Record<string, unknown> = { x: c.x, seeds: c.k };
  if (c.points) spec.xs = c.points;
  else Object.assign(spec, { from: c.from, to: c.to, points: c.n, scale: c.scale });
  if (protocols) spec.protocols = protocols;
  return spec;
}

/** The plan of a sweep of `values`, or why there is none (the engine's message, or the
 * engine is not loaded yet). */
export function planSweep(
  model: ParamModel,
  values: Values,
  c: SweepConfig,
  protocols: readonly string[] | null,
): EngineSweepPlan | string {
  const engine = sweepEngine();
  if (!engine) return 'the engine is still loading';
  const answer = JSON.parse(engine.plan(buildScenario(model, values), JSON.stringify(engineSweepSpec(c, protocols))));
  if (!answer.ok) return (answer.errors as { message: string }[]).map((e) => e.message).join('; ');
  return answer.plan as EngineSweepPlan;
}

/** Each run's scenario as the pool takes it. */
export function planScenarios(plan: EngineSweepPlan): string[] {
  return plan.runs.map((r) => JSON.stringify(r.scenario));
}

/** The engine's statistics of each point's values (seed order; non-numbers skipped),
 * or null for every point when the engine is not loaded. */
export function engineStats(values: readonly (readonly (number | null | undefined)[])[]): (Stats | null)[] | null {
  const engine = sweepEngine();
  if (!engine) return null;
  const clean = values.map((v) => v.map((y) => (typeof y === 'number' && Number.isFinite(y) ? y : null)));
  return JSON.parse(engine.aggregate(JSON.stringify(clean))).stats as (Stats | null)[];
}
