import { describe, expect, it } from 'vitest';
import type { EngineSchema } from '../../engine/types';
import { buildModel } from '../params/params';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../testSchema';
import { decodeHash, encodeHash } from '../../url/codec';
import { decodeViewParams, encodeViewParams } from '../../url/viewParams';
import { defaultViewState, type ViewState } from '../views';
import { contestSpec, pageEntrant } from './contest';

// The test schema with two sets, a protocol of the page's own (`mine`) with a parameter
// shown only for it, and a loss recovery.
const schema: EngineSchema = {
  ...TEST_SCHEMA,
  params: [
    ...TEST_SCHEMA.params.map((p) =>
      p.path === 'flows[].protocol' ? { ...p, options: ['reno', 'newreno', 'cubic', 'mine'] } : p,
    ),
    {
      path: 'flows[].recovery',
      label: 'Recovery',
      group: 'TCP',
      type: 'enum',
      options: ['default', 'sack'],
      default: 'default',
    },
    {
      path: 'flows[].mine.gain',
      label: 'Gain',
      group: 'TCP',
      type: 'number',
      min: 0,
      max: 10,
      default: 1,
      when: { path: 'flows[].protocol', equals: ['mine'] },
    },
  ],
  contests: [
    { name: 'classic', label: 'Classic', help: '', entrants: ['reno', 'cubic'], scenarios: [] },
    { name: 'cellular', label: 'Cellular', help: '', entrants: ['cubic'], scenarios: [] },
  ],
};
const model = buildModel(schema, TEST_DEFAULT_SCENARIO);

describe('the contest entrants', () => {
  it("are the set's own, and this page's flows[0] when its protocol is not one of them", () => {
    const classic = model.contests[0];
    expect(pageEntrant(model, { ...model.defaults, 'flows[0].protocol': 'reno' }, classic)).toBeNull();
    // newreno is not on the classic board: it joins with its recovery, and without the
    // parameters of other protocols.
    const values = { ...model.defaults, 'flows[0].protocol': 'newreno', 'flows[0].recovery': 'sack' };
    expect(pageEntrant(model, values, classic)).toEqual({
      label: 'yours (newreno)',
      set: { protocol: 'newreno', recovery: 'sack' },
    });
    const mine = { ...model.defaults, 'flows[0].protocol': 'mine', 'flows[0].mine.gain': 3 };
    expect(contestSpec(model, mine, 'classic')).toEqual({
      set: 'classic',
      entrants: [
        'reno',
        'cubic',
        { label: 'yours (mine)', set: { protocol: 'mine', recovery: 'default', 'mine.gain': 3 } },
      ],
    });
    // An unknown set name falls back to the engine's first set.
    expect(contestSpec(model, model.defaults, 'nope')?.set).toBe('classic');
  });
});

describe('the contest in the link', () => {
  function roundTrip(v: ViewState) {
    const hash = encodeHash(model, model.defaults, encodeViewParams(model, v));
    const d = decodeHash(model, hash);
    return { hash, ...decodeViewParams(model, d.viewPairs) };
  }

  it('names its set when the contest view is open, and reads it back', () => {
    const r = roundTrip({ ...defaultViewState(model), view: 'contest' });
    expect(r.hash).toBe('#v=3&view=contest&contest=classic');
    expect(r.state.contest).toBe('classic');
    const c = roundTrip({ ...defaultViewState(model), view: 'contest', contest: 'cellular' });
    expect(c.hash).toBe('#v=3&view=contest&contest=cellular');
    expect(c.state).toMatchObject({ view: 'contest', contest: 'cellular' });
    expect(c.messages).toEqual([]);
  });

  it('reports an unknown set and uses the first', () => {
    const d = decodeHash(model, '#v=3&view=contest&contest=warp');
    const r = decodeViewParams(model, d.viewPairs);
    expect(r.state.contest).toBe('classic');
    expect(r.messages[0].text).toBe('contest must be one of classic, cellular, got "warp" — using classic');
  });
});
