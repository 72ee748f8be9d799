// Components subscribe to the slice of the lab's state they read, not to the whole:
// useLab(store, selector) re-renders its component only when the selected value changes
// (Object.is, or the given equality: shallowEqual for an object of a few fields), so a
// run finishing does not re-render the header, nor a selected flow the charts.
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { LabState } from './labState';

/** What a component needs of the store to read its state. */
export interface LabSource {
  getState(): LabState;
  subscribe(listener: () => void): () => void;
}

export type Equality<T> = (a: T, b: T) => boolean;

/** Equal when both have the same keys with identical (Object.is) values. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a) as (keyof T)[];
  return (
    ka.length === Object.keys(b).length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && Object.is(a[k], b[k]))
  );
}

/** The selected value, kept (same reference) while the state changes elsewhere: what
 * useSyncExternalStore needs of a snapshot, and what makes a render skip. */
export function selectWithMemo<T>(select: (s: LabState) => T, equal: Equality<T>) {
  const memo = selectorMemo(equal);
  return (state: LabState): T => memo(select, state);
}

/** selectWithMemo for a selector that may be a new closure at each call: a new selector
 * or a new state selects again, and an equal value keeps the last reference. */
export function selectorMemo<T>(equal: Equality<T>) {
  let last: { state: LabState; select: (s: LabState) => T; value: T } | null = null;
  return (select: (s: LabState) => T, state: LabState): T => {
    if (last && last.state === state && last.select === select) return last.value;
    const value = select(state);
    if (last && equal(last.value, value)) {
      last = { state, select, value: last.value };
      return last.value;
    }
    last = { state, select, value };
    return value;
  };
}

export function useLab<T>(store: LabSource, select: (s: LabState) => T, equal: Equality<T> = Object.is): T {
  // The selector may be a new closure each render: the latest one is used, the memo kept
  // (one per component), so an equal selection is the same reference.
  const [memo] = useState(() => selectorMemo(equal));
  const getSnapshot = useCallback(() => memo(select, store.getState()), [memo, select, store]);
  return useSyncExternalStore(store.subscribe, getSnapshot);
}
