import { describe, expect, it } from 'vitest';
import type { EngineSchema } from '../engine/types';
import { buildModel } from './params/params';
import { validateSweep } from './sweep/sweep';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from './testSchema';
import { decodeHash, encodeHash } from '../url/codec';
import { defaultViewState, MAX_COMPARE, toggleCompared, toggleHidden, type ViewState } from './views';
import { decodeViewParams, encodeViewParams } from '../url/viewParams';

// The test schema with the engine's nine protocols.
const PROTOCOLS = ['tahoe', 'reno', 'newreno', 'sack', 'fack', 'vegas', 'westwood', 'cubic', 'bbr'];
const schema: EngineSchema = {
  ...TEST_SCHEMA,
  params: TEST_SCHEMA.params.map((p) => (p.path === 'flows[].protocol' ? { ...p, options: PROTOCOLS } : p)),
};
const model = buildModel(schema, TEST_DEFAULT_SCENARIO);

function roundTrip(v: ViewState, values = model.defaults) {
  const hash = encodeHash(model, values, encodeViewParams(model, v));
  const d = decodeHash(model, hash);
  return { hash, values: d.values, urlMessages: d.messages, ...decodeViewParams(model, d.viewPairs) };
}

describe('view state in the URL', () => {
  it('writes nothing for the default view', () => {
    expect(encodeViewParams(model, defaultViewState(model))).toEqual([]);
    expect(encodeHash(model, model.defaults, encodeViewParams(model, defaultViewState(model)))).toBe('#v=3');
  });

  it('round-trips the compare view: view, protocols in order, hidden ones', () => {
    const v: ViewState = {
      ...defaultViewState(model),
      view: 'compare',
      compare: ['cubic', 'newreno', 'bbr'],
      hidden: ['bbr'],
    };
    const r = roundTrip(v, { ...model.defaults, seed: 7 });
    expect(r.hash).toBe('#v=3&seed=7&view=compare&cmp=cubic,newreno,bbr&hide=bbr');
    expect(r.messages).toEqual([]);
    expect(r.urlMessages).toEqual([]);
    expect(r.state).toEqual(v);
    expect(r.values.seed).toBe(7);
  });

  it('writes a sweep whole, with the parameter by its URL key, and reads it back', () => {
    const v: ViewState = {
      ...defaultViewState(model),
      view: 'sweep',
      sweep: {
        x: 'flows[0].channel.forward.p',
        from: 0.001,
        to: 0.05,
        scale: 'log',
        n: 30,
        y: 'goodput_mbps',
        k: 3,
        by: 'none',
      },
    };
    const r = roundTrip(v);
    expect(r.hash).toBe(
      '#v=3&view=sweep&sweep.x=f0.channel.forward.p&sweep.from=0.001&sweep.to=0.05&sweep.scale=log&sweep.n=30&sweep.y=goodput_mbps&sweep.k=3',
    );
    expect(r.messages).toEqual([]);
    expect(r.state).toEqual(v);
  });

  it('writes a sweep of every flow after the first by its path and reads it back', () => {
    const v: ViewState = {
      ...defaultViewState(model),
      view: 'sweep',
      sweep: {
        x: 'flows[1:].channel.forward.p',
        from: 0,
        to: 0.2,
        scale: 'linear',
        n: 5,
        y: 'goodput_mbps',
        k: 2,
        by: 'none',
      },
    };
    const r = roundTrip(v);
    expect(r.hash).toContain('sweep.x=flows[1%3A].channel.forward.p&sweep.from=0&sweep.to=0.2');
    expect(r.messages).toEqual([]);
    expect(r.state).toEqual(v);
  });

  it('keeps a changed sweep in the URL while another view is shown', () => {
    const v: ViewState = { ...defaultViewState(model), sweep: { ...defaultViewState(model).sweep, n: 40 } };
    const r = roundTrip(v);
    expect(r.hash).toContain('sweep.n=40');
    expect(r.hash).not.toContain('view=');
    expect(r.state.sweep.n).toBe(40);
  });

  it("keeps a sweep's explicit points (a paper's uneven x values) through the URL; editing the range drops them", () => {
    const { state, messages } = decodeViewParams(model, [
      ['view', 'sweep'],
      ['sweep.x', 'f0.channel.forward.p'],
      ['sweep.scale', 'linear'],
      ['sweep.points', '0,0.019,0.098,0.19'],
    ]);
    expect(messages).toEqual([]);
    expect(state.sweep).toMatchObject({ points: [0, 0.019, 0.098, 0.19], from: 0, to: 0.19, n: 4 });
    const r = roundTrip(state);
    expect(r.hash).toContain('sweep.points=0,0.019,0.098,0.19');
    expect(r.state.sweep.points).toEqual([0, 0.019, 0.098, 0.19]);
    // The boxes on the screen commit from, to and n as they are: the points stay.
    expect(validateSweep(model, { from: '0', to: '0.19', n: '4', k: '3' }, state.sweep).config.points).toEqual([
      0, 0.019, 0.098, 0.19,
    ]);
    // A new range: its even grid replaces the list.
    const edited = validateSweep(model, { from: '0', to: '0.15', n: '4' }, state.sweep).config;
    expect(edited.points).toBeUndefined();
    expect(edited).toMatchObject({ from: 0, to: 0.15, n: 4 });
    // Out of order, outside x's range or a single value: refused, naming the field.
    for (const bad of ['0.1,0.05', '0,2', '0.1'])
      expect(decodeViewParams(model, [['sweep.points', bad]]).messages[0]?.text, bad).toMatch(
        /sweep points must be 2 to 200 ascending numbers/,
      );
  });

  it('accepts the concrete path for sweep.x too', () => {
    const { state, messages } = decodeViewParams(model, [['sweep.x', 'topology.bottleneck.rate_mbps']]);
    expect(messages).toEqual([]);
    expect(state.sweep.x).toBe('topology.bottleneck.rate_mbps');
  });

  it('names the field and the allowed range for bad sweep values and falls back', () => {
    const { state, messages } = decodeViewParams(model, [
      ['view', 'sweep'],
      ['sweep.x', 'f0.channel.forward.p'],
      ['sweep.from', '-1'],
      ['sweep.to', '0.05'],
      ['sweep.n', '500'],
      ['sweep.k', '0'],
      ['sweep.scale', 'cubic'],
    ]);
    const text = messages.map((m) => m.text);
    expect(text).toContain(
      'sweep from must be within [0, 1] (the range of flows[0].channel.forward.p), got -1 — using default',
    );
    expect(text).toContain('sweep points N must be an integer within [2, 200], got "500" — using default');
    expect(text).toContain('seeds per point K must be an integer within [1, 20], got "0" — using default');
    expect(text).toContain('sweep scale must be linear or log, got "cubic" — using default');
    const def = defaultViewState(model).sweep;
    expect(state.sweep).toEqual({ ...def, to: 0.05 });
    expect(state.view).toBe('sweep');
  });

  it('reports unknown views, protocols and sweep keys, and never throws', () => {
    const { state, messages } = decodeViewParams(model, [
      ['view', 'papers'],
      ['cmp', 'cubic,quic,cubic'],
      ['hide', 'reno'],
      ['sweep.zz', '1'],
      ['cmp', null as unknown as string],
    ]);
    expect(state.view).toBe('live');
    expect(state.compare).toEqual(['cubic']);
    expect(state.hidden).toEqual([]); // reno is not compared
    expect(messages.map((m) => m.text).join('\n')).toMatch(
      /view must be one of live, compare, sweep, contest, validation, got "papers"/,
    );
    expect(messages.map((m) => m.text).join('\n')).toMatch(/ignored "quic"/);
    expect(messages.map((m) => m.text).join('\n')).toMatch(/unknown sweep setting "sweep.zz"/);
  });

  it('cuts long values in its messages (a link can carry megabytes)', () => {
    const long = 'x'.repeat(100_000);
    const { messages } = decodeViewParams(model, [
      ['view', long],
      ['cmp', Array.from({ length: 1000 }, (_, i) => `bad${i}`).join(',')],
      ['sweep.y', long],
      [`sweep.${long}`, '1'],
      [`sweep.${long}`, null as unknown as string],
      ['palette', long],
      ['present', long],
    ]);
    expect(messages).toHaveLength(7);
    for (const m of messages) expect(m.text.length).toBeLessThan(400);
    expect(messages.map((m) => m.text).join('\n')).toMatch(/ignored "bad0", .*"bad4" and 995 more/);
  });

  it('keeps at most six compared protocols', () => {
    const { state, messages } = decodeViewParams(model, [['cmp', PROTOCOLS.join(',')]]);
    expect(state.compare).toHaveLength(MAX_COMPARE);
    expect(messages[0].text).toMatch(/at most 6/);
  });

  it('does not report view keys as unknown parameters', () => {
    const d = decodeHash(model, '#v=1&view=compare&cmp=reno,sack&sweep.n=5');
    expect(d.messages).toEqual([]);
    expect(d.viewPairs).toEqual([
      ['view', 'compare'],
      ['cmp', 'reno,sack'],
      ['sweep.n', '5'],
    ]);
  });
});

