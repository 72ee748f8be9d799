// A text parameter in the link (a `custom` program, type "text"): its UTF-8 bytes
// compressed with raw DEFLATE (RFC 1951) and written in base64url (RFC 4648 §5) after
// "z.", e.g. `f0.custom.program=z.q1bKL...`. The result uses only characters a fragment
// holds as they are, so it is never %-encoded; a program of a few hundred characters
// takes about half its length, and the 64 KiB limit about 10–20 KB of link.
//
// Why fflate (synchronous) and not the browser's CompressionStream: the link is written
// and read synchronously everywhere (codec.ts, the presets' canonical forms, Copy link);
// an asynchronous step would make every caller wait. fflate's output is ordinary
// deflate-raw (DecompressionStream('deflate-raw') reads it) and the same in every
// browser, so a program always gives the same link.
//
// fflate is a chunk of its own (8 kB), fetched beside the engine at start-up
// (loadTextCodec, awaited by the store before it reads a link): the page's first
// chunk does not carry it, and nothing reads or writes a link before the engine is in.
//
// Reading: a value starting "z." is decompressed (at most `maxBytes`, so a small link
// cannot inflate to gigabytes); any other value is the text itself (%-decoded), so a
// person may type a short program into a link by hand.
type Flate = typeof import('./flate');
let flate: Flate | null = null;
let loading: Promise<void> | null = null;

/** Loads the compressor (once); the store awaits it with the engine. */
export function loadTextCodec(): Promise<void> {
  loading ??= import('./flate').then((m) => {
    flate = m;
  });
  return loading;
}

function codec(): Flate {
  if (!flate) throw new Error('the link codec for texts is not loaded yet (loadTextCodec)');
  return flate;
}

export const TEXT_PREFIX = 'z.';

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) return null;
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** The link's form of a text value. */
export function encodeText(text: string): string {
  return TEXT_PREFIX + toBase64Url(codec().deflateSync(new TextEncoder().encode(text), { level: 9 }));
}

export type TextRead = { ok: true; text: string } | { ok: false; message: string };

/** A text value read from a link (`path` names it in a message). */
export function decodeText(path: string, value: string, maxBytes: number): TextRead {
  if (!value.startsWith(TEXT_PREFIX)) return { ok: true, text: value };
  const packed = fromBase64Url(value.slice(TEXT_PREFIX.length));
  if (!packed) return { ok: false, message: `${path} in the link is not base64url after "z." (a compressed text)` };
  let bytes: Uint8Array;
  try {
    bytes = codec().inflateSync(packed, { out: new Uint8Array(maxBytes + 1) });
  } catch {
    return { ok: false, message: `${path} in the link could not be decompressed (it is cut short or damaged)` };
  }
  // inflateSync leaves out the bytes that do not fit: one more than the limit means more.
  if (bytes.length > maxBytes) return { ok: false, message: `${path} in the link is longer than ${maxBytes} bytes` };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: `${path} in the link is not UTF-8 text` };
  }
}
