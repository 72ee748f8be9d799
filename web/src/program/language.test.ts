import { StringStream } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import { errorText, languageOf, readCheck } from './languageDecl';
import { nextToken, TOKEN, wordKinds } from './mode';
import { TEST_LANGUAGE } from './testLanguage';

const lang = languageOf({ custom: TEST_LANGUAGE })!;

/** [text, token] for each non-space token of `line`. */
function tokens(line: string): [string, string | null][] {
  const kinds = wordKinds(lang);
  const s = new StringStream(line, 2, 2);
  const out: [string, string | null][] = [];
  while (!s.eol()) {
    s.start = s.pos;
    const tok = nextToken(s, kinds);
    if (s.pos === s.start) throw new Error(`no progress at ${s.pos}`);
    if (s.current().trim() !== '') out.push([s.current(), tok]);
  }
  return out;
}

describe('the language from the schema', () => {
  it('reads the declaration, leaving out entries without a usable name', () => {
    expect(lang.handlers.map((h) => h.name)).toEqual(['on_ack', 'on_loss']);
    expect(lang.fields.find((f) => f.name === 'cwnd')).toMatchObject({ unit: 'bytes', writable: true });
    expect(lang.templates.map((t) => t.name)).toEqual(['reno', 'aimd']);
    expect(languageOf({})).toBeNull();
    expect(languageOf({ custom: 'nonsense' })).toBeNull();
    expect(languageOf({ custom: { fields: [{ name: 3 }, null, { name: 'x y' }] } })!.fields).toEqual([]);
  });

  it('reads the engine check, and says so when it cannot', () => {
    expect(readCheck({ ok: true, errors: [] })).toEqual({ ok: true, errors: [] });
    const bad = readCheck({ ok: false, errors: [{ line: 3, col: 7, end_col: 12, message: "unknown field 'cwnd2'" }] });
    expect(bad.ok).toBe(false);
    expect(errorText(bad.errors[0])).toBe("line 3, column 7: unknown field 'cwnd2'");
    expect(readCheck('not a document')).toMatchObject({ ok: false, errors: [{ line: 1, col: 1 }] });
  });
});

describe('highlighting', () => {
  it('tells keywords, handlers, fields, functions, numbers, comments apart', () => {
    expect(tokens('on_ack { if cwnd < ssthresh { cwnd = min(acked, 1e3) } } # grow')).toEqual([
      ['on_ack', TOKEN.handler],
      ['{', TOKEN.brace],
      ['if', TOKEN.keyword],
      ['cwnd', TOKEN.writableField],
      ['<', TOKEN.operator],
      ['ssthresh', TOKEN.writableField],
      ['{', TOKEN.brace],
      ['cwnd', TOKEN.writableField],
      ['=', TOKEN.operator],
      ['min', TOKEN.function],
      ['(', TOKEN.paren],
      ['acked', TOKEN.field],
      [',', null],
      ['1e3', TOKEN.number],
      [')', TOKEN.paren],
      ['}', TOKEN.brace],
      ['}', TOKEN.brace],
      ['# grow', TOKEN.comment],
    ]);
  });

  it('takes its words from the schema, not from a list of its own', () => {
    // `sqrt` and `rtt` are the real language's, but this schema does not declare them.
    expect(tokens('sqrt(rtt)')[0]).toEqual(['sqrt', TOKEN.variable]);
    expect(tokens('srtt <= 0.5')).toEqual([
      ['srtt', TOKEN.field],
      ['<=', TOKEN.operator],
      ['0.5', TOKEN.number],
    ]);
  });

  it('marks a character the language has no use for', () => {
    expect(tokens('cwnd = 1 @ 2')).toContainEqual(['@', TOKEN.invalid]);
  });
});
