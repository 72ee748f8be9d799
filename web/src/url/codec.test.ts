import { describe, expect, it } from 'vitest';
import { allSpecs, buildModel, buildScenario } from '../model/params/params';
import { addItem, withItemCount } from '../model/params/listEdits';
import { TEST_DEFAULT_SCENARIO, TEST_SCHEMA } from '../model/testSchema';
import { decodeHash, encodeHash } from './codec';

const model = buildModel(TEST_SCHEMA, TEST_DEFAULT_SCENARIO);

describe('URL codec', () => {
  it('encodes the defaults as just the version', () => {
    expect(encodeHash(model, model.defaults)).toBe('#v=3');
  });

  it('round-trips every kind of value, exactly', () => {
    const values = {
      ...model.defaults,
      seed: 4294967295,
      duration_s: 12.5,
      'topology.bottleneck.rate_mbps': 0.1 + 0.2, // 0.30000000000000004 must survive
      'flows[0].protocol': 'tahoe',
      'flows[0].channel.forward.model': 'on_off',
      'flows[0].channel.forward.p': 1e-7,
      'flows[0].channel.forward.drop_packets': [3, 7, 1000000000],
      'flows[0].app.token_bucket.enabled': false,
    };
    const hash = encodeHash(model, values);
    expect(hash.startsWith('#v=3&')).toBe(true);
    expect(hash).toContain('f0.protocol=tahoe');
    expect(hash).toContain('f0.channel.forward.drop_packets=3,7,1000000000');
    expect(hash).toContain('f0.app.token_bucket.enabled=0');
    const back = decodeHash(model, hash);
    expect(back.messages).toEqual([]);
    expect(back.values).toEqual(values);
    expect(encodeHash(model, back.values)).toBe(hash);
  });

  it('writes only values that differ from the defaults, in schema order', () => {
    const hash = encodeHash(model, { ...model.defaults, 'flows[0].channel.forward.p': 0.05, seed: 7 });
    expect(hash).toBe('#v=3&seed=7&f0.channel.forward.p=0.05');
  });

  it('accepts full paths as keys too', () => {
    const { values, messages } = decodeHash(model, '#v=1&flows[0].channel.forward.p=0.2');
    expect(messages).toEqual([]);
    expect(values['flows[0].channel.forward.p']).toBe(0.2);
  });

  it('gives the same scenario bytes for the same values', () => {
    const a = decodeHash(model, '#v=1&seed=3&f0.channel.forward.p=0.02').values;
    const b = decodeHash(model, '#v=1&f0.channel.forward.p=0.02&seed=3').values;
    expect(buildScenario(model, a)).toBe(buildScenario(model, b));
    expect(JSON.parse(buildScenario(model, a)).flows[0].channel.forward.p).toBe(0.02);
  });
});

describe('URL validation', () => {
  const decode = (h: string) => decodeHash(model, h);

  it('rejects an out-of-range number with the field and allowed range, using the default', () => {
    const { values, messages } = decode('#v=1&f0.channel.forward.p=1.5&seed=9');
    expect(values['flows[0].channel.forward.p']).toBe(0.01);
    expect(values.seed).toBe(9);
    expect(messages.map((m) => m.text)).toEqual([
      'flows[0].channel.forward.p must be within [0, 1], got 1.5 — using default',
    ]);
    expect(messages[0].path).toBe('flows[0].channel.forward.p');
  });

  it('rejects non-numbers, NaN, Infinity and hex', () => {
    for (const bad of ['abc', 'NaN', 'Infinity', '0x1', '', '1e400', '--1']) {
      const { values, messages } = decode(`#v=1&f0.channel.forward.p=${bad}`);
      expect(values['flows[0].channel.forward.p']).toBe(0.01);
      expect(messages).toHaveLength(1);
      expect(messages[0].text).toMatch(
        /^flows\[0\]\.channel\.forward\.p must be a number within \[0, 1\], got .* — using default$/,
      );
    }
  });

  it('rejects a fractional integer and a negative seed', () => {
    expect(decode('#v=1&seed=2.5').messages[0].text).toBe(
      'seed must be an integer within [0, 4294967295], got 2.5 — using default',
    );
    expect(decode('#v=1&seed=-1').messages[0].text).toBe('seed must be within [0, 4294967295], got -1 — using default');
  });

  it('rejects an unknown enum option and a bad bool', () => {
    const { values, messages } = decode('#v=1&f0.protocol=cubic&f0.app.token_bucket.enabled=yes');
    expect(values['flows[0].protocol']).toBe('newreno');
    expect(values['flows[0].app.token_bucket.enabled']).toBe(true);
    expect(messages.map((m) => m.text)).toEqual([
      'flows[0].protocol must be one of tahoe, reno, newreno, got "cubic" — using default',
      'flows[0].app.token_bucket.enabled must be 0 or 1, got "yes" — using default',
    ]);
  });

  it('rejects a bad list item', () => {
    const { values, messages } = decode('#v=1&f0.channel.forward.drop_packets=1,0,3');
    expect(values['flows[0].channel.forward.drop_packets']).toEqual([]);
    expect(messages[0].text).toBe(
      'flows[0].channel.forward.drop_packets must be a comma-separated list of integers within [1, 1000000000], got "1,0,3" — using default',
    );
  });

  it('reports unknown keys, garbage, bad escapes and a missing or wrong version, never throwing', () => {
    const { values, messages } = decode('#%E0%A4%A&zzz=1&hello&f0.channel.forward.p=0.5');
    expect(values['flows[0].channel.forward.p']).toBe(0.5);
    const texts = messages.map((m) => m.text);
    expect(texts[0]).toMatch(/no version/);
    expect(texts).toContain('unknown parameter "zzz" in the link — ignored');
    expect(texts).toContain('unknown parameter "hello" in the link — ignored');
    expect(texts.some((t) => t.startsWith('could not read'))).toBe(true);
    expect(decode('#v=4&seed=3').messages[0].text).toMatch(/version v=4/);
  });

  it('yields only finite numbers whatever the input', () => {
    for (const h of [
      '#v=1&duration_s=%00',
      '#;;;&&&==',
      '#v=1&topology.bottleneck.rate_mbps=-0',
      '#v=1&duration_s=1e-400',
    ]) {
      const { values } = decode(h);
      for (const s of allSpecs(model, values)) {
        const v = values[s.path];
        if (s.decl.type === 'number' || s.decl.type === 'integer') expect(Number.isFinite(v)).toBe(true);
      }
    }
  });
});

