import { describe, expect, it } from 'vitest';
import { buildModel } from '../model/params/params';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../model/testSchema';
import { decodeHash, encodeHash } from './codec';
import { paletteOf } from './display';
import { defaultViewState } from '../model/views';
import { decodeViewParams, encodeViewParams } from './viewParams';

const model = buildModel(TEST_SCHEMA, TEST_DEFAULT_SCENARIO);

function read(hash: string) {
  const d = decodeHash(model, hash);
  return { ...decodeViewParams(model, d.viewPairs), values: d.values };
}

describe('display flags in the link', () => {
  it('a link without them reads as before and writes nothing new', () => {
    const { state, messages } = read('#v=2&duration_s=5');
    expect(messages).toEqual([]);
    expect(state.present).toBeUndefined();
    expect(state.embed).toBeUndefined();
    expect(encodeViewParams(model, state)).toEqual([]);
    expect(paletteOf(state)).toBe('standard');
  });

  it('present, embed and palette round-trip, and do not touch the scenario', () => {
    const v = { ...defaultViewState(model), present: true, embed: true, palette: 'cb' as const };
    const hash = encodeHash(model, model.defaults, encodeViewParams(model, v));
    expect(hash).toContain('present=1');
    expect(hash).toContain('embed=1');
    expect(hash).toContain('palette=cb');
    const back = read(hash);
    expect(back.messages).toEqual([]);
    expect(back.state).toMatchObject({ present: true, embed: true, palette: 'cb' });
    expect(back.values).toEqual(read('#v=2').values);
  });

  it('presentation mode brings the colour-blind-safe palette', () => {
    expect(paletteOf({ present: true })).toBe('cb');
    expect(paletteOf({ palette: 'cb' })).toBe('cb');
  });

  it('a wrong value is reported and ignored', () => {
    const { state, messages } = read('#v=2&present=yes&palette=neon');
    expect(state.present).toBeUndefined();
    expect(state.palette).toBeUndefined();
    expect(messages.map((m) => m.text)).toEqual([
      'present must be 1 or 0, got "yes" — ignored',
      'palette must be cb or standard, got "neon" — using standard',
    ]);
  });
});
