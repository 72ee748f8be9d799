// The editor against the REAL engine's check (wasm/dist, as the page's main-thread
// module answers it): what it refuses is underlined where it says, UTF-8 included, and
// every template the schema offers passes.
import { Text } from '@codemirror/state';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine, type TestEngine } from '../model/testEngine';
import { engineCheck } from './engineCheck';
import { languageOf } from './languageDecl';
import { diagnosticsFor } from './lint';

let engine: TestEngine;

beforeAll(async () => {
  engine = await loadTestEngine();
});

/** The underlined text of each error the engine finds in `text`. */
async function underlined(text: string): Promise<string[]> {
  const r = await engineCheck(text);
  expect(r.ok).toBe(false);
  const doc = Text.of(text.split('\n'));
  return diagnosticsFor(doc, r.errors).map((d) => doc.sliceString(d.from, d.to));
}

describe("the engine's check, underlined", () => {
  it('accepts a sound program', async () => {
    expect(await engineCheck('on_ack { cwnd = cwnd + mss }\n')).toEqual({ ok: true, errors: [] });
  });

  it('underlines an unknown name where the engine says', async () => {
    expect(await underlined('# Reno, almost\non_ack {\n  cwnd = cwnd2 + 1\n}\n')).toEqual(['cwnd2']);
  });

  it('underlines a character after non-ASCII text on its line (byte columns)', async () => {
    const [first] = await underlined('on_ack { cwnd = 1 + é }\n');
    expect(first).toBe('é');
  });

  it('passes every template of the schema', async () => {
    const lang = languageOf(engine.schema.languages);
    for (const t of lang?.templates ?? [])
      expect(await engineCheck(t.program), t.name).toEqual({ ok: true, errors: [] });
  });
});
