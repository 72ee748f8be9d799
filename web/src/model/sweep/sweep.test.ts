import { describe, expect, it } from 'vitest';
import { buildModel } from '../params/params';
import {
  defaultSweep,
  isLossParam,
  modelError,
  showsModels,
  sweepableParams,
  sweepPoints,
  sweepSeeds,
  validateSweep,
} from './sweep';
import { aggregate } from './stats';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../testSchema';

const model = buildModel(TEST_SCHEMA, TEST_DEFAULT_SCENARIO);

// The grid itself is the engine's: sweepPlan.test.ts.
describe('seeds of a reference check', () => {
  it('uses the scenario seed and the next ones', () => {
    expect(sweepSeeds(7, 3)).toEqual([7, 8, 9]);
    expect(sweepSeeds(4294967295, 2)).toEqual([4294967295, 0]);
  });
});

describe('aggregation over seeds', () => {
  it('gives mean, min, max and the sample sd of the finite values', () => {
    const s = aggregate([2, 4, 4, 4, 5, 5, 7, 9])!;
    expect(s.n).toBe(8);
    expect(s.mean).toBe(5);
    expect(s.min).toBe(2);
    expect(s.max).toBe(9);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });

  it("gives the 95 % confidence interval of the mean with Student's t (the papers' error bars)", () => {
    // n = 3, sd = 1: t(2) = 4.303, half width 4.303 / sqrt(3).
    expect(aggregate([1, 2, 3])!.ci95).toBeCloseTo(4.303 / Math.sqrt(3), 12);
    // n = 8: t(7) = 2.365.
    expect(aggregate([2, 4, 4, 4, 5, 5, 7, 9])!.ci95).toBeCloseTo((2.365 * Math.sqrt(32 / 7)) / Math.sqrt(8), 12);
    // Beyond 31 values the normal quantile.
    const many = Array.from({ length: 100 }, (_, i) => i % 2);
    const st = aggregate(many)!;
    expect(st.ci95).toBeCloseTo((1.96 * st.sd) / 10, 12);
  });

  it('skips missing and non-finite values; none gives null', () => {
    expect(aggregate([1, null, undefined, NaN, Infinity, 3])).toEqual({
      n: 2,
      mean: 2,
      min: 1,
      max: 3,
      sd: Math.SQRT2,
      ci95: 12.706,
    });
    expect(aggregate([5])).toEqual({ n: 1, mean: 5, min: 5, max: 5, sd: 0, ci95: 0 });
    expect(aggregate([null, NaN])).toBeNull();
  });

  it('makes one point per x that has a value, partial points included', () => {
    const grid = [0.01, 0.02, 0.03];
    const summaries = [
      [{ goodput_mbps: 2 }, { goodput_mbps: 4 }],
      [{ goodput_mbps: 1 }, undefined], // cancelled half-way
      [undefined, undefined],
    ];
    const pts = sweepPoints(grid, summaries, 'goodput_mbps');
    expect(pts).toEqual([
      { x: 0.01, runs: 2, n: 2, mean: 3, min: 2, max: 4, sd: Math.SQRT2, ci95: 12.706 },
      { x: 0.02, runs: 1, n: 1, mean: 1, min: 1, max: 1, sd: 0, ci95: 0 },
    ]);
    expect(sweepPoints(grid, summaries, 'connection_time_s')).toEqual([]);
  });
});

describe('model error', () => {
  it('is the mean absolute relative error against the measured means', () => {
    const e = modelError([1, 2, 4], [1.5, 2, 3])!;
    expect(e.n).toBe(3);
    expect(e.mare).toBeCloseTo((0.5 + 0 + 0.25) / 3, 12);
    expect(e.maxRel).toBeCloseTo(0.5, 12);
    expect(e.bias).toBeCloseTo((0.5 + 0 - 0.25) / 3, 12);
  });

  it('skips points with no measurement above zero or no model value', () => {
    const e = modelError([0, 2, NaN, 1], [1, 3, 1, NaN])!;
    expect(e.n).toBe(1);
    expect(e.mare).toBeCloseTo(0.5, 12);
    expect(modelError([0], [1])).toBeNull();
  });

  it('applies to goodput against a loss-rate parameter only', () => {
    expect(isLossParam('flows[0].channel.forward.p')).toBe(true);
    expect(isLossParam('flows[0].channel.reverse.on_p')).toBe(true);
    expect(isLossParam('flows[0].channel.forward.on_mean_s')).toBe(false);
    expect(showsModels({ x: 'flows[0].channel.forward.p', y: 'goodput_mbps' })).toBe(true);
    expect(showsModels({ x: 'flows[0].channel.forward.p', y: 'timeouts' })).toBe(false);
    expect(showsModels({ x: 'duration_s', y: 'goodput_mbps' })).toBe(false);
  });
});

