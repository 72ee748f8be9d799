// Fuzzer of the link codec (issue G, "Fuzzing"): random hashes and mutations of the
// real preset links (public/presets/presets.json), read against the REAL engine schema
// (wasm/dist's glue, as presets.test.ts does) the way the page reads a link
// (state/urlSync.ts: decodeHash, then the view's pairs and the live-mode timeline).
// For every input:
//   - nothing throws;
//   - every message is a string of bounded length (a link can be megabytes);
//   - no value is NaN (or infinite): the page would show it;
//   - reading what the page writes back gives the same experiment:
//     decode(encode(decode(x))) == decode(x), and its link is written the same again.
// The generator is seeded (mulberry32), so a failure names a seed that reproduces it;
// PLAB_URL_FUZZ_SEED and PLAB_URL_FUZZ_MS (default 3000 ms) change the run.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestEngine } from '../model/testEngine';
import presetsJson from '../../../public/presets/presets.json?raw';
import type { ParamValue } from '../engine/types';
import { type ParamModel, type Values } from '../model/params/params';
import { decodeTimeline, encodeTimeline, TIMELINE_KEY, type TimelineEntry } from './timeline';
import { decodeHash, enc, encodeHash } from './codec';
import { encodeText, loadTextCodec } from './programText';
import { type ViewState } from '../model/views';
import { decodeViewParams, encodeViewParams } from './viewParams';

// The longest message a link may produce: a value is cut before it is quoted
// (valueCheck), a whole message at 1,000 characters plus what follows it.
const kMaxMessageChars = 1200;

interface ProcessEnv {
  env: Record<string, string | undefined>;
}
const env = (globalThis as unknown as { process?: ProcessEnv }).process?.env ?? {};
const kBudgetMs = Number(env.PLAB_URL_FUZZ_MS ?? 3000);
const kSeed = Number(env.PLAB_URL_FUZZ_SEED ?? Date.now() % 2 ** 31);

let model: ParamModel;
let presetHashes: string[];

beforeAll(async () => {
  ({ model } = await loadTestEngine());
  await loadTextCodec();
  presetHashes = (JSON.parse(presetsJson).presets as { hash: string }[]).map((p) => p.hash);
  // Links with a `custom` program (compressed, and typed as plain text) to mutate too,
  // when the engine has the protocol.
  if (model.byPath.has('flows[0].custom.program'))
    presetHashes.push(
      `#v=2&f0.protocol=custom&f0.custom.program=${encodeText('# ünï\non_ack { cwnd = cwnd + mss }\n')}`,
      '#v=2&f0.protocol=custom&f0.custom.program=on_loss%20%7B%20cwnd%20%3D%20cwnd%20%2F%202%20%7D',
    );
});

/** mulberry32: a small, seeded generator of uniform numbers in [0, 1). */
function makeRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Pieces a hostile or damaged link is made of: the codec's own syntax, numbers at the
// edges of what a double and a parser can hold, broken %-escapes, non-ASCII text.
const kPieces = [
  '&',
  '=',
  '#',
  ',',
  '~',
  '.',
  '%',
  '%2',
  '%zz',
  '%25',
  '%00',
  '%E2%80',
  '+',
  ' ',
  '[',
  ']',
  '[]',
  '[0]',
  'v=1',
  'v=2',
  'v=3',
  'v=4',
  'v=',
  'flows=',
  'flows=64',
  'flows=65',
  'flows=0',
  'flows=1e3',
  'bg=8',
  'bg=-1',
  'f0.',
  'f63.',
  'f64.',
  'f99999999999999999999.',
  'b0.',
  'protocol=',
  'tl=v1,',
  'tl=v2,',
  'view=',
  'view=sweep',
  'cmp=',
  'hide=',
  'sweep.x=',
  'sweep.from=',
  'sweep.to=',
  'sweep.n=',
  'sweep.scale=log',
  'sweep.k=',
  'sweep.by=',
  'seed=',
  'duration_s=',
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e309',
  '-0',
  '0x10',
  '1e-400',
  '4294967296',
  '99999999999999999999',
  '0.1',
  '2.9',
  '-1',
  'true',
  'false',
  '1',
  '0',
  '€',
  '\u0000',
  '\uffff',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/** A link made of random pieces and random characters. */
function randomHash(random: () => number): string {
  let s = random() < 0.5 ? '#' : '';
  const n = Math.floor(random() * 40);
  for (let i = 0; i < n; i++) {
    s += random() < 0.7 ? pick(random, kPieces) : String.fromCharCode(Math.floor(random() * 0x3000));
  }
  return s;
}

/** A preset's link, changed a few times: pieces inserted, spans cut or repeated,
 * a key's value swapped for another's, the link cut short (as chat apps do). */
function mutatedHash(random: () => number, hash: string): string {
  let s = hash;
  const edits = 1 + Math.floor(random() * 6);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * (s.length + 1));
    const kind = Math.floor(random() * 5);
    if (kind === 0) s = s.slice(0, at) + pick(random, kPieces) + s.slice(at);
    else if (kind === 1) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(random() * 10));
    else if (kind === 2) s = s.slice(0, at);
    else if (kind === 3) {
      const span = s.slice(at, at + 1 + Math.floor(random() * 20));
      s = s.slice(0, at) + span.repeat(1 + Math.floor(random() * 50)) + s.slice(at);
    } else {
      const parts = s.split('&');
      const i = Math.floor(random() * parts.length);
      const other = pick(random, pick(random, presetHashes).split('&'));
      parts[i] = `${parts[i].split('=')[0]}=${other.split('=').slice(1).join('=')}`;
      s = parts.join('&');
    }
  }
  return s;
}

