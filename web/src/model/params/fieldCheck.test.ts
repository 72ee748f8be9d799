import { describe, expect, it } from 'vitest';
import type { ParamDecl } from '../../engine/types';
import { checkTyped, fieldName, withFieldName } from './fieldCheck';

const duration: ParamDecl = {
  path: 'duration_s',
  label: 'Duration',
  type: 'number',
  unit: 's',
  min: 0.1,
  max: 600,
} as ParamDecl;
const seeds: ParamDecl = { path: 'seed', label: 'Seed', type: 'integer', min: 0, max: 2 ** 31 } as ParamDecl;
const drops: ParamDecl = {
  path: 'x',
  label: 'Dropped packets',
  type: 'int_list',
  min: 1,
  max: 1000,
  max_items: 3,
} as ParamDecl;
const name = fieldName('Duration', 's');

describe('a typed value', () => {
  it('names the field by its label and unit and gives the range', () => {
    expect(name).toBe('Duration (s)');
    expect(checkTyped(name, duration, '1e9')).toEqual({
      ok: false,
      message: 'Duration (s) must be between 0.1 and 600; got 1000000000',
    });
    expect(checkTyped(name, duration, '0.05')).toEqual({
      ok: false,
      message: 'Duration (s) must be between 0.1 and 600; got 0.05',
    });
  });

  it('reads a number in any decimal form, trimmed', () => {
    expect(checkTyped(name, duration, ' 1.5e2 ')).toEqual({ ok: true, value: 150 });
  });

  it('says what text it could not read', () => {
    expect(checkTyped(name, duration, '12 s')).toEqual({
      ok: false,
      message: 'Duration (s) must be a number between 0.1 and 600; got "12 s"',
    });
    expect(checkTyped(name, duration, '')).toEqual({
      ok: false,
      message: 'Duration (s) must be a number between 0.1 and 600; got ""',
    });
    expect(checkTyped('Seed', seeds, '2.5')).toEqual({
      ok: false,
      message: 'Seed must be a whole number between 0 and 2147483648; got 2.5',
    });
  });

  it('checks a list of whole numbers', () => {
    expect(checkTyped('Dropped packets', drops, '5, 7')).toEqual({ ok: true, value: [5, 7] });
    expect(checkTyped('Dropped packets', drops, '5, x')).toEqual({
      ok: false,
      message: 'Dropped packets must be whole numbers between 1 and 1000, separated by commas; got "5, x"',
    });
    expect(checkTyped('Dropped packets', drops, '1,2,3,4')).toEqual({
      ok: false,
      message: 'Dropped packets must list at most 3 whole numbers; got 4',
    });
  });

  it("puts the label in place of the path in the engine's message", () => {
    expect(
      withFieldName(
        'flows[0].app.token_bucket.depth_tokens must be at least 10',
        'flows[0].app.token_bucket.depth_tokens',
        'Depth (tokens)',
      ),
    ).toBe('Depth (tokens) must be at least 10');
  });
});
