import { describe, expect, it } from 'vitest';
import { checkValue } from './valueCheck';
import { encodeValue } from '../../url/text';
import { decodeTraceDeltas, encodeTraceDeltas, parseTraceText, traceSummary } from './traceText';
import type { ParamDecl } from '../../engine/types';

const NAME = 'Bottleneck forward trace (ms)';
const DECL: ParamDecl = {
  path: 'topology.bottleneck.trace.forward.ms',
  type: 'int_list',
  min: 0,
  max: 3600000,
  max_items: 100000,
  format: 'mahimahi_ms',
};

describe('trace files (the engine words, naming the line)', () => {
  it('reads one timestamp per line, a last newline, CRs and trailing spaces', () => {
    expect(parseTraceText(NAME, '1\n2\r\n2 \n5\n')).toEqual({ ok: true, value: [1, 2, 2, 5] });
  });
  it('refuses a timestamp below the one before it, naming its line', () => {
    expect(parseTraceText(NAME, '0\n5\n15\n12\n20\n')).toEqual({
      ok: false,
      message: `${NAME} line 4: 12 is less than the previous timestamp 15`,
    });
  });
  it('refuses empty, blank, negative, huge, words and a period of 0', () => {
    const msg = (t: string) => {
      const p = parseTraceText(NAME, t);
      return p.ok ? '' : p.message;
    };
    expect(msg('')).toContain('is empty: a trace needs at least one line');
    expect(msg('1\n\n2\n')).toBe(`${NAME} line 2: is empty (one timestamp in ms per line)`);
    expect(msg('1\n-3\n')).toContain('line 2: -3 is negative');
    expect(msg('1\n3600001\n')).toContain('line 2: 3600001 is beyond the longest trace');
    expect(msg('1\nfast\n')).toBe(`${NAME} line 2: "fast" is not a whole number of milliseconds`);
    expect(msg('0\n0\n')).toContain('line 2: the last timestamp is the period and is 0');
    expect(msg('1\n'.repeat(100001))).toContain('has more than 100000 lines');
  });
  it('summarises a trace', () => {
    expect(traceSummary([])).toBe('no trace loaded');
    expect(traceSummary([1, 2, 1000])).toBe('3 opportunities, repeats every 1 s, 0.04 Mb/s mean');
  });
});

describe('traces in a link', () => {
  it('round-trips as differences, short and large', () => {
    const ms = [0, 0, 3, 40, 40, 100000, 3600000];
    const text = encodeTraceDeltas(ms);
    expect(text).toBe('D003.11.0.254o..230m8.');
    expect(decodeTraceDeltas(text)).toEqual(ms);
    expect(encodeValue(ms, DECL)).toBe(text);
    expect(checkValue(DECL.path, DECL, text)).toEqual({ ok: true, value: ms });
  });
  it('still reads comma-separated timestamps, and refuses a broken D text', () => {
    expect(checkValue(DECL.path, DECL, '1,2,3')).toEqual({ ok: true, value: [1, 2, 3] });
    expect(decodeTraceDeltas('D1.zz')).toBeNull();
    expect(checkValue(DECL.path, DECL, 'D1.zz').ok).toBe(false);
  });
});
