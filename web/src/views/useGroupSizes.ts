// The Validation view's run counts, counted while the page is idle, a few groups at a
// time (requestIdleCallback: each slice stops when the browser's idle period ends), so
// counting never delays the view's first frames nor a scroll: the view froze for 7-14 s
// when every group's scenarios were built to print these counts (issue 19). A group's
// size needs no scenario (validation.ts GroupSize); its plan is built only when it is
// checked.
import { useEffect, useState } from 'react';
import type { ParamModel } from '../model/params/params';
import type { GroupSize, ValidationGroup } from '../model/claims/validation';

/** Leave this much of an idle period unused: one group's count takes a few ms. */
const MARGIN_MS = 4;
/** Without requestIdleCallback (Safari), slices of this long between macrotasks. */
const SLICE_MS = 8;

type Sizes = ReadonlyMap<string, GroupSize | string>;
const NONE: Sizes = new Map();

function whenIdle(fn: (more: () => boolean) => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback((d) => fn(() => d.timeRemaining() > MARGIN_MS), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = window.setTimeout(() => {
    const start = performance.now();
    fn(() => performance.now() - start < SLICE_MS);
  }, 0);
  return () => window.clearTimeout(id);
}

/** Each group's size (or why it has none), by id; empty until every group is counted. */
export function useGroupSizes(groups: readonly ValidationGroup[], model: ParamModel): Sizes {
  const [sizes, setSizes] = useState<{ groups: readonly ValidationGroup[]; sizes: Sizes } | null>(null);
  useEffect(() => {
    let cancel = () => {};
    const out = new Map<string, GroupSize | string>();
    let i = 0;
    const slice = (more: () => boolean) => {
      // At least one group per slice, so counting ends even on a page that is never idle.
      do {
        out.set(groups[i].id, groups[i].size(model));
        i += 1;
      } while (i < groups.length && more());
      if (i < groups.length) cancel = whenIdle(slice);
      else setSizes({ groups, sizes: out });
    };
    if (groups.length) cancel = whenIdle(slice);
    return () => cancel();
  }, [groups, model]);
  return sizes?.groups === groups ? sizes.sizes : NONE;
}

/** The view's first groups, in page order, then more at each frame: opening it drew all
 * of them in the click's own task. */
const FIRST_GROUPS = 6;
const GROUPS_PER_FRAME = 8;

/** How many of `total` groups to draw now (all of them after a few frames). */
export function useRevealed(total: number): number {
  const [n, setN] = useState(FIRST_GROUPS);
  useEffect(() => {
    if (n >= total) return;
    const id = requestAnimationFrame(() => setN((k) => k + GROUPS_PER_FRAME));
    return () => cancelAnimationFrame(id);
  }, [n, total]);
  return n;
}
