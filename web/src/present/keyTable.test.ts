import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { keyAction, keyName, SHORTCUT_ROWS } from './keyTable';
import { ShortcutList } from './ShortcutList';

// Every key a keyboard sends as one printable character, and the named keys a handler
// could plausibly use.
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const NAMED = [
  'Enter',
  'Escape',
  'Tab',
  'Backspace',
  'Delete',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'F1',
  'F11',
];
const ALL_KEYS = [...PRINTABLE, ...NAMED];

/** The keys the "?" list shows, read from what it renders. */
function listedKeys(): string[] {
  const html = renderToStaticMarkup(createElement(ShortcutList, { onClose: () => undefined }));
  return [...html.matchAll(/<kbd>([^<]*)<\/kbd>/g)].map((m) =>
    m[1].replace('&amp;', '&').replace('&lt;', '<').replace('&gt;', '>'),
  );
}

describe('the keyboard shortcut list and the key handlers', () => {
  it('lists exactly the keys the handlers answer', () => {
    const answered = ALL_KEYS.filter((k) => keyAction(k) !== undefined)
      .map(keyName)
      .sort();
    expect(listedKeys().sort()).toEqual(answered);
  });

  it("lists the manual control's b, g and d with what they do to the window", () => {
    expect(keyAction('b')).toEqual({ kind: 'manual', action: 'back' });
    expect(keyAction('g')).toEqual({ kind: 'manual', action: 'grow' });
    expect(keyAction('d')).toEqual({ kind: 'manual', action: 'double' });
    const what = (key: string) => SHORTCUT_ROWS.find((r) => r.keys.some((k) => k.key === key))?.what;
    expect(what('b')).toMatch(/^back off: halve the window/);
    expect(what('g')).toMatch(/^grow the window by one segment/);
    expect(what('d')).toMatch(/^double the window/);
    expect(listedKeys()).toEqual(expect.arrayContaining(['b', 'g', 'd', '[', ']', 'n', 'Page Down', '?', 'Esc']));
  });

  it('binds no key twice (a second binding would silently win)', () => {
    const keys = SHORTCUT_ROWS.flatMap((r) => r.keys.map((k) => k.key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
