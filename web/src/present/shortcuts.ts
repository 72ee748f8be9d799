// Keyboard shortcuts of presentation mode: what each key changes, and the next value of
// a parameter one step up or down. Steps follow the 1-2-5 ladder (and 0 for loss), so
// a few presses go from "no loss" through the common 0.1–5 % range to heavy loss, and
// a rate or a delay doubles or halves about each press: what a lecture wants to show.
import type { ParamModel, Values } from '../model/params/params';
import { valueOf } from '../model/params/params';
import type { LabState } from '../state/labState';
import { selectValuesInForce } from '../state/selectors';

export const LOSS_PATH = 'flows[0].channel.forward.p';
export const RATE_PATH = 'topology.bottleneck.rate_mbps';
export const DELAY_PATH = 'topology.bottleneck.delay_ms';

export interface ParamShortcut {
  path: string;
  down: string;
  up: string;
  /** What the shortcut list calls it. */
  what: string;
}

export const PARAM_SHORTCUTS: ParamShortcut[] = [
  { path: LOSS_PATH, down: '[', up: ']', what: 'forward loss' },
  { path: RATE_PATH, down: '-', up: '=', what: 'bottleneck rate' },
  { path: DELAY_PATH, down: ',', up: '.', what: 'bottleneck delay' },
];

/** The 1-2-5 values from 10^lo to 10^hi, ascending (0 first when `zero`). */
export function ladder(lo: number, hi: number, zero: boolean): number[] {
  const out: number[] = zero ? [0] : [];
  for (let e = lo; e <= hi; e++) for (const m of [1, 2, 5]) out.push(Number((m * 10 ** e).toPrecision(3)));
  return out;
}

const LADDERS: Record<string, number[]> = {
  [LOSS_PATH]: ladder(-4, -1, true).concat([1]),
  [RATE_PATH]: ladder(-2, 4, false),
  [DELAY_PATH]: ladder(-1, 3, true),
};

/** The value one ladder step above (dir 1) or below (dir -1) `current`, kept within
 * the schema's range; `current` itself when there is no step that way. */
export function stepValue(path: string, current: number, dir: 1 | -1, min?: number, max?: number): number {
  const steps = (LADDERS[path] ?? ladder(-3, 4, true)).filter(
    (v) => (min === undefined || v >= min) && (max === undefined || v <= max),
  );
  const eps = 1e-9 * Math.max(1, Math.abs(current));
  const next = dir > 0 ? steps.find((v) => v > current + eps) : [...steps].reverse().find((v) => v < current - eps);
  return next ?? current;
}

/** The new value for a parameter shortcut, or undefined when the model lacks the
 * parameter or the value would not change. */
export function applyShortcut(model: ParamModel, values: Values, path: string, dir: 1 | -1): number | undefined {
  const spec = model.byPath.get(path);
  if (!spec) return undefined;
  const cur = Number(valueOf(model, values, path));
  if (!Number.isFinite(cur)) return undefined;
  const next = stepValue(path, cur, dir, spec.decl.min, spec.decl.max);
  return next === cur ? undefined : next;
}

/** What a shortcut (a key, the presentation bar's buttons) asks of the store. */
export interface StepTarget {
  getState(): LabState;
  setValue(path: string, value: number): void;
}

/** Steps a parameter from the value in force when the key comes (read from the store
 * then, not from a render's props): while Play runs, the timeline's value at the
 * playhead, so `]` three times goes 0.01 → 0.02 → 0.05 → 0.1. The new value, or
 * undefined when nothing changed. */
export function stepInForce(store: StepTarget, path: string, dir: 1 | -1): number | undefined {
  const state = store.getState();
  const model = state.engine.model;
  if (!model) return undefined;
  const next = applyShortcut(model, selectValuesInForce(state), path, dir);
  if (next !== undefined) store.setValue(path, next);
  return next;
}

/** True when the key went to a place where it types or picks (no shortcut there). */
export function isTypingTarget(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range'].includes(type);
}

const NAVIGATION_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
  'Home',
  'End',
]);

/** True when a focused control uses this key itself: a slider's Page Up/Down, Home,
 * End and arrows move it (they stepped through the presets instead, taking a keyboard
 * user's loss slider away to another experiment), and tabs and menus move with arrows. */
export function controlOwnsKey(tag: string, type: string | undefined, role: string | null, key: string): boolean {
  if (!NAVIGATION_KEYS.has(key)) return false;
  return (tag === 'INPUT' && type === 'range') || role === 'slider' || role === 'tab' || role === 'menuitem';
}

export function ownsKey(el: EventTarget | null, key: string): boolean {
  if (!(el instanceof HTMLElement)) return false;
  return controlOwnsKey(el.tagName, el instanceof HTMLInputElement ? el.type : undefined, el.getAttribute('role'), key);
}
