import { describe, expect, it } from 'vitest';
import { buildModel, buildScenario, getAt, setAt, splitPath } from './params';
import { groupSpecs } from './groups';
import { checkValue } from './valueCheck';
import { sliderScale, SLIDER_STEPS } from './sliderScale';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../testSchema';
import { isVisible, visibilityRules } from './visibility';

const model = buildModel(TEST_SCHEMA, TEST_DEFAULT_SCENARIO);

describe('parameter model', () => {
  it('makes flow paths concrete and takes defaults from the default scenario', () => {
    expect(model.byPath.get('flows[0].channel.forward.p')!.defaultValue).toBe(0.01);
    expect(model.byKey.get('f0.channel.forward.p')!.path).toBe('flows[0].channel.forward.p');
    expect(model.problems).toEqual([]);
  });

  it('reads and writes nested paths', () => {
    expect(splitPath('flows[0].channel.forward.p')).toEqual(['flows', 0, 'channel', 'forward', 'p']);
    const o: Record<string, unknown> = {};
    setAt(o, 'flows[0].channel.forward.p', 0.3);
    expect(o).toEqual({ flows: [{ channel: { forward: { p: 0.3 } } }] });
    expect(getAt(o, 'flows[0].channel.forward.p')).toBe(0.3);
    expect(getAt(o, 'flows[1].x')).toBeUndefined();
  });

  it('builds the scenario on the engine default, changing only what differs', () => {
    const s = JSON.parse(buildScenario(model, { ...model.defaults, 'flows[0].protocol': 'reno' }));
    expect(s.flows[0].protocol).toBe('reno');
    expect(s.flows[0].channel.forward.p).toBe(0.01);
    expect(s.seed).toBe(1);
  });

  it('validates like the engine', () => {
    expect(checkValue('x', { path: 'x', type: 'number', min: 0, max: 1 }, 0.5)).toEqual({ ok: true, value: 0.5 });
    const bad = checkValue('x', { path: 'x', type: 'number', min: 0, max: 1 }, 2);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toBe('x must be within [0, 1], got 2');
  });

  it('orders groups for a lesson', () => {
    expect(groupSpecs(model.specs).map((g) => g.group)).toEqual([
      'TCP',
      'Flow',
      'Forward channel',
      'Path',
      'Application',
      'Background',
      'Run',
    ]);
  });
});

describe('model sub-parameters', () => {
  const rules = visibilityRules(model.specs);
  const vis = (path: string, model_: string) =>
    isVisible(path, rules, { ...model.defaults, 'flows[0].channel.forward.model': model_ });

  it('shows each error model its own parameters only', () => {
    expect(vis('flows[0].channel.forward.p', 'bernoulli')).toBe(true);
    expect(vis('flows[0].channel.forward.on_p', 'bernoulli')).toBe(false);
    expect(vis('flows[0].channel.forward.on_mean_s', 'on_off')).toBe(true);
    expect(vis('flows[0].channel.forward.p', 'on_off')).toBe(false);
    expect(vis('flows[0].channel.forward.drop_packets', 'scripted')).toBe(true);
    expect(vis('flows[0].channel.forward.p', 'none')).toBe(false);
    expect(vis('flows[0].channel.forward.model', 'none')).toBe(true);
    expect(vis('flows[0].protocol', 'none')).toBe(true);
  });

  it('hides what a disabled switch turns off', () => {
    const off = { ...model.defaults, 'flows[0].app.token_bucket.enabled': false };
    expect(isVisible('flows[0].app.token_bucket.depth_tokens', rules, off)).toBe(false);
    expect(isVisible('flows[0].app.token_bucket.enabled', rules, off)).toBe(true);
    expect(isVisible('flows[0].app.token_bucket.depth_tokens', rules, model.defaults)).toBe(true);
  });

  it('honours an explicit rule in the schema', () => {
    const m = buildModel(
      {
        version: 1,
        params: [
          { path: 'a.model', type: 'enum', options: ['x', 'y'], default: 'x' },
          { path: 'a.k', type: 'number', min: 0, max: 1, default: 0, when: { path: 'a.model', equals: ['y'] } },
        ],
      },
      {},
    );
    const r = visibilityRules(m.specs);
    expect(isVisible('a.k', r, { 'a.model': 'x' })).toBe(false);
    expect(isVisible('a.k', r, { 'a.model': 'y' })).toBe(true);
  });
});

describe('slider scales', () => {
  it('linear: ends exact, values rounded to the step', () => {
    const s = sliderScale({ path: 'share', type: 'number', min: 0, max: 1 })!;
    expect(s.toValue(0)).toBe(0);
    expect(s.toValue(SLIDER_STEPS)).toBe(1);
    expect(s.toValue(123)).toBe(0.123);
    expect(s.toPos(0.05)).toBe(50);
  });

  it('log: ends exact, 3 significant digits, positions round-trip', () => {
    const s = sliderScale({ path: 'r', type: 'number', min: 0.01, max: 10000, scale: 'log' })!;
    expect(s.toValue(0)).toBe(0.01);
    expect(s.toValue(SLIDER_STEPS)).toBe(10000);
    const v = s.toValue(500);
    expect(v).toBe(10);
    expect(s.toPos(10)).toBe(500);
  });

  it('log with a zero minimum and integers', () => {
    const s = sliderScale({ path: 'q', type: 'integer', min: 0, max: 100000, scale: 'log' })!;
    expect(s.toValue(0)).toBe(0);
    for (let p = 0; p <= SLIDER_STEPS; p += 37) expect(Number.isInteger(s.toValue(p))).toBe(true);
  });

  it('no slider without a finite range', () => {
    expect(sliderScale({ path: 'z', type: 'number' })).toBeNull();
    expect(sliderScale({ path: 'z', type: 'number', min: 1, max: 1 })).toBeNull();
  });
});
