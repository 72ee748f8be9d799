// Opening the Validation view must not build its 4,370 runs' scenarios (it froze the
// page for 7-14 s to print each group's run count): a group's size is counted from its
// settings, without a scenario or the engine's sweep plan, and agrees with the plan
// built when the group is checked.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import presetsJson from '../../../../public/presets/presets.json?raw';
import referencesJson from '../../../../public/validation/references.json?raw';
import { loadTestEngine } from '../testEngine';
import type { ParamModel } from '../params/params';
import { buildScenario } from '../params/params';
import { planSweep } from '../sweep/sweepPlan';
import { parsePresets } from './presets';
import { paperGroups, referenceGroups } from './validation';
import { parseReferences } from './references';

vi.mock('../params/params', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../params/params')>();
  return { ...actual, buildScenario: vi.fn(actual.buildScenario) };
});
vi.mock('../sweep/sweepPlan', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../sweep/sweepPlan')>();
  return { ...actual, planSweep: vi.fn(actual.planSweep) };
});

let model: ParamModel;
const presets = parsePresets(JSON.parse(presetsJson)).presets;
const refs = parseReferences(JSON.parse(referencesJson));
const groups = () => [...paperGroups(presets), ...referenceGroups(refs.groups)];

beforeAll(async () => {
  ({ model } = await loadTestEngine());
});

describe('validation group sizes', () => {
  it('counts every group without building a scenario or asking the engine for a sweep plan', () => {
    vi.mocked(buildScenario).mockClear();
    vi.mocked(planSweep).mockClear();
    let runs = 0;
    for (const g of groups()) {
      const size = g.size(model);
      expect(typeof size, g.id).toBe('object');
      if (typeof size !== 'string') runs += size.runs;
    }
    expect(runs).toBeGreaterThan(3000);
    expect(buildScenario).not.toHaveBeenCalled();
    expect(planSweep).not.toHaveBeenCalled();
  });

  it("agrees with the plan built when the group is checked: its runs, at most its simulated time's bound", () => {
    for (const g of groups()) {
      const size = g.size(model);
      const plan = g.plan(model);
      if (typeof size === 'string' || typeof plan === 'string') throw new Error(`${g.id}: ${String(plan)}`);
      expect(size.runs, g.id).toBe(plan.scenarios.length);
      expect(size.simulatedS, g.id).toBeGreaterThanOrEqual(plan.simulatedS - 1e-9);
      expect(size.simulatedS, g.id).toBeLessThanOrEqual(plan.simulatedS * 1.5 + 1e-9);
    }
  }, 60_000);
});