describe('compare legend state', () => {
  const compare = ['newreno', 'sack', 'cubic'];
  it('hides and shows a protocol, in compare order', () => {
    let hidden = toggleHidden([], 'cubic', compare);
    expect(hidden).toEqual(['cubic']);
    hidden = toggleHidden(hidden, 'newreno', compare);
    expect(hidden).toEqual(['newreno', 'cubic']);
    hidden = toggleHidden(hidden, 'cubic', compare);
    expect(hidden).toEqual(['newreno']);
    expect(toggleHidden(hidden, 'newreno', compare)).toEqual([]);
  });

  it('drops hidden protocols that are no longer compared', () => {
    expect(toggleHidden(['bbr'], 'sack', compare)).toEqual(['sack']);
  });

  it('adds protocols in schema order, up to six, and never removes the last one', () => {
    expect(toggleCompared(compare, 'reno', PROTOCOLS)).toEqual(['reno', 'newreno', 'sack', 'cubic']);
    expect(toggleCompared(compare, 'sack', PROTOCOLS)).toEqual(['newreno', 'cubic']);
    expect(toggleCompared(['cubic'], 'cubic', PROTOCOLS)).toEqual(['cubic']);
    const six = PROTOCOLS.slice(0, 6);
    expect(toggleCompared(six, 'bbr', PROTOCOLS)).toEqual(six);
  });
});

