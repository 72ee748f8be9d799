import { describe, expect, it } from 'vitest';
import { MAX_LINES, MAX_MESSAGE_CHARS, shortenMessage, summariseMessages } from './linkMessages';

describe('the link banner', () => {
  it('cuts a 20,000-character value and keeps the parameter it is about', () => {
    const long = 'x'.repeat(20_000);
    const text = shortenMessage(`flows[0].protocol must be one of tahoe, reno, got "${long}" — using default`);
    expect(text.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(text.startsWith('flows[0].protocol must be one of tahoe, reno, got "')).toBe(true);
    expect(text).toContain('…');
    expect(text).toContain('— using default');
    expect(Math.max(...text.split(/\s+/).map((w) => w.length))).toBeLessThanOrEqual(40);
  });

  it('keeps the path of the parameter a message is about whole (as long as a schema path), and cuts other long words', () => {
    // Issue 22: an FQ-CoDel quantum of 0 must be named by its field, not "fq_codel…antum_bytes".
    const path = 'topology.bottleneck.fq_codel.quantum_bytes';
    const text = `${path} must be within [1, 1000000], got 0 — using default`;
    const s = summariseMessages([{ path, text }]);
    expect(s.lines[0].text).toBe(text);
    expect(shortenMessage(text)).not.toContain(path);
    const bogus = 'x'.repeat(100);
    expect(summariseMessages([{ path: bogus, text: `${bogus} is not a parameter` }]).lines[0].text).not.toContain(
      bogus,
    );
  });

  it('leaves a short message as it is', () => {
    expect(shortenMessage('seed must be an integer, got "a" — using default')).toBe(
      'seed must be an integer, got "a" — using default',
    );
  });

  it('says 20,000 repeated messages once, with their count', () => {
    const msgs = Array.from({ length: 20_000 }, () => ({
      path: 'seed',
      text: 'seed appears twice in the link — the last one is used',
    }));
    const s = summariseMessages(msgs);
    expect(s.lines).toEqual([
      { text: 'seed appears twice in the link — the last one is used', count: 20_000, path: 'seed' },
    ]);
    expect(s.more).toBe(0);
  });

  it('shows the first lines and counts the rest as "more"', () => {
    const msgs = Array.from({ length: 100 }, (_, i) => ({ text: `unknown parameter "k${i}" in the link — ignored` }));
    const s = summariseMessages(msgs);
    expect(s.lines).toHaveLength(MAX_LINES);
    expect(s.lines[0].text).toBe('unknown parameter "k0" in the link — ignored');
    expect(s.more).toBe(100 - MAX_LINES);
  });
});
