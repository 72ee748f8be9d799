// Paper presets: experiments from the papers, each a link (the URL hash) with a title,
// the paper and section, and a caption. They live in public/presets/presets.json,
// served as-is, so one can be added without touching the code:
//   { "version": 1, "papers"?: { <paper id>: PaperInfo }, "presets": [ { "id", "title", "paper", "section", "caption", "hash",
//                                  "evidence"?: { "published": [...], "claims": [...] },
//                                  "objectives"?: [...], "predict"?: {...} } ] }
// (evidence.ts: the paper's numbers and claims, checked on the runs on screen).
import { parseEvidence, parsePapers, type Evidence, type PaperInfo } from './evidence';
import type { ParamModel } from '../params/params';
import { decodeHash, type UrlMessage } from '../../url/codec';
import { experimentHash } from '../../url/link';
import { decodeTimeline } from '../../url/timeline';
import { decodeViewParams } from '../../url/viewParams';
import { isDisplayKey } from '../../url/display';
import { parseExercise, type Prediction } from './exercise';

export interface Preset {
  id: string;
  title: string;
  paper: string;
  section: string;
  caption: string;
  /** "#v=3&..." — exactly what the page writes for that experiment. */
  hash: string;
  /** The paper's numbers and claims, checked against our runs (evidence.ts). */
  evidence?: Evidence;
  /** What a student should be able to explain after the experiment. */
  objectives?: string[];
  /** A question answered before the charts are shown (exercise.ts). */
  predict?: Prediction;
}

export const PRESETS_URL = 'presets/presets.json';

const ID = /^[a-z0-9][a-z0-9-]*$/;
const FIELDS = ['id', 'title', 'paper', 'section', 'caption', 'hash'] as const;

/** Reads the presets document: the valid presets, and a message for each one that is
 * not (it is left out). Never throws. */
export interface PresetsDoc {
  presets: Preset[];
  /** The papers the claims cite, each with its tolerance (evidence.ts PaperInfo). */
  papers: Record<string, PaperInfo>;
  problems: string[];
}

export function parsePresets(doc: unknown): PresetsDoc {
  const presets: Preset[] = [];
  const list = (doc as { presets?: unknown } | null)?.presets;
  if (!doc || typeof doc !== 'object' || !Array.isArray(list))
    return { presets, papers: {}, problems: ['presets.json must be { "version": 1, "presets": [...] }'] };
  const { papers, problems } = parsePapers((doc as { papers?: unknown }).papers);
  const ids = new Set<string>();
  list.forEach((p: unknown, i) => {
    const o = (p ?? {}) as Record<string, unknown>;
    const missing = FIELDS.filter((f) => typeof o[f] !== 'string' || (o[f] as string).trim() === '');
    if (missing.length) return void problems.push(`preset ${i + 1} has no ${missing.join(', ')} — left out`);
    const preset = Object.fromEntries(FIELDS.map((f) => [f, o[f]])) as unknown as Preset;
    if (o.evidence !== undefined) {
      const ev = parseEvidence(o.evidence, String(o.id), papers);
      problems.push(...ev.problems);
      preset.evidence = ev.evidence;
    }
    const ex = parseExercise(o, String(o.id));
    problems.push(...ex.problems);
    if (ex.objectives) preset.objectives = ex.objectives;
    if (ex.predict) preset.predict = ex.predict;
    if (!ID.test(preset.id))
      return void problems.push(
        `preset ${i + 1}: id "${preset.id}" must be lowercase letters, digits and dashes — left out`,
      );
    if (ids.has(preset.id)) return void problems.push(`preset ${i + 1}: id "${preset.id}" appears twice — left out`);
    if (!preset.hash.startsWith('#'))
      return void problems.push(`preset "${preset.id}": hash must start with "#" — left out`);
    ids.add(preset.id);
    presets.push(preset);
  });
  return { presets, papers, problems };
}

export interface PresetCheck {
  readonly messages: readonly UrlMessage[];
  readonly canonical: string;
}

// Each preset's check once per model: the Papers menu, the preset's caption, the
// presenter's n/p keys and the prediction gate all ask for every preset's canonical
// link, and decoding the ~170 links four times took ~480 ms of every page load's main
// thread (a CPU profile of a cold load, 2026-11-28).
const checks = new WeakMap<ParamModel, Map<string, PresetCheck>>();

/** What this page makes of a preset's link: the messages it would show (none for a
 * preset that fits this engine) and the hash it writes back (canonical form). */
export function checkPreset(model: ParamModel, hash: string): PresetCheck {
  let byHash = checks.get(model);
  if (!byHash) checks.set(model, (byHash = new Map()));
  let check = byHash.get(hash);
  if (!check) byHash.set(hash, (check = decodePreset(model, hash)));
  return check;
}

function decodePreset(model: ParamModel, hash: string): PresetCheck {
  const d = decodeHash(model, hash);
  const v = decodeViewParams(model, d.viewPairs);
  const tl = decodeTimeline(model, d.values, d.timeline);
  return {
    messages: [...d.messages, ...v.messages, ...tl.messages],
    canonical: experimentHash(model, d.values, v.state, tl.timeline),
  };
}

/** The hash without hide= and the display flags (hiding a curve or presenting does
 * not change the experiment). */
export function withoutHidden(hash: string): string {
  return hash
    .split('&')
    .filter((p) => !p.startsWith('hide=') && !isDisplayKey(p.split('=')[0]))
    .join('&');
}

let cache: Promise<PresetsDoc> | null = null;

/** Fetches public/presets/presets.json once (relative to the page). */
export function loadPresets(): Promise<PresetsDoc> {
  if (!cache) {
    cache = fetch(PRESETS_URL, { cache: 'no-cache' })
      .then((r) => {
        if (!r.ok) throw new Error(`${PRESETS_URL}: HTTP ${r.status}`);
        return r.json();
      })
      .then(parsePresets);
    cache.catch(() => (cache = null));
  }
  return cache;
}