interface Read {
  values: Values;
  view: ViewState;
  timeline: TimelineEntry[];
  messages: unknown[];
}

/** The page's reading of a link (state/urlSync.ts, read). */
function read(hash: string): Read {
  const decoded = decodeHash(model, hash);
  const view = decodeViewParams(model, decoded.viewPairs);
  const tl = decodeTimeline(model, decoded.values, decoded.timeline);
  return {
    values: decoded.values,
    view: view.state,
    timeline: tl.timeline,
    messages: [...decoded.messages, ...view.messages, ...tl.messages],
  };
}

/** The page's writing of a link (state/urlSync.ts, hashOf). */
function write(r: Read): string {
  const tl = encodeTimeline(model, r.timeline);
  return encodeHash(model, r.values, [
    ...encodeViewParams(model, r.view),
    ...(tl === null ? [] : [`${TIMELINE_KEY}=${enc(tl)}`]),
  ]);
}

function badNumber(v: ParamValue | unknown): boolean {
  if (typeof v === 'number') return !Number.isFinite(v);
  if (Array.isArray(v)) return v.some(badNumber);
  return false;
}

/** What is wrong with the reading of `hash` ('' when nothing is). */
function problem(hash: string): string {
  let first: Read;
  try {
    first = read(hash);
  } catch (e) {
    return `threw ${String(e)}`;
  }
  for (const m of first.messages) {
    const text = (m as { text?: unknown }).text;
    if (typeof text !== 'string') return `a message is not a string: ${JSON.stringify(m)}`;
    if (text.length > kMaxMessageChars) return `a message has ${text.length} characters: ${text.slice(0, 200)}…`;
  }
  for (const [path, v] of Object.entries(first.values)) if (badNumber(v)) return `${path} is ${String(v)}`;
  for (const e of first.timeline)
    if (badNumber(e.t) || badNumber(e.value)) return `timeline entry ${JSON.stringify(e)}`;
  for (const [k, v] of Object.entries(first.view.sweep)) if (badNumber(v)) return `sweep.${k} is ${String(v)}`;

  const link = write(first);
  const again = read(link);
  if (again.messages.length) return `the page's own link ${link} gives messages: ${JSON.stringify(again.messages)}`;
  try {
    expect(again.values).toEqual(first.values);
    expect(again.view).toEqual(first.view);
    expect(again.timeline).toEqual(first.timeline);
  } catch (e) {
    return `reading the page's own link ${link} gives another experiment: ${String(e).slice(0, 600)}`;
  }
  if (write(again) !== link) return `the link is written differently the second time: ${link} then ${write(again)}`;
  return '';
}

describe('URL codec fuzzer', () => {
  it('reads every preset link with no problem (the mutations start from them)', () => {
    expect(presetHashes.length).toBeGreaterThan(5);
    for (const h of presetHashes) expect(problem(h), h).toBe('');
  });

  it(`reads random and mutated links for ${kBudgetMs} ms: no throw, short messages, no NaN, stable round trip (seed ${kSeed})`, () => {
    const random = makeRandom(kSeed);
    const start = performance.now();
    let count = 0;
    while (performance.now() - start < kBudgetMs) {
      const hash = random() < 0.3 ? randomHash(random) : mutatedHash(random, pick(random, presetHashes));
      const p = problem(hash);
      // The seed and the input, so a failure is reproduced by PLAB_URL_FUZZ_SEED.
      if (p) expect.fail(`seed ${kSeed}, input ${JSON.stringify(hash.slice(0, 2000))}: ${p}`);
      count++;
    }
    expect(count).toBeGreaterThan(100);
  }, 60_000);

  it('reads the long links of the findings within the bounds (20,000 repeated keys, a 1 MB value)', () => {
    expect(problem('#v=2&' + 'seed=3&'.repeat(20000))).toBe('');
    expect(problem('#v=2&f0.protocol=' + 'x'.repeat(1_000_000))).toBe('');
    expect(problem('#v=2&tl=v1,' + '1~seed~2,'.repeat(5000))).toBe('');
  });
});
