// What the link banner shows of a link's problems: each message cut to a readable
// length (a 20,000-character value must not push the page to 3,000 px), identical
// messages counted once ("×20000"), and past a handful of lines one "… and N more".
import type { UrlMessage } from './text';

/** Longest message shown, in characters: two lines of the banner on a laptop. */
export const MAX_MESSAGE_CHARS = 160;
/** Lines shown before "… and N more": enough to fix a link by hand, short enough to
 * keep the page's controls in view. */
export const MAX_LINES = 8;
/** Longest unbroken run of characters kept in a message (a value with no spaces
 * cannot wrap): the middle of a longer one is replaced by "…". */
const MAX_WORD_CHARS = 40;
/** Longest parameter path kept whole when the message is about it: the schema's run to
 * 52 characters (topology.receiver_access.errors.reverse.drop_packets), and cut in the
 * middle a path loses the name of its field ("fq_codel…antum_bytes"). The banner wraps
 * it (overflow-wrap: anywhere), so it cannot widen the page. */
const MAX_PATH_CHARS = 64;

export interface BannerLine {
  text: string;
  /** How many of the link's messages said this. */
  count: number;
  path?: string;
}

export interface BannerSummary {
  lines: BannerLine[];
  /** Messages not shown (beyond MAX_LINES lines). */
  more: number;
}

/** A message cut to `max` characters, each long word cut in its middle except the
 * parameter `path` the message is about (up to MAX_PATH_CHARS). The cut is in the
 * middle too: the start names the parameter, the end says what the page did
 * ("— using default"). */
export function shortenMessage(text: string, max = MAX_MESSAGE_CHARS, path?: string): string {
  const whole = path !== undefined && path.length <= MAX_PATH_CHARS ? path : undefined;
  const words = text.replace(/\S{41,}/g, (w) =>
    w === whole ? w : w.slice(0, MAX_WORD_CHARS - 12) + '…' + w.slice(-11),
  );
  if (words.length <= max) return words;
  const tail = Math.floor(max / 3);
  return words.slice(0, max - tail - 1).trimEnd() + '…' + words.slice(-tail).trimStart();
}

export function summariseMessages(messages: readonly UrlMessage[], maxLines = MAX_LINES): BannerSummary {
  const byText = new Map<string, BannerLine>();
  for (const m of messages) {
    const text = shortenMessage(m.text, MAX_MESSAGE_CHARS, m.path);
    const line = byText.get(text);
    if (line) line.count++;
    else byText.set(text, { text, count: 1, path: m.path });
  }
  const all = [...byText.values()];
  const lines = all.slice(0, maxLines);
  const more = all.slice(maxLines).reduce((n, l) => n + l.count, 0);
  return { lines, more };
}
