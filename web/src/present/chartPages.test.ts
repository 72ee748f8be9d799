import { describe, expect, it } from 'vitest';
import { chartsPerPage, clampPage, pagesOf, stepPage, TWO_ROWS_FROM } from './chartPages';

describe('presentation mode chart pages', () => {
  it('holds two charts on a 720-line screen and four from 900 lines up', () => {
    expect(chartsPerPage(720)).toBe(2);
    expect(chartsPerPage(768)).toBe(2);
    expect(chartsPerPage(TWO_ROWS_FROM)).toBe(4);
    expect(chartsPerPage(1080)).toBe(4);
  });

  it('splits the charts in declaration order, the last page holding what is left', () => {
    const seven = ['cwnd', 'seq', 'queue', 'utilization', 'rtt', 'tokens', 'app'];
    expect(pagesOf(seven, 4)).toEqual([
      ['cwnd', 'seq', 'queue', 'utilization'],
      ['rtt', 'tokens', 'app'],
    ]);
    expect(pagesOf(seven, 2)).toHaveLength(4);
    expect(pagesOf(seven, 2)[3]).toEqual(['app']);
    expect(pagesOf([], 4)).toEqual([[]]);
  });

  it('keeps a page within the pages there are and wraps a step past either end', () => {
    expect(clampPage(5, 3)).toBe(2);
    expect(clampPage(-1, 3)).toBe(0);
    expect(clampPage(Number.NaN, 3)).toBe(0);
    expect(stepPage(2, 1, 3)).toBe(0);
    expect(stepPage(0, -1, 3)).toBe(2);
    expect(stepPage(7, 1, 3)).toBe(0);
    expect(stepPage(0, 1, 0)).toBe(0);
  });
});
