import { describe, expect, it } from 'vitest';
import { buildModel } from '../model/params/params';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../model/testSchema';
import { decodeHash, encodeHash } from './codec';
import { decodeTimeline, encodeTimeline, recordChange, timelineJson, valuesAt, type TimelineEntry } from './timeline';

// The test schema with the engine's live flags on loss and rate.
const LIVE = new Set(['flows[].channel.forward.p', 'topology.bottleneck.rate_mbps']);
const schema = { ...TEST_SCHEMA, params: TEST_SCHEMA.params.map((p) => (LIVE.has(p.path) ? { ...p, live: true } : p)) };
const model = buildModel(schema, TEST_DEFAULT_SCENARIO);

const timeline: TimelineEntry[] = [
  { t: 2.5, path: 'flows[0].channel.forward.p', value: 0.05 },
  { t: 12.345678, path: 'topology.bottleneck.rate_mbps', value: 0.1 + 0.2 },
  { t: 12.345678, path: 'flows[0].channel.forward.p', value: 1e-7 },
];

describe('live-mode timeline codec', () => {
  it('writes a compact, versioned value and reads it back exactly', () => {
    const text = encodeTimeline(model, timeline)!;
    expect(text).toBe(
      'v1,2.5~f0.channel.forward.p~0.05,12.345678~topology.bottleneck.rate_mbps~0.30000000000000004,12.345678~f0.channel.forward.p~1e-7',
    );
    const back = decodeTimeline(model, model.defaults, text);
    expect(back.messages).toEqual([]);
    expect(back.timeline).toEqual(timeline);
  });

  it('is no pair at all when empty, so old links stay as they were', () => {
    expect(encodeTimeline(model, [])).toBeNull();
    expect(decodeTimeline(model, model.defaults, null)).toEqual({ timeline: [], messages: [] });
  });

  it('travels in the hash beside the parameters', () => {
    const hash = encodeHash(model, model.defaults, [`tl=${encodeTimeline(model, timeline)}`]);
    const decoded = decodeHash(model, hash);
    expect(decoded.messages).toEqual([]);
    expect(decodeTimeline(model, decoded.values, decoded.timeline).timeline).toEqual(timeline);
  });

  it('leaves out bad entries, naming each by its label', () => {
    const raw = [
      'v1',
      '1~f0.channel.forward.p~0.1', // fine
      'abc~f0.channel.forward.p~0.1', // bad time
      '0.5~f0.channel.forward.p~0.1', // before the previous one
      '2~f0.nonsense~1', // unknown
      '3~duration_s~5', // not live
      '4~f0.channel.forward.p~7', // out of range
      '5~f3.channel.forward.p~0.2', // a flow the link does not have
      '6~only-two', // malformed
      '7~topology.bottleneck.rate_mbps~5', // fine
      '1e10~topology.bottleneck.rate_mbps~5', // later than the longest run (the engine refuses it)
    ].join(',');
    const { timeline: read, messages } = decodeTimeline(model, model.defaults, raw);
    expect(read).toEqual([
      { t: 1, path: 'flows[0].channel.forward.p', value: 0.1 },
      { t: 7, path: 'topology.bottleneck.rate_mbps', value: 5 },
    ]);
    const texts = messages.map((m) => m.text);
    expect(texts).toHaveLength(8);
    expect(texts[0]).toContain('the time must be a number of seconds');
    expect(texts[1]).toContain('before the previous change');
    expect(texts[2]).toContain('unknown parameter "f0.nonsense"');
    expect(texts[3]).toContain('cannot change during a run');
    expect(texts[4]).toContain('Forward loss rate must be within [0, 1], got 7');
    expect(texts[5]).toContain('flows[3]');
    expect(texts[6]).toContain('is not time~parameter~value');
    expect(texts[7]).toContain('the time must be within [0, 600] s (the longest run)');
  });

  it('ignores a timeline of a format it does not read, and says so', () => {
    const { timeline: read, messages } = decodeTimeline(model, model.defaults, 'v9,1~f0.channel.forward.p~0.1');
    expect(read).toEqual([]);
    expect(messages[0].text).toContain('format "v9"');
  });

  it('gives the engine its JSON form', () => {
    expect(JSON.parse(timelineJson(timeline.slice(0, 1)))).toEqual([
      { t_s: 2.5, path: 'flows[0].channel.forward.p', value: 0.05 },
    ]);
  });

  it('records a change over the rest of that parameter’s timeline, in time order', () => {
    const next = recordChange(timeline, { t: 2.0000004, path: 'flows[0].channel.forward.p', value: 0.2 });
    expect(next).toEqual([
      { t: 2, path: 'flows[0].channel.forward.p', value: 0.2 },
      { t: 12.345678, path: 'topology.bottleneck.rate_mbps', value: 0.1 + 0.2 },
    ]);
  });

  it('tells the values in force at a time', () => {
    const at = valuesAt(model.defaults, timeline, 3);
    expect(at['flows[0].channel.forward.p']).toBe(0.05);
    expect(at['topology.bottleneck.rate_mbps']).toBe(model.defaults['topology.bottleneck.rate_mbps']);
    expect(valuesAt(model.defaults, timeline, 1)).toBe(model.defaults);
  });
});
