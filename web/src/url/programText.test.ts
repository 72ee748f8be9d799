import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../model/params/params';
import { TEST_DEFAULT_SCENARIO } from '../model/testSchema';
import { TEST_PROGRAM_SCHEMA, TEST_RENO } from '../program/testLanguage';
import { decodeHash, encodeHash } from './codec';
import { decodeText, encodeText, loadTextCodec } from './programText';

const model = buildModel(TEST_PROGRAM_SCHEMA, TEST_DEFAULT_SCENARIO);
const P = 'flows[0].custom.program';

beforeAll(loadTextCodec);

describe('a program in the link', () => {
  it('round-trips exactly, unicode included, compressed into link-safe characters', () => {
    for (const text of ['', 'on_ack { cwnd = cwnd + 1 }', '# café → 𝛼 ✓\r\n\ton_loss {}\n', TEST_RENO]) {
      const v = encodeText(text);
      expect(v).toMatch(/^z\.[A-Za-z0-9_-]*$/);
      expect(decodeText(P, v, 65536)).toEqual({ ok: true, text });
    }
  });

  it('is ordinary deflate-raw (what DecompressionStream reads)', async () => {
    const bin = atob(encodeText(TEST_RENO).slice(2).replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const out = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    expect(await new Response(out).text()).toBe(TEST_RENO);
  });

  it('carries a 64 KiB program in far fewer characters', () => {
    let text = '';
    let size = 0;
    const bytes = (s: string) => new TextEncoder().encode(s).length;
    for (let i = 0; ; i++) {
      const line = `var v${i} = ${(i * 7919) % 1000} # ünï ${i}\n`;
      if (size + bytes(line) > 65536) break;
      text += line;
      size += bytes(line);
    }
    expect(bytes(text)).toBeGreaterThan(65536 - 40);
    const v = encodeText(text);
    expect(v.length).toBeLessThan(text.length / 2);
    expect(decodeText(P, v, 65536)).toEqual({ ok: true, text });
  });

  it('refuses damaged, oversized and non-UTF-8 values, naming the parameter', () => {
    expect(decodeText(P, 'z.***', 100)).toMatchObject({ ok: false, message: expect.stringContaining(P) });
    expect(decodeText(P, encodeText('x'.repeat(101)), 100)).toMatchObject({
      ok: false,
      message: `${P} in the link is longer than 100 bytes`,
    });
    // A link of a few hundred characters that inflates to 256 KiB: reading stops at the limit.
    const bomb = encodeText('\0'.repeat(1 << 18));
    expect(bomb.length).toBeLessThan(1000);
    expect(decodeText(P, bomb, 65536)).toMatchObject({ ok: false });
    expect(decodeText(P, encodeText('abc').slice(0, 5), 100)).toMatchObject({ ok: false });
    expect(decodeText(P, 'on_ack {}', 100)).toEqual({ ok: true, text: 'on_ack {}' }); // typed by hand
  });

  it('goes through the codec: written compressed, read back exactly, default left out', () => {
    expect(encodeHash(model, model.defaults)).toBe('#v=3');
    const program = '# ünïcödé ✓\non_ack { cwnd = cwnd + 2 * mss }\n';
    const values = { ...model.defaults, 'flows[0].protocol': 'custom', [P]: program };
    const hash = encodeHash(model, values);
    expect(hash).toMatch(/^#v=3&f0\.protocol=custom&f0\.custom\.program=z\.[A-Za-z0-9_-]+$/);
    const back = decodeHash(model, hash);
    expect(back.messages).toEqual([]);
    expect(back.values[P]).toBe(program);
    expect(encodeHash(model, back.values)).toBe(hash);
  });

  it('reports a bad program value and falls back to the default; older links read as before', () => {
    const back = decodeHash(model, '#v=2&f0.protocol=custom&f0.custom.program=z.AAAA');
    expect(back.values[P]).toBe(TEST_RENO);
    expect(back.messages[0].text).toContain(`${P} in the link`);
    const long = decodeHash(model, `#v=2&f0.protocol=custom&f0.custom.program=${'a'.repeat(65537)}`);
    expect(long.values[P]).toBe(TEST_RENO);
    expect(long.messages[0].text).toContain(`${P} must be a text of at most 65536 bytes, got 65537 bytes`);
    const old = '#v=2&seed=7&f0.protocol=tahoe&f0.channel.forward.p=0.05';
    const oldModel = buildModel({ ...TEST_PROGRAM_SCHEMA, languages: undefined }, TEST_DEFAULT_SCENARIO);
    expect(decodeHash(model, old).messages).toEqual([]);
    // Read as before, and written as today's version (v=3: url/migrate.ts changes nothing here).
    expect(encodeHash(model, decodeHash(model, old).values)).toBe(old.replace('v=2', 'v=3'));
    expect(encodeHash(oldModel, decodeHash(oldModel, old).values)).toBe(old.replace('v=2', 'v=3'));
  });
});
