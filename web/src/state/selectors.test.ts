import { describe, expect, it } from 'vitest';
import { buildModel } from '../model/params/params';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../model/testSchema';
import { defaultViewState } from '../model/views';
import { decodeHash } from '../url/codec';
import { decodeTimeline, type TimelineEntry } from '../url/timeline';
import { applyPatch, type LabPatch, type LabState } from './labState';
import { selectHash } from './selectors';
import { selectWithMemo, shallowEqual } from './useLab';

const LIVE = new Set(['flows[].channel.forward.p']);
const schema = { ...TEST_SCHEMA, params: TEST_SCHEMA.params.map((p) => (LIVE.has(p.path) ? { ...p, live: true } : p)) };
const model = buildModel(schema, TEST_DEFAULT_SCENARIO);
const timeline: TimelineEntry[] = [{ t: 2.5, path: 'flows[0].channel.forward.p', value: 0.05 }];

function state(patch: LabPatch = {}): LabState {
  const base: LabState = {
    engine: { phase: 'ready', model, groups: [], rules: new Map() },
    scenario: { values: { ...model.defaults, duration_s: 10 }, urlMessages: [], timeline: [] },
    run: { engineErrors: [], busy: false, lastFinishedId: 0 },
    view: { ...defaultViewState(model), present: true },
    compare: { entries: [], busy: false, id: 0 },
    live: {},
    ui: { selectedFlow: 0, selectedGroup: null, hiddenFlows: [] },
  };
  return applyPatch(base, patch);
}

describe('the link the page shows (selectHash)', () => {
  it('carries live mode timeline, after the view and display pairs, and reads back to the same run', () => {
    const hash = selectHash(state({ timeline }));
    expect(hash).toBe('#v=3&duration_s=10&present=1&tl=v1,2.5~f0.channel.forward.p~0.05');
    const d = decodeHash(model, hash);
    expect(d.values.duration_s).toBe(10);
    expect(decodeTimeline(model, d.values, d.timeline).timeline).toEqual(timeline);
  });

  it('has no tl= without a timeline, and is empty before the engine has loaded', () => {
    expect(selectHash(state())).toBe('#v=3&duration_s=10&present=1');
    expect(selectHash(state({ model: undefined }))).toBe('');
  });
});

describe('selectWithMemo', () => {
  it('keeps the selected object while its fields are the same, so the component does not re-render', () => {
    const select = selectWithMemo((s: LabState) => ({ busy: s.run.busy, values: s.scenario.values }), shallowEqual);
    const a = state();
    const first = select(a);
    expect(select(applyPatch(a, { selectedFlow: 3 }))).toBe(first);
    const next = select(applyPatch(a, { busy: true }));
    expect(next).not.toBe(first);
    expect(next.busy).toBe(true);
  });

  it('shallowEqual compares one level deep', () => {
    const v = {};
    expect(shallowEqual({ a: 1, v }, { a: 1, v })).toBe(true);
    expect(shallowEqual({ a: 1, v }, { a: 1, v: {} })).toBe(false);
    expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});

describe('the state in slices (applyPatch)', () => {
  it('puts each field in its slice and renews only the slices a patch touches', () => {
    const a = state();
    const b = applyPatch(a, { busy: true, selectedFlow: 2 });
    expect(b.run.busy).toBe(true);
    expect(b.ui.selectedFlow).toBe(2);
    expect(b.run.lastFinishedId).toBe(a.run.lastFinishedId);
    expect(b.scenario).toBe(a.scenario);
    expect(b.engine).toBe(a.engine);
    expect(b.view).toBe(a.view);
    expect(a.run.busy).toBe(false);
    const view = { ...a.view, present: false };
    expect(applyPatch(a, { view }).view).toBe(view);
  });
});
