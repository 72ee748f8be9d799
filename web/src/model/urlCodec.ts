// The URL hash is the experiment's serialisation: "#v=1&key=value&...", only values that
// differ from the engine's defaults, keys from urlKeyOf(). Decoding validates each value
// with the engine's schema; anything wrong is reported and falls back to the default.
import type { ParamValue } from '../engine/types';
import { checkValue, sameValue, type ParamModel, type Values } from './params';
import { isViewKey } from './views';

export const URL_VERSION = 1;

export interface UrlMessage {
  /** The concrete parameter path, when the message is about one parameter. */
  path?: string;
  text: string;
}

export interface Decoded {
  values: Values;
  messages: UrlMessage[];
  /** The view's own pairs (view=, cmp=, sweep.*=), decoded, for decodeViewParams. */
  viewPairs: [string, string | null][];
}

// Characters left as they are in keys and values; everything else is %-encoded.
export function enc(s: string): string {
  return s.replace(/[^A-Za-z0-9._~,\-[\]]/g, (c) => encodeURIComponent(c));
}

export function encodeValue(v: ParamValue): string {
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (Array.isArray(v)) return v.join(',');
  return String(v); // shortest text that reads back as the same double
}

/** Serialises the values that differ from the defaults (schema order), versioned,
 * then the view's pairs (already encoded). */
export function encodeHash(model: ParamModel, values: Values, viewParts: readonly string[] = []): string {
  const parts = [`v=${URL_VERSION}`];
  for (const s of model.specs) {
    const v = values[s.path];
    if (v === undefined || sameValue(v, s.defaultValue)) continue;
    parts.push(`${enc(s.key)}=${enc(encodeValue(v))}`);
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

function clip(s: string, n = 60): string {
  return s.length > n ? s.slice(0, n) + '…' : s;
}

/** Reads a hash (with or without '#'); never throws. */
export function decodeHash(model: ParamModel, hash: string): Decoded {
  const values: Values = { ...model.defaults };
  const messages: UrlMessage[] = [];
  const viewPairs: [string, string | null][] = [];
  const body = hash.replace(/^#/, '');
  if (body.trim() === '') return { values, messages, viewPairs };

  let version: string | null = null;
  const seen = new Set<string>();
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawVal = eq < 0 ? null : part.slice(eq + 1);
    const key = safeDecode(rawKey);
    const val = rawVal === null ? null : safeDecode(rawVal);
    if (key === null || key.trim() === '' || (rawVal !== null && val === null)) {
      messages.push({ text: `could not read "${clip(part)}" in the link — ignored` });
      continue;
    }
    if (key === 'v') {
      version = val;
      continue;
    }
    if (isViewKey(key)) {
      viewPairs.push([key, val]);
      continue;
    }
    const spec = model.byKey.get(key) ?? model.byPath.get(key);
    if (!spec) {
      messages.push({ text: `unknown parameter "${clip(key)}" in the link — ignored` });
      continue;
    }
    if (val === null) {
      messages.push({ path: spec.path, text: `${spec.path} has no value in the link — using default` });
      continue;
    }
    if (seen.has(spec.path)) messages.push({ path: spec.path, text: `${spec.path} appears twice in the link — the last one is used` });
    seen.add(spec.path);
    const c = checkValue(spec.path, spec.decl, val);
    if (c.ok) values[spec.path] = c.value;
    else {
      values[spec.path] = spec.defaultValue;
      messages.push({ path: spec.path, text: `${c.message} — using default` });
    }
  }
  if (version === null) {
    messages.unshift({ text: `the link has no version (expected v=${URL_VERSION}) — read as v=${URL_VERSION}` });
  } else if (version !== String(URL_VERSION)) {
    messages.unshift({
      text: `the link is version v=${clip(version, 12)}, this page reads v=${URL_VERSION} — read as v=${URL_VERSION}, values may differ`,
    });
  }
  return { values, messages, viewPairs };
}
