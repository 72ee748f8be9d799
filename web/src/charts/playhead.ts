// What the charts show while a run plays: every series up to the playhead. The views
// share the result's column buffer (subarrays, no copies), so a frame costs a binary
// search per series.
import type { Displayed } from '../state/labState';
import type { Extracted, Series } from './series';

/** The number of points at times ≤ t (times ascend). */
export function pointsUpTo(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function seriesUpTo(ex: Extracted, t: number): Extracted {
  const byName = new Map<string, Series>();
  const cut = new Map<Series, Series>(); // a series under two names is cut once
  for (const [name, s] of ex.byName) {
    let c = cut.get(s);
    if (!c) {
      const n = pointsUpTo(s.t, t);
      c = n === s.t.length ? s : { ...s, t: s.t.subarray(0, n), v: s.v.subarray(0, n) };
      cut.set(s, c);
    }
    byName.set(name, c);
  }
  return { byName, problems: ex.problems };
}

/** The displayed run as far as the playhead (the x axis stays the whole run's). */
export function displayedUpTo(displayed: Displayed, t: number): Displayed {
  return { ...displayed, series: seriesUpTo(displayed.series, t) };
}
