// Presentation mode shows the live charts a page at a time, two side by side, so each is
// large enough to read from the back of a lecture hall: one row of two on a 720-line
// projector (two rows there left plots of ~150 px whose axis titles were cut), two rows
// of two from 900 lines up (a 1080-line projector). The pages follow the order the
// engine declares the charts in (its most important first: the window, then the
// time–sequence diagram or the throughput); the page buttons name each page's charts
// by their declared short titles.
//
// Which page is shown stays out of the link on purpose: it is where the presenter is,
// like the scroll position, not part of the experiment (a link reproduces the same runs
// and numbers on any screen); the same link holds two or four charts a page on
// different projectors, and the pages follow the engine's declarations, so a page
// number in an old link would open other charts once a chart is added.

/** Charts on a page: two columns, and two rows when the screen is tall enough. */
export function chartsPerPage(viewportHeight: number): number {
  return viewportHeight >= TWO_ROWS_FROM ? 4 : 2;
}

/** The least viewport height (px) whose page holds two rows of charts. */
export const TWO_ROWS_FROM = 900;

/** The items split into pages of `perPage` (at least one page, perhaps empty). */
export function pagesOf<T>(items: readonly T[], perPage: number): T[][] {
  const n = Math.max(1, Math.floor(perPage));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out.length ? out : [[]];
}

/** A page index kept within 0..count-1. */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page) || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(page)));
}

/** The page `step` away from `page`, wrapping around (a clicker's next after the last
 * page is the first). */
export function stepPage(page: number, step: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  return (clampPage(page, count) + step + count) % count;
}
