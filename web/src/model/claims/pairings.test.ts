// Pairings "protocol/recovery" in the compare list (LE paper §3.3: five loss recoveries
// under AIMD, a fixed window and Westwood+), against the REAL engine schema: read from
// links, set on the flows a compare or a sweep switches, labelled, kept by the picker.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../testEngine';
import { protocolLabel } from '../params/labels';
import { buildScenario, type ParamModel } from '../params/params';
import { decodeHash } from '../../url/codec';
import { entryColorIndex, isEntry, protocolOptions, toggleCompared, withProtocol } from '../views';
import { decodeViewParams } from '../../url/viewParams';

let model: ParamModel;

beforeAll(async () => {
  ({ model } = await loadTestEngine());
});

describe('protocol/recovery pairings', () => {
  it('are compared entries when both halves exist; "default" and unknown halves are not', () => {
    expect(isEntry(model, 'westwood/sack')).toBe(true);
    expect(isEntry(model, 'fixed/le')).toBe(true);
    expect(isEntry(model, 'fixed/default')).toBe(false);
    expect(isEntry(model, 'fixed/quic')).toBe(false);
    expect(isEntry(model, 'fixed/le/x')).toBe(false);
    const d = decodeHash(model, '#v=2&view=compare&cmp=fixed/reno,fixed/le,fixed/default');
    const v = decodeViewParams(model, d.viewPairs);
    expect(v.state.compare).toEqual(['fixed/reno', 'fixed/le']);
    expect(v.messages.map((m) => m.text).join()).toMatch(/ignored "fixed\/default"/);
  });

  it('set the protocol and the loss recovery of flows[0] and the flows running its protocol', () => {
    const d = decodeHash(model, '#v=2&flows=3&f2.protocol=cubic');
    const s = JSON.parse(buildScenario(model, withProtocol(model, d.values, 'westwood/le')));
    expect(s.flows.map((f: { protocol?: string }) => f.protocol)).toEqual(['westwood', 'westwood', 'cubic']);
    expect(s.flows.map((f: { recovery?: string }) => f.recovery ?? 'default')).toEqual(['le', 'le', 'default']);
  });

  it('read as both names and keep one colour per recovery after the protocols', () => {
    expect(protocolLabel(model, 'westwood/sack')).toBe('Westwood+ with SACK (RFC 6675) recovery');
    const n = protocolOptions(model).length;
    expect(entryColorIndex(model, 'fixed/le')).toBe(entryColorIndex(model, 'westwood/le'));
    expect(entryColorIndex(model, 'fixed/le')).toBeGreaterThanOrEqual(n);
  });

  it('stay in the list when a protocol is ticked or unticked', () => {
    const options = protocolOptions(model);
    expect(toggleCompared(['fixed/le', 'reno'], 'sack', options)).toEqual(['reno', 'sack', 'fixed/le']);
    expect(toggleCompared(['fixed/le', 'reno'], 'reno', options)).toEqual(['fixed/le']);
  });
});