describe('sweep settings', () => {
  it('offers numbers and integers with a range, not the seed', () => {
    const paths = sweepableParams(model).map((s) => s.path);
    expect(paths).toContain('flows[0].channel.forward.p');
    expect(paths).toContain('flows[0].app.token_bucket.depth_tokens');
    expect(paths).not.toContain('seed');
    expect(paths).not.toContain('flows[0].protocol');
  });

  it("offers each of flows[0]'s parameters for every flow after the first too, checked against its range", () => {
    const later = sweepableParams(model).filter((s) => s.path.startsWith('flows[1:].'));
    expect(later.map((s) => s.path)).toContain('flows[1:].channel.forward.p');
    expect(later.map((s) => s.path)).not.toContain('flows[1:].protocol');
    expect(later.find((s) => s.path === 'flows[1:].channel.forward.p')!.decl.label).toMatch(
      /every flow after the first$/,
    );
    const { config, errors } = validateSweep(model, { x: 'flows[1:].channel.forward.p', from: '0', to: '2' });
    expect(config.x).toBe('flows[1:].channel.forward.p');
    expect(errors.map((e) => e.message)).toEqual([
      'sweep to must be within [0, 1] (the range of flows[1:].channel.forward.p), got 2',
    ]);
    expect(validateSweep(model, { x: 'flows[1:].protocol' }).errors[0].field).toBe('x');
  });

  it('defaults to goodput against the forward loss rate, log 0.1 % .. 5 %', () => {
    expect(defaultSweep(model)).toEqual({
      x: 'flows[0].channel.forward.p',
      from: 0.001,
      to: 0.05,
      scale: 'log',
      n: 10,
      y: 'goodput_mbps',
      k: 3,
      by: 'none',
    });
  });

  it('takes text and checks each field with a message naming it and its range', () => {
    const ok = validateSweep(model, { from: '0.002', to: '0.2', n: '25', k: '4', scale: 'log', y: 'timeouts' });
    expect(ok.errors).toEqual([]);
    expect(ok.config).toMatchObject({ from: 0.002, to: 0.2, n: 25, k: 4, y: 'timeouts' });

    const bad = validateSweep(model, { from: '2', n: '1', k: '21', y: 'Bad Figure!' });
    const msg = Object.fromEntries(bad.errors.map((e) => [e.field, e.message]));
    expect(msg.from).toBe('sweep from must be within [0, 1] (the range of flows[0].channel.forward.p), got 2');
    expect(msg.n).toBe('sweep points N must be an integer within [2, 200], got "1"');
    expect(msg.k).toBe('seeds per point K must be an integer within [1, 20], got "21"');
    expect(msg.y).toMatch(/^sweep y must be a numeric summary figure/);
  });

  it('needs a positive range on a log scale and two different ends', () => {
    expect(validateSweep(model, { from: '0', scale: 'log' }).errors[0].message).toMatch(
      /log sweep needs from and to above 0/,
    );
    expect(validateSweep(model, { from: '0.05', to: '0.05' }).errors[0]).toMatchObject({ field: 'to' });
  });

  it('checks a list of points against the scale too: a 0 on a log scale falls back whole, the list with it', () => {
    // The URL fuzzer's finding: a link whose scale was lost kept sweep.points from 0 on the
    // default log scale, so the page wrote a link it refused when reading it again.
    const r = validateSweep(model, { points: '0,0.01,0.05' });
    expect(r.errors.map((e) => e.message)).toEqual([expect.stringMatching(/log sweep needs from and to above 0/)]);
    expect(r.config.points).toBeUndefined();
    expect(r.config).toMatchObject({ from: 0.001, to: 0.05, scale: 'log' });
    expect(validateSweep(model, { points: '0,0.01,0.05', scale: 'linear' }).config).toMatchObject({
      points: [0, 0.01, 0.05],
      from: 0,
      to: 0.05,
    });
  });

  it('falls back to a whole consistent range when from, to and scale do not fit together', () => {
    // The URL fuzzer's finding: from = 0 on the default log scale was reported "using
    // default" but kept, so the page wrote a link it refused when reading it again.
    const zero = validateSweep(model, { from: '0' });
    expect(zero.errors[0].message).toMatch(/log sweep needs from and to above 0/);
    expect(zero.config).toMatchObject({ from: 0.001, to: 0.05, scale: 'log' });
    expect(
      validateSweep(model, { from: String(zero.config.from), to: String(zero.config.to), scale: zero.config.scale })
        .errors,
    ).toEqual([]);
    // One end refused, the other equal to the kept end: still a range of two ends.
    const same = validateSweep(model, { from: '7', to: '0.001' });
    expect(same.errors.map((e) => e.field)).toEqual(['from']);
    expect(same.config).toMatchObject({ from: 0.001, to: 0.05 });
  });

  it('brings a new parameter its own range and scale', () => {
    const r = validateSweep(model, { x: 'topology.bottleneck.rate_mbps' });
    expect(r.errors).toEqual([]);
    expect(r.config).toMatchObject({ x: 'topology.bottleneck.rate_mbps', from: 2.5, to: 40, scale: 'log' });
    const d = validateSweep(model, { x: 'duration_s' });
    expect(d.config).toMatchObject({ from: 0.1, to: 600, scale: 'linear' });
    expect(validateSweep(model, { x: 'seed' }).errors[0].message).toMatch(
      /^sweep x must be a number or integer parameter/,
    );
  });
});
