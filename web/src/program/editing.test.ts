import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState, Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { programCompletions, userVariables } from './complete';
import { languageOf } from './languageDecl';
import { byteColumnToOffset, diagnosticsFor } from './lint';
import { TEST_LANGUAGE } from './testLanguage';

const lang = languageOf({ custom: TEST_LANGUAGE })!;

function complete(doc: string, explicit = false) {
  const pos = doc.indexOf('|');
  const state = EditorState.create({ doc: doc.replace('|', '') });
  return programCompletions(lang)(new CompletionContext(state, pos, explicit));
}

describe('completion', () => {
  it('offers fields with their unit and meaning from the schema', () => {
    const r = complete('on_ack { cw| }')!;
    expect(r.from).toBe('on_ack { '.length);
    const cwnd = r.options.find((o) => o.label === 'cwnd')!;
    expect(cwnd.detail).toBe('(bytes) writable');
    expect(cwnd.info).toBe('The congestion window. The program may set it.');
    const acked = r.options.find((o) => o.label === 'acked')!;
    expect(acked.detail).toBe('(bytes)');
    expect(acked.info).toBe('Bytes newly acked. Read-only. Meaningful in on_ack, on_round.');
    expect(r.options.find((o) => o.label === 'min')?.detail).toBe('min(a, b, ...)');
    expect(r.options.some((o) => o.label === 'on_loss')).toBe(true);
    expect(r.options.some((o) => o.label === 'if')).toBe(true);
  });

  it("offers the program's own variables, and nothing in a comment or a number", () => {
    const r = complete('var gain = 2\non_ack { cwnd = cwnd * g| }')!;
    expect(r.options.find((o) => o.label === 'gain')?.detail).toBe('your variable');
    expect(complete('on_ack { cwnd = 1 } # cw|')).toBeNull();
    expect(complete('on_ack { cwnd = 1e| }')).toBeNull();
    expect(complete('on_ack { cwnd = 1 + | }')).toBeNull(); // nothing typed, not asked
    expect(complete('on_ack { cwnd = 1 + | }', true)?.options.length).toBeGreaterThan(0);
    expect(userVariables('var a = 1; var b_2 = 3\nvar a = 2')).toEqual(['a', 'b_2']);
  });
});

describe('errors underlined where the engine says', () => {
  it('converts byte columns to the editor’s offsets', () => {
    expect(byteColumnToOffset('abc', 1)).toBe(0);
    expect(byteColumnToOffset('abc', 3)).toBe(2);
    expect(byteColumnToOffset('abc', 99)).toBe(3);
    // "é" is 2 bytes, "→" 3, "𝛼" 4 (2 UTF-16 units): column 10 is "x".
    expect(byteColumnToOffset('é→𝛼x', 10)).toBe('é→𝛼'.length);
  });

  it('marks line and columns, at least one character, with the message naming them', () => {
    const doc = Text.of(['on_ack {', '  cwnd = cwnd2 + 1', '}']);
    const [d] = diagnosticsFor(doc, [{ line: 2, col: 10, end_col: 15, message: "unknown name 'cwnd2'" }]);
    expect(doc.sliceString(d.from, d.to)).toBe('cwnd2');
    expect(d.message).toBe("line 2, column 10: unknown name 'cwnd2'");
    const [e] = diagnosticsFor(doc, [{ line: 9, col: 1, message: 'unexpected end' }]);
    expect(doc.lineAt(e.from).number).toBe(3);
    expect(e.to).toBeGreaterThan(e.from);
  });
});