describe('many flows in the URL (v=2 and on)', () => {
  it('round-trips flows and background groups, each item by its short key', () => {
    let values = withItemCount(model, model.defaults, 'flows', 3);
    values = { ...values, 'flows[1].protocol': 'reno', 'flows[2].start_s': 2.5, 'flows[2].channel.forward.p': 0.03 };
    values = addItem(model, values, 'background');
    values = { ...values, 'background[0].kind': 'http', 'background[0].count': 300 };
    const hash = encodeHash(model, values);
    expect(hash).toBe(
      '#v=3&flows=3&f1.protocol=reno&f2.channel.forward.p=0.03&f2.start_s=2.5&bg=1&b0.kind=http&b0.count=300',
    );
    const back = decodeHash(model, hash);
    expect(back.messages).toEqual([]);
    expect(back.values).toEqual(values);
    const s = JSON.parse(buildScenario(model, back.values));
    expect(s.flows.map((f: { protocol: string }) => f.protocol)).toEqual(['newreno', 'reno', 'newreno']);
    expect(s.flows[2].start_s).toBe(2.5);
    expect(s.background).toEqual([{ kind: 'http', count: 300 }]);
  });

  it('names the count, its range and the item for a bad count or a key past the last item', () => {
    const bad = decodeHash(model, '#v=2&flows=65&f1.protocol=reno');
    expect(bad.values.flows).toBe(1);
    expect(bad.messages.map((m) => m.text)).toEqual([
      'flows (the number of flows) must be an integer within [1, 64], got "65" — using 1',
      'f1.protocol names flows[1] but the link has 1 flows — ignored',
    ]);
    expect(decodeHash(model, '#v=2&flows=0').messages[0].text).toMatch(/within \[1, 64\], got "0"/);
    expect(decodeHash(model, '#v=2&bg=2.5').messages[0].text).toMatch(
      /^bg \(the number of background traffic\) must be an integer within \[0, 8\]/,
    );
    // An item index past the list's maximum is no parameter at all.
    expect(decodeHash(model, '#v=2&f64.protocol=reno').messages[0].text).toBe(
      'unknown parameter "f64.protocol" in the link — ignored',
    );
  });

  it('a v=1 link opens the experiment it always did, and is rewritten as v=3', () => {
    const v1 = '#v=1&seed=7&duration_s=12.5&f0.protocol=tahoe&f0.channel.forward.p=0.05';
    const d = decodeHash(model, v1);
    expect(d.messages).toEqual([]);
    expect(d.version).toBe('1');
    expect(d.values.flows).toBe(1);
    const s = JSON.parse(buildScenario(model, d.values));
    expect(s).toMatchObject({
      seed: 7,
      duration_s: 12.5,
      flows: [{ protocol: 'tahoe', channel: { forward: { p: 0.05 } } }],
      background: [],
    });
    expect(encodeHash(model, d.values)).toBe('#v=3&seed=7&duration_s=12.5&f0.protocol=tahoe&f0.channel.forward.p=0.05');
    expect(buildScenario(model, decodeHash(model, encodeHash(model, d.values)).values)).toBe(
      buildScenario(model, d.values),
    );
  });
  it('says a key repeated 20,000 times once, with its count, and uses the last value', () => {
    const hash = '#v=2&' + Array.from({ length: 20_000 }, (_, i) => `seed=${i + 1}`).join('&');
    const d = decodeHash(model, hash);
    expect(d.messages).toEqual([
      { path: 'seed', text: 'seed appears 20,000 times in the link — the last one is used' },
    ]);
    expect(d.values.seed).toBe(20_000);
  });

  it('says a key given twice "twice", and each repeated key once', () => {
    const d = decodeHash(model, '#v=2&seed=3&duration_s=5&seed=4&duration_s=6&duration_s=7');
    expect(d.messages.map((m) => m.text)).toEqual([
      'seed appears twice in the link — the last one is used',
      'duration_s appears 3 times in the link — the last one is used',
    ]);
    expect(d.values).toMatchObject({ seed: 4, duration_s: 7 });
  });
});
