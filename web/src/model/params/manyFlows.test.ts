// The page's model of many flows: list edits, per-item visibility, the compare and
// sweep protocol rule, the number of flows on a sweep's x.
import { describe, expect, it } from 'vitest';
import { buildModel, buildScenario, itemCount, specsOfItem } from './params';
import { addItem, removeItem, withItemCount } from './listEdits';
import { FLOW_COUNT_X, sweepableParams, validateSweep, xSpecOf } from '../sweep/sweep';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../testSchema';
import { withProtocol } from '../views';
import { isVisible, visibilityRules } from './visibility';

const model = buildModel(TEST_SCHEMA, TEST_DEFAULT_SCENARIO);

describe('list edits', () => {
  it('adds a copy of the last flow, up to the list maximum', () => {
    const v = addItem(model, { ...model.defaults, 'flows[0].protocol': 'reno', 'flows[0].start_s': 3 }, 'flows');
    expect(itemCount(model, v, 'flows')).toBe(2);
    expect(v['flows[1].protocol']).toBe('reno');
    expect(v['flows[1].start_s']).toBe(3);
    const full = withItemCount(model, model.defaults, 'flows', 64);
    expect(itemCount(model, full, 'flows')).toBe(64);
    expect(addItem(model, full, 'flows')).toBe(full); // 65 is refused: same object back
  });

  it('removes a flow and moves the later ones down; never below the minimum', () => {
    let v = withItemCount(model, model.defaults, 'flows', 3);
    v = { ...v, 'flows[0].protocol': 'tahoe', 'flows[1].protocol': 'reno', 'flows[2].protocol': 'newreno' };
    const out = removeItem(model, v, 'flows', 1);
    expect(itemCount(model, out, 'flows')).toBe(2);
    expect([out['flows[0].protocol'], out['flows[1].protocol']]).toEqual(['tahoe', 'newreno']);
    expect(out['flows[2].protocol']).toBeUndefined();
    expect(JSON.parse(buildScenario(model, out)).flows).toHaveLength(2);
    const one = withItemCount(model, model.defaults, 'flows', 1);
    expect(removeItem(model, one, 'flows', 0)).toBe(one);
  });

  it('adds a background group from the schema defaults and builds it into the scenario', () => {
    const v = addItem(model, model.defaults, 'background');
    expect(itemCount(model, v, 'background')).toBe(1);
    expect(specsOfItem(model, 'background', 0).map((s) => s.path)).toEqual([
      'background[0].kind',
      'background[0].count',
      'background[0].protocol',
    ]);
    expect(JSON.parse(buildScenario(model, { ...v, 'background[0].count': 50 })).background).toEqual([{ count: 50 }]);
  });
});

describe('visibility per flow', () => {
  it("shows a flow's loss rate by that flow's own error model", () => {
    const rules = visibilityRules(model.specs);
    const v = { ...withItemCount(model, model.defaults, 'flows', 2), 'flows[1].channel.forward.model': 'on_off' };
    expect(isVisible('flows[0].channel.forward.p', rules, v)).toBe(true);
    expect(isVisible('flows[1].channel.forward.p', rules, v)).toBe(false);
    expect(isVisible('flows[1].channel.forward.on_p', rules, v)).toBe(true);
    expect(isVisible('flows[0].channel.forward.on_p', rules, v)).toBe(false);
  });
});

describe('the protocol rule of compare and sweep', () => {
  it('replaces flows[0] and every flow running the same protocol; the rest stay', () => {
    let v = withItemCount(model, model.defaults, 'flows', 4);
    v = { ...v, 'flows[2].protocol': 'tahoe' }; // flows 0, 1, 3: newreno; flow 2 stands apart
    const out = withProtocol(model, v, 'reno');
    expect([0, 1, 2, 3].map((i) => out[`flows[${i}].protocol`])).toEqual(['reno', 'reno', 'tahoe', 'reno']);
    // Every flow alike: everyone runs it.
    const alike = withProtocol(model, withItemCount(model, model.defaults, 'flows', 3), 'tahoe');
    expect([0, 1, 2].map((i) => alike[`flows[${i}].protocol`])).toEqual(['tahoe', 'tahoe', 'tahoe']);
  });
});

describe('the number of flows on x', () => {
  it('is sweepable with the list range and reads back from a link', () => {
    const spec = sweepableParams(model).find((s) => s.path === FLOW_COUNT_X);
    expect(spec?.decl).toMatchObject({ type: 'integer', min: 1, max: 64 });
    expect(xSpecOf(model, FLOW_COUNT_X)?.decl.label).toBe('Number of flows');
    const { config, errors } = validateSweep(model, { x: 'flows', from: '1', to: '20', n: '20' });
    expect(errors).toEqual([]);
    expect(config).toMatchObject({ x: 'flows', from: 1, to: 20, n: 20 });
    const bad = validateSweep(model, { x: 'flows', from: '1', to: '65' });
    expect(bad.errors.map((e) => e.field)).toEqual(['to']);
    expect(bad.errors[0].message).toMatch(/64/);
  });

  it("leaves a background group's parameters off x", () => {
    expect(sweepableParams(model).some((s) => s.path.startsWith('background['))).toBe(false);
  });
});
