// The URL hash is the experiment's serialisation: "#v=3&key=value&...", only values that
// differ from the engine's defaults. Items of the lists are written with short keys
// (f2.protocol = flows[2].protocol, b0.count = background[0].count) and their counts as
// flows=N and bg=M when they differ from the default (one flow, no background).
// Decoding validates each value with the engine's schema; anything wrong is reported
// and falls back to the default.
//
// Older links are read as they were meant, and the page rewrites them in this version:
// version 1 links (the single-flow page) have a subset of version 2's keys (one flow,
// f0.*); version 2 links' RRTP flows took their timer bounds from tcp.*_rto_ms, which
// version 3 copies to rrtp.*_rto_ms (url/migrate.ts).
import {
  allSpecs,
  itemCount,
  specsOfItem,
  splitItem,
  type ListInfo,
  type ParamModel,
  type Values,
} from '../model/params/params';
import { checkValue, maxTextBytes, sameValue } from '../model/params/valueCheck';
import type { ParamDecl, ParamValue } from '../engine/types';
import { decodeText, encodeText } from './programText';
import { clip, enc, encodeValue, type UrlMessage } from './text';
import { migrateLink } from './migrate';
import { isViewKey } from './viewParams';

export { clip, enc, encodeValue, type UrlMessage };

export const URL_VERSION = 3;
/** Live mode's timeline (url/timeline.ts reads its value). */
export const TIMELINE_KEY = 'tl';
/** Versions this page reads; older ones are migrated. */
const READABLE_VERSIONS = ['1', '2', '3'];

export interface Decoded {
  values: Values;
  messages: UrlMessage[];
  /** The view's own pairs (view=, cmp=, sweep.*=), decoded, for decodeViewParams. */
  viewPairs: [string, string | null][];
  /** The version the link was written in (null: none given). */
  version: string | null;
  /** The live-mode timeline's raw value (tl=), for url/timeline.ts; null: none. */
  timeline: string | null;
}

/** The longest text a "text" parameter holds when its declaration does not say. */
const DEFAULT_MAX_TEXT = 65536;

/** A value as the link writes it: text parameters compressed (programText.ts). */
function encodeParam(decl: ParamDecl, v: ParamValue): string {
  return decl.type === 'text' ? encodeText(String(v)) : encodeValue(v, decl);
}

/** Serialises the values that differ from the defaults (schema order, item by item),
 * versioned, then the view's pairs (already encoded). */
