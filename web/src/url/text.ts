// The link's text: how keys and values are written (%-encoding only what a fragment
// cannot hold as it is), how a value is cut short in a message, and the message type
// every reader of a link (codec, views, timeline) reports problems with.
import type { ParamDecl, ParamValue } from '../engine/types';
import { encodeTraceDeltas, isTraceDecl } from '../model/params/traceText';

export interface UrlMessage {
  /** The concrete parameter path, when the message is about one parameter. */
  path?: string;
  text: string;
}

// Characters left as they are in keys and values; everything else is %-encoded.
export function enc(s: string): string {
  // "/" may stand as it is in a fragment (RFC 3986 §3.5): pairings read "fixed/le".
  return s.replace(/[^A-Za-z0-9._~,\-[\]/]/g, (c) => encodeURIComponent(c));
}

export function encodeValue(v: ParamValue, decl?: ParamDecl): string {
  if (typeof v === 'boolean') return v ? '1' : '0';
  // A delivery trace as compact differences (model/params/traceText.ts).
  if (Array.isArray(v) && decl && isTraceDecl(decl) && v.length > 0) return encodeTraceDeltas(v);
  if (Array.isArray(v)) return v.join(',');
  return String(v); // shortest text that reads back as the same double
}

export function clip(s: string, n = 60): string {
  return s.length > n ? s.slice(0, n) + '…' : s;
}
