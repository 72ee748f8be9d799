// The flow's timer profile (engine: flows[].tcp.timers, transport/timer_profile.h)
// against the REAL engine schema: a TCP option the page builds from the schema, with its
// help and sources, carried by links, and the ns-2 tick shown only under ns-2.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import { optionLabel } from './labels';
import { buildScenario, specsOfItem, type ParamModel } from './params';
import { groupSpecs } from './groups';
import { decodeHash, encodeHash } from '../../url/codec';
import { isVisible, visibilityRules } from './visibility';

let model: ParamModel;

beforeAll(async () => {
  ({ model } = await loadTestEngine());
});

describe('timer profile', () => {
  it("is one of the flow's TCP options, with the three profiles, their labels and sources", () => {
    const tcp = groupSpecs(specsOfItem(model, 'flows', 0)).find((g) => g.group === 'TCP');
    const spec = tcp?.specs.find((s) => s.path === 'flows[0].tcp.timers');
    expect(spec).toBeDefined();
    expect(spec!.decl.options).toEqual(['rfc6298', 'bsd', 'ns2']);
    expect(spec!.defaultValue).toBe('rfc6298');
    expect(optionLabel(spec!.decl, 'bsd')).toBe('4.4BSD / x-kernel');
    expect(spec!.decl.help).toMatch(/500 ms slow timer/);
    expect(spec!.decl.help).toMatch(/tcpTick_/);
    expect(spec!.decl.source).toMatch(/RFC 6298/);
  });

  it('opens from a link and is written back into it, the ns-2 tick with it', () => {
    const d = decodeHash(model, '#v=2&f0.tcp.timers=ns2&f0.tcp.ns2_tick_ms=100');
    expect(d.messages).toEqual([]);
    expect(d.values['flows[0].tcp.timers']).toBe('ns2');
    const scenario = JSON.parse(buildScenario(model, d.values));
    expect(scenario.flows[0].tcp.timers).toBe('ns2');
    expect(scenario.flows[0].tcp.ns2_tick_ms).toBe(100);
    expect(encodeHash(model, d.values)).toBe('#v=3&f0.tcp.timers=ns2&f0.tcp.ns2_tick_ms=100');
    // An unknown profile is named, with the ones there are.
    const bad = decodeHash(model, '#v=2&f0.tcp.timers=linux');
    expect(bad.messages.map((m) => m.text).join()).toMatch(/rfc6298/);
  });

  it('shows the ns-2 tick only when the profile is ns2', () => {
    const rules = visibilityRules(model.specs);
    const v = { ...model.defaults };
    expect(isVisible('flows[0].tcp.ns2_tick_ms', rules, v)).toBe(false);
    expect(isVisible('flows[0].tcp.ns2_tick_ms', rules, { ...v, 'flows[0].tcp.timers': 'ns2' })).toBe(true);
    expect(isVisible('flows[0].tcp.timers', rules, v)).toBe(true);
    expect(isVisible('flows[0].tcp.timers', rules, { ...v, 'flows[0].protocol': 'tfrc' })).toBe(false);
  });
});
