import { describe, expect, it } from 'vitest';
import { DELAY_PATH, LOSS_PATH, RATE_PATH, controlOwnsKey, ladder, stepValue } from './shortcuts';
import { keyAction } from './keyTable';

describe('shortcut steps', () => {
  it('the 1-2-5 ladder', () => {
    expect(ladder(-2, -1, true)).toEqual([0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5]);
  });

  it('loss steps from 0 through the common range and stops at the range ends', () => {
    expect(stepValue(LOSS_PATH, 0, 1, 0, 1)).toBe(0.0001);
    expect(stepValue(LOSS_PATH, 0.01, 1, 0, 1)).toBe(0.02);
    expect(stepValue(LOSS_PATH, 0.01, -1, 0, 1)).toBe(0.005);
    expect(stepValue(LOSS_PATH, 0.0001, -1, 0, 1)).toBe(0);
    expect(stepValue(LOSS_PATH, 0, -1, 0, 1)).toBe(0);
    expect(stepValue(LOSS_PATH, 1, 1, 0, 1)).toBe(1);
  });

  it('a value between steps goes to the neighbouring step', () => {
    expect(stepValue(RATE_PATH, 12, 1)).toBe(20);
    expect(stepValue(RATE_PATH, 12, -1)).toBe(10);
    expect(stepValue(DELAY_PATH, 14, 1, 0, 500)).toBe(20);
    expect(stepValue(DELAY_PATH, 500, 1, 0, 500)).toBe(500);
  });

  it('keys map to a parameter and a direction', () => {
    expect(keyAction(']')).toEqual({ kind: 'param', path: LOSS_PATH, dir: 1 });
    expect(keyAction('[')).toEqual({ kind: 'param', path: LOSS_PATH, dir: -1 });
    expect(keyAction('=')).toEqual({ kind: 'param', path: RATE_PATH, dir: 1 });
    expect(keyAction(',')).toEqual({ kind: 'param', path: DELAY_PATH, dir: -1 });
    expect(keyAction('x')).toBeUndefined();
  });
});

describe('keys a focused control uses itself', () => {
  it('a slider keeps Page Up/Down, Home, End and the arrows; its other keys stay shortcuts', () => {
    for (const key of ['PageUp', 'PageDown', 'Home', 'End', 'ArrowLeft', 'ArrowRight'])
      expect(controlOwnsKey('INPUT', 'range', null, key)).toBe(true);
    expect(controlOwnsKey('INPUT', 'range', null, ']')).toBe(false);
    expect(controlOwnsKey('INPUT', 'range', null, 'n')).toBe(false);
  });

  it('tabs and menu items keep their arrows; a plain button keeps nothing', () => {
    expect(controlOwnsKey('BUTTON', undefined, 'tab', 'ArrowRight')).toBe(true);
    expect(controlOwnsKey('BUTTON', undefined, 'menuitem', 'ArrowDown')).toBe(true);
    expect(controlOwnsKey('BUTTON', undefined, null, 'PageDown')).toBe(false);
  });
});