export function encodeHash(model: ParamModel, values: Values, viewParts: readonly string[] = []): string {
  const parts = [`v=${URL_VERSION}`];
  for (const s of model.scalarSpecs) {
    const v = values[s.path];
    if (v === undefined || sameValue(v, s.defaultValue)) continue;
    parts.push(`${enc(s.key)}=${enc(encodeParam(s.decl, v))}`);
  }
  for (const l of model.lists) {
    const n = itemCount(model, values, l.name);
    if (n !== l.defaultItems) parts.push(`${l.countKey}=${n}`);
    for (let i = 0; i < n; i++) {
      for (const s of specsOfItem(model, l.name, i)) {
        const v = values[s.path];
        if (v === undefined || sameValue(v, s.defaultValue)) continue;
        parts.push(`${enc(s.key)}=${enc(encodeParam(s.decl, v))}`);
      }
    }
  }
  parts.push(...viewParts);
  return '#' + parts.join('&');
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function countOf(list: ListInfo, raw: string | null): { n: number } | { error: string } {
  const n = raw === null ? NaN : Number(raw);
  if (raw !== null && /^\d+$/.test(raw) && Number.isInteger(n) && n >= list.min && n <= list.max) return { n };
  return {
    error: `${list.countKey} (the number of ${list.label.toLowerCase()}) must be an integer within [${list.min}, ${list.max}], got "${clip(raw ?? '', 12)}"`,
  };
}

/** Reads a hash (with or without '#'); never throws. */
export function decodeHash(model: ParamModel, hash: string): Decoded {
  const messages: UrlMessage[] = [];
  const viewPairs: [string, string | null][] = [];
  const body = hash.replace(/^#/, '');
  let values: Values = { ...model.defaults };
  if (body.trim() === '') return { values, messages, viewPairs, version: null, timeline: null };

  // First pass: the version and the item counts, so that items can be placed.
  let version: string | null = null;
  const pairs: { part: string; key: string | null; val: string | null; rawVal: string | null }[] = [];
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawVal = eq < 0 ? null : part.slice(eq + 1);
    const key = safeDecode(rawKey);
    const val = rawVal === null ? null : safeDecode(rawVal);
    pairs.push({ part, key, val, rawVal });
    if (key === 'v') version = val;
  }
  const counts = new Map<string, number>();
  for (const l of model.lists) {
    const pair = pairs.find((p) => p.key === l.countKey);
    if (!pair) continue;
    const c = countOf(l, pair.val);
    if ('n' in c) counts.set(l.name, c.n);
    else messages.push({ text: `${c.error} — using ${l.defaultItems}` });
  }
  // Items the link has, with their defaults, before their values are read.
  for (const l of model.lists) {
    const n = counts.get(l.name) ?? l.defaultItems;
    values[l.name] = n;
    for (let i = 0; i < n; i++) for (const s of specsOfItem(model, l.name, i)) values[s.path] ??= s.defaultValue;
  }

  // How often each parameter appears: a repeated key is said once, with its count (a
  // link of 20,000 copies of one key gave 19,999 messages).
  const seen = new Map<string, number>();
  const given = new Set<string>();
  let timeline: string | null = null;
  for (const { part, key, val, rawVal } of pairs) {
    if (key === null || key.trim() === '' || (rawVal !== null && val === null)) {
      messages.push({ text: `could not read "${clip(part)}" in the link — ignored` });
      continue;
    }
    if (key === 'v' || model.lists.some((l) => l.countKey === key)) continue;
    if (isViewKey(key)) {
      viewPairs.push([key, val]);
      continue;
    }
    if (key === TIMELINE_KEY) {
      timeline = val;
      continue;
    }
    const spec = model.byKey.get(key) ?? model.byPath.get(key);
    if (!spec) {
      messages.push({ text: `unknown parameter "${clip(key)}" in the link — ignored` });
      continue;
    }
    const item = splitItem(spec.path);
    if (item && item.index >= itemCount(model, values, item.list)) {
      const list = model.lists.find((l) => l.name === item.list)!;
      messages.push({
        path: spec.path,
        text: `${clip(key)} names ${item.list}[${item.index}] but the link has ${itemCount(model, values, item.list)} ${list.label.toLowerCase()} — ignored`,
      });
      continue;
    }
    if (val === null) {
      messages.push({ path: spec.path, text: `${spec.path} has no value in the link — using default` });
      continue;
    }
    seen.set(spec.path, (seen.get(spec.path) ?? 0) + 1);
    const text =
      spec.decl.type === 'text' ? decodeText(spec.path, val, maxTextBytes(spec.decl) ?? DEFAULT_MAX_TEXT) : null;
    const c = text && !text.ok ? text : checkValue(spec.path, spec.decl, text ? text.text : val);
    if (c.ok) {
      values[spec.path] = c.value;
      given.add(spec.path);
    } else {
      given.delete(spec.path);
      values[spec.path] = spec.defaultValue;
      // The value in the message is cut already (valueCheck's shown()); cutting the whole
      // message at 200 characters lost 'got "quic"' once the protocol list grew. The
      // banner shortens what it shows (linkMessages.ts), keeping both ends.
      messages.push({ path: spec.path, text: `${clip(c.message, 1000)} — using default` });
    }
  }
  for (const [path, n] of seen) {
    if (n > 1)
      messages.push({
        path,
        text: `${path} appears ${n === 2 ? 'twice' : `${n.toLocaleString('en-US')} times`} in the link — the last one is used`,
      });
  }
  if (version === null) {
    messages.unshift({ text: `the link has no version (expected v=${URL_VERSION}) — read as v=${URL_VERSION}` });
  } else if (!READABLE_VERSIONS.includes(version)) {
    messages.unshift({
      text: `the link is version v=${clip(version, 12)}, this page reads v=${URL_VERSION} — read as v=${URL_VERSION}, values may differ`,
    });
  }
  migrateLink(model, version, values, given);
  values = keepOnly(model, values);
  return { values, messages, viewPairs, version, timeline };
}

/** The values of the items the counts say exist (no stray keys of removed items). */
function keepOnly(model: ParamModel, values: Values): Values {
  const out: Values = {};
  for (const s of allSpecs(model, values)) out[s.path] = values[s.path] ?? s.defaultValue;
  for (const l of model.lists) out[l.name] = itemCount(model, values, l.name);
  return out;
}
