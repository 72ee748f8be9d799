import { describe, expect, it } from 'vitest';
import { windowProblem } from './window';

describe('windowProblem', () => {
  it('accepts a window inside the run of at most 5 s', () => {
    expect(windowProblem(1.2, 1.5, 20)).toBeNull();
    expect(windowProblem(0, 5, 20)).toBeNull();
  });
  it('names the field by its label and gives the allowed range', () => {
    expect(windowProblem(-1, 1, 20)).toBe('Window from (s) must be a number from 0 to below the duration (20 s)');
    expect(windowProblem(NaN, 1, 20)).toMatch(/^Window from \(s\)/);
    expect(windowProblem(2, 1, 20)).toBe(
      'Window to (s) must be a number above Window from (2 s) and at most the duration (20 s)',
    );
    expect(windowProblem(2, 30, 20)).toMatch(/^Window to \(s\).*at most the duration \(20 s\)/);
    expect(windowProblem(1, 6.5, 20)).toMatch(/^Window to \(s\) must be at most 5 s after Window from \(1 s\)/);
  });
});
