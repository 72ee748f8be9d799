// The rules between two parameters, read from the REAL engine schema's `constraints`
// (wasm/dist, as presets.test.ts) and checked in the page: each broken rule named at its
// field, both fields by their labels; the engine refuses the same values.
import type { PlabModule } from 'plab-glue';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import { crossFieldErrors } from './crossField';
import { withItemCount } from './listEdits';
import { buildScenario, type ParamModel, type Values } from './params';

let engine: PlabModule;
let model: ParamModel;

beforeAll(async () => {
  ({ engine, model } = await loadTestEngine());
});

/** The engine's own verdict on the same values (its validation errors' paths). */
function engineErrorPaths(values: Values): string[] {
  engine.ccall('plab_run_summary', 'number', ['string'], [buildScenario(model, values)]);
  const doc = JSON.parse(engine.UTF8ToString(engine.ccall('plab_result_json', 'number', [], []) as number));
  return doc.ok ? [] : doc.errors.map((e: { path: string }) => e.path);
}

describe('rules between two fields, checked in the page', () => {
  it('come from the engine: a flow starts before the run ends', () => {
    expect(model.constraints).toContainEqual({ field: 'flows[].start_s', rule: 'less', other: 'duration_s' });
  });

  it('the default lab breaks none', () => {
    expect(crossFieldErrors(model, model.defaults)).toEqual([]);
  });

  it('a start beyond the duration names both fields by label, at the start field', () => {
    const values = { ...model.defaults, duration_s: 20, 'flows[0].start_s': 30 };
    expect(crossFieldErrors(model, values)).toEqual([
      {
        path: 'flows[0].start_s',
        message: 'Start (s) of flow 1 must be less than Duration (s) (20); got 30',
        byPage: true,
      },
    ]);
    expect(engineErrorPaths(values)).toContain('flows[0].start_s');
  });

  it('checks every item, each against its own fields', () => {
    let values: Values = withItemCount(model, model.defaults, 'flows', 2);
    values = { ...values, 'flows[1].start_s': 5, 'flows[1].stop_s': 3 };
    expect(crossFieldErrors(model, values).map((e) => e.message)).toEqual([
      'Stop (s) of flow 2 must be 0 (never) or after Start (s) of flow 2 (5); got 3',
    ]);
    expect(engineErrorPaths(values)).toEqual(['flows[1].stop_s']);
    // Stop 0 is "never".
    expect(crossFieldErrors(model, { ...values, 'flows[1].stop_s': 0 })).toEqual([]);
  });

  it("a background group's latest start before its earliest", () => {
    let values: Values = withItemCount(model, model.defaults, 'background', 1);
    values = { ...values, 'background[0].start_min_s': 4, 'background[0].start_max_s': 2 };
    expect(crossFieldErrors(model, values).map((e) => e.message)).toEqual([
      'Latest start (s) of background group 1 must be at least Earliest start (s) of background group 1 (4); got 2',
    ]);
    expect(engineErrorPaths(values)).toEqual(['background[0].start_max_s']);
  });

  it('leaves a rule it does not know to the engine', () => {
    const values = { ...model.defaults, 'flows[0].start_s': 30 };
    expect(
      crossFieldErrors(model, values, [{ field: 'flows[].start_s', rule: 'coprime', other: 'duration_s' }]),
    ).toEqual([]);
  });
});
