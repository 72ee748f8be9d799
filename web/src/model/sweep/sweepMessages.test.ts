import { describe, expect, it } from 'vitest';
import { buildModel } from '../params/params';
import { validateSweep } from './sweep';
import { sweepScreenMessage } from './sweepMessages';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../testSchema';

const model = buildModel(TEST_SCHEMA, TEST_DEFAULT_SCENARIO);

function screen(input: Record<string, string>, x = 'flows[0].channel.forward.p') {
  const r = validateSweep(model, { x, ...input });
  return Object.fromEntries(r.errors.map((e) => [e.field, sweepScreenMessage(model, r.config.x, e)]));
}

describe('sweep form messages', () => {
  it('name each box by its label on the screen, with the swept parameter, not its path', () => {
    const m = screen({ from: '2', n: '1', k: '25' });
    expect(m.from).toBe('From (Forward loss rate) must be within [0, 1], got 2');
    expect(m.n).toBe('Points N must be an integer within [2, 200], got "1"');
    expect(m.k).toBe('Seeds per point K must be an integer within [1, 20], got "25"');
    for (const text of Object.values(m)) expect(text).not.toMatch(/flows\[0\]|^sweep /);
  });

  it('carry the unit of the swept parameter and word a refused number', () => {
    const m = screen({ scale: 'linear', to: 'abc' }, 'flows[0].channel.forward.on_mean_s');
    expect(m.to).toBe('To (Forward ON mean sojourn, s) must be a number within [0.001, 3600], got "abc"');
  });

  it('leave a cross-field message readable', () => {
    const m = screen({ from: '0.05', to: '0.05' });
    expect(m.to).toBe('To (Forward loss rate) must differ from from (0.05)');
  });
});