describe("Compare's event markers in the URL", () => {
  const withMarkers = buildModel(
    {
      ...schema,
      series: [
        { name: 'cwnd', kind: 'line', scope: 'flow' },
        { name: 'fast_retransmit', kind: 'marker', scope: 'flow' },
        { name: 'timeout', kind: 'marker', scope: 'flow' },
        { name: 'partial_ack', kind: 'marker', scope: 'flow' },
        { name: 'link_drop', kind: 'marker', scope: 'link' },
      ],
    },
    TEST_DEFAULT_SCENARIO,
  );
  const trip = (v: ViewState) => {
    const hash = encodeHash(withMarkers, withMarkers.defaults, encodeViewParams(withMarkers, v));
    const d = decodeHash(withMarkers, hash);
    return { hash, urlMessages: d.messages, ...decodeViewParams(withMarkers, d.viewPairs) };
  };

  it('writes nothing when every marker is shown, so old links read the same', () => {
    const def = defaultViewState(withMarkers);
    expect(encodeViewParams(withMarkers, { ...def, view: 'compare' })).toEqual(['view=compare']);
    const old = trip({ ...def, view: 'compare' });
    expect(old.state.markersOff).toBeUndefined();
    expect(old.messages).toEqual([]);
  });

  it('round-trips the markers switched off, in schema order', () => {
    const v: ViewState = {
      ...defaultViewState(withMarkers),
      view: 'compare',
      markersOff: ['fast_retransmit', 'partial_ack'],
    };
    const r = trip(v);
    expect(r.hash).toContain('nomark=fast_retransmit,partial_ack');
    expect(r.urlMessages).toEqual([]);
    expect(r.messages).toEqual([]);
    expect(r.state.markersOff).toEqual(['fast_retransmit', 'partial_ack']);
    const d = decodeViewParams(withMarkers, [['nomark', 'partial_ack,timeout']]);
    expect(d.state.markersOff).toEqual(['timeout', 'partial_ack']);
  });

  it('names what a bad nomark lists and keeps the known ones', () => {
    const d = decodeViewParams(withMarkers, [['nomark', 'timeout,bogus,link_drop']]);
    expect(d.state.markersOff).toEqual(['timeout']);
    expect(d.messages.map((m) => m.text)).toEqual([
      'nomark must list event markers from fast_retransmit, timeout, partial_ack; ignored "bogus", "link_drop"',
    ]);
  });
});
