// The schema's newer fields: `when`, `advanced`, `option_labels`, `max_items`, and
// the page still working when a schema does not have them.
import { describe, expect, it } from 'vitest';
import type { EngineSchema, ParamDecl } from '../../engine/types';
import { isAdvanced } from '../../components/Controls';
import { optionLabel } from './labels';
import { buildModel } from './params';
import { checkValue } from './valueCheck';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../testSchema';
import { isVisible, visibilityRules } from './visibility';

const WHEN_MODEL = { path: 'flows[].channel.forward.model', equals: ['bernoulli'] };

function withWhen(): EngineSchema {
  return {
    ...TEST_SCHEMA,
    params: TEST_SCHEMA.params.map((p) => {
      if (p.path === 'flows[].channel.forward.p') return { ...p, when: WHEN_MODEL };
      if (p.path === 'flows[].app.token_bucket.depth_tokens')
        return { ...p, when: { path: 'flows[].app.token_bucket.enabled', equals: ['true'] } };
      return p;
    }),
  };
}

describe('when: declared visibility', () => {
  it('uses only the declared rules when the schema has any', () => {
    const model = buildModel(withWhen(), TEST_DEFAULT_SCENARIO);
    const rules = visibilityRules(model.specs);
    // Declared: p and depth_tokens. Not guessed any more: on_mean_s, on_p, drop_packets.
    expect([...rules.keys()].sort()).toEqual(['flows[0].app.token_bucket.depth_tokens', 'flows[0].channel.forward.p']);
    const v = { ...model.defaults };
    expect(isVisible('flows[0].channel.forward.p', rules, v)).toBe(true);
    expect(isVisible('flows[0].channel.forward.p', rules, { ...v, 'flows[0].channel.forward.model': 'on_off' })).toBe(
      false,
    );
    expect(
      isVisible('flows[0].app.token_bucket.depth_tokens', rules, { ...v, 'flows[0].app.token_bucket.enabled': false }),
    ).toBe(false);
    expect(isVisible('flows[0].channel.forward.on_p', rules, v)).toBe(true);
  });

  it('still infers the rules from an older schema without `when`', () => {
    const model = buildModel(TEST_SCHEMA, TEST_DEFAULT_SCENARIO);
    const rules = visibilityRules(model.specs);
    expect(rules.get('flows[0].channel.forward.on_p')).toEqual({
      controller: 'flows[0].channel.forward.model',
      showWhen: ['on_off'],
    });
  });
});

describe('advanced, option_labels, max_items', () => {
  const spec = (decl: Partial<ParamDecl>, path = 'flows[0].tcp.mss_bytes') =>
    ({ path, key: path, decl: { path, type: 'integer', ...decl } as ParamDecl, defaultValue: 0 }) as Parameters<
      typeof isAdvanced
    >[0];

  it('folds what the schema marks advanced, and only that when it says', () => {
    expect(isAdvanced(spec({ advanced: true }, 'duration_s'))).toBe(true);
    expect(isAdvanced(spec({ advanced: false }))).toBe(false); // the tcp.* pattern no longer applies
    expect(isAdvanced(spec({}))).toBe(true); // no flag: the page's own pattern
  });

  it('shows option_labels, else the option itself: the page keeps no list of names', () => {
    const decl = {
      path: 'p',
      type: 'enum',
      options: ['bbr', 'cubic'],
      option_labels: ['BBR v1', 'CUBIC'],
    } as ParamDecl;
    expect(optionLabel(decl, 'bbr')).toBe('BBR v1');
    expect(optionLabel({ ...decl, option_labels: ['only one'] }, 'bbr')).toBe('bbr'); // wrong length: ignored
    expect(optionLabel({ ...decl, option_labels: undefined }, 'westwood')).toBe('westwood');
    expect(optionLabel(undefined, 'quic')).toBe('quic');
  });

  it('refuses an int_list longer than max_items, in the engine wording', () => {
    const decl = { path: 'x', type: 'int_list', min: 1, max: 100, max_items: 3 } as ParamDecl;
    expect(checkValue('x', decl, '1,2,3')).toEqual({ ok: true, value: [1, 2, 3] });
    expect(checkValue('x', decl, '1,2,3,4')).toEqual({
      ok: false,
      message: 'x must be a list of at most 3 integers within [1, 100], got 4 items',
    });
    expect(checkValue('x', { ...decl, max_items: undefined }, '1,2,3,4')).toEqual({ ok: true, value: [1, 2, 3, 4] });
  });
});
