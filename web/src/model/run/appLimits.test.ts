import { describe, expect, it } from 'vitest';
import { appLimits } from './appLimits';
import { buildModel } from '../params/params';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../testSchema';

describe('application limits', () => {
  it('finds the token bucket on by default and nothing once it is off', () => {
    const model = buildModel(TEST_SCHEMA, TEST_DEFAULT_SCENARIO);
    const on = appLimits(model, model.defaults);
    expect(on.map((l) => l.path)).toContain('flows[0].app.token_bucket.enabled');
    expect(on.find((l) => l.path === 'flows[0].app.token_bucket.enabled')?.label).toBe('Token bucket');
    expect(
      appLimits(model, { ...model.defaults, 'flows[0].app.token_bucket.enabled': false }).map((l) => l.path),
    ).not.toContain('flows[0].app.token_bucket.enabled');
  });
});
