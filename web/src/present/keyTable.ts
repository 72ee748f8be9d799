// Every keyboard shortcut of the page in one table: the key handlers look keys up here
// (keyAction) and the "?" list is drawn from it (SHORTCUT_ROWS), so a key cannot work
// without being listed, nor be listed without working (the list once lacked the manual
// control's b, g and d).
import { PARAM_SHORTCUTS } from './shortcuts';

/** What the manual control's keys do to the window it hands the student. */
export type ManualAction = 'back' | 'grow' | 'double';

export type KeyAction =
  | { kind: 'param'; path: string; dir: 1 | -1 }
  | { kind: 'preset'; step: 1 | -1 }
  | { kind: 'help' }
  | { kind: 'close' }
  | { kind: 'manual'; action: ManualAction }
  | { kind: 'charts'; step: 1 | -1 };

export interface ShortcutRow {
  /** The keys (KeyboardEvent.key values) and what each does. */
  keys: { key: string; action: KeyAction }[];
  /** How the keys are joined in the list: "[ / ]" (down / up) or "n or Page Down". */
  joiner: ' / ' | ' or ';
  what: string;
}

const MANUAL_WHEN = 'you are the congestion control, while playing';

export const SHORTCUT_ROWS: ShortcutRow[] = [
  ...PARAM_SHORTCUTS.map<ShortcutRow>((s) => ({
    keys: [
      { key: s.down, action: { kind: 'param', path: s.path, dir: -1 } },
      { key: s.up, action: { kind: 'param', path: s.path, dir: 1 } },
    ],
    joiner: ' / ',
    what: `${s.what} a step down / up`,
  })),
  {
    keys: [
      { key: 'n', action: { kind: 'preset', step: 1 } },
      { key: 'PageDown', action: { kind: 'preset', step: 1 } },
    ],
    joiner: ' or ',
    what: 'next paper preset',
  },
  {
    keys: [
      { key: 'p', action: { kind: 'preset', step: -1 } },
      { key: 'PageUp', action: { kind: 'preset', step: -1 } },
    ],
    joiner: ' or ',
    what: 'previous paper preset',
  },
  {
    keys: [
      { key: 'C', action: { kind: 'charts', step: -1 } },
      { key: 'c', action: { kind: 'charts', step: 1 } },
    ],
    joiner: ' / ',
    what: 'the previous / next page of charts (presentation mode)',
  },
  {
    keys: [{ key: 'b', action: { kind: 'manual', action: 'back' } }],
    joiner: ' or ',
    what: `back off: halve the window (${MANUAL_WHEN})`,
  },
  {
    keys: [{ key: 'g', action: { kind: 'manual', action: 'grow' } }],
    joiner: ' or ',
    what: `grow the window by one segment (${MANUAL_WHEN})`,
  },
  {
    keys: [{ key: 'd', action: { kind: 'manual', action: 'double' } }],
    joiner: ' or ',
    what: `double the window (${MANUAL_WHEN})`,
  },
  { keys: [{ key: '?', action: { kind: 'help' } }], joiner: ' or ', what: 'show or hide this list' },
  {
    keys: [{ key: 'Escape', action: { kind: 'close' } }],
    joiner: ' or ',
    what: 'close this list (and leave full screen)',
  },
];

const BY_KEY = new Map(SHORTCUT_ROWS.flatMap((r) => r.keys.map((k) => [k.key, k.action] as const)));

/** What a key does, or undefined when it is no shortcut. */
export function keyAction(key: string): KeyAction | undefined {
  return BY_KEY.get(key);
}

const KEY_NAMES: Record<string, string> = { PageDown: 'Page Down', PageUp: 'Page Up', Escape: 'Esc' };

/** A key as the list prints it. */
export function keyName(key: string): string {
  return KEY_NAMES[key] ?? key;
}
