// The Validation view's run counts, counted after the view is first drawn and a few
// groups at a time (each slice yields to the page after ~12 ms), so opening the view
// never holds the main thread: it froze for 7-14 s when every group's scenarios were
// built to print these counts (issue 19). A group's size needs no scenario
// (validation.ts GroupSize); its plan is built only when it is checked.
import { useEffect, useState } from 'react';
import type { ParamModel } from '../model/params/params';
import type { GroupSize, ValidationGroup } from '../model/claims/validation';

const SLICE_MS = 12;

/** Each group's size (or why it has none), by id; empty until counted. */
export function useGroupSizes(groups: readonly ValidationGroup[], model: ParamModel): Map<string, GroupSize | string> {
  const [sizes, setSizes] = useState<Map<string, GroupSize | string>>(() => new Map());
  useEffect(() => {
    let timer = 0;
    const out = new Map<string, GroupSize | string>();
    let i = 0;
    const slice = () => {
      const start = performance.now();
      while (i < groups.length && performance.now() - start < SLICE_MS) {
        out.set(groups[i].id, groups[i].size(model));
        i += 1;
      }
      if (i < groups.length) timer = window.setTimeout(slice, 0);
      else setSizes(new Map(out));
    };
    timer = window.setTimeout(slice, 0);
    return () => window.clearTimeout(timer);
  }, [groups, model]);
  return sizes;
}
