// Two tiny shared stores the time charts use without React re-renders: the cursor time
// (a crosshair every chart draws at the time the pointer is over in any of them) and
// requests to zoom the time–sequence chart to a moment (a clicked marker).
export type CursorListener = (t: number | null) => void;

export interface TimeBus {
  get(): number | null;
  set(t: number | null): void;
  subscribe(listener: CursorListener): () => void;
}

export function createTimeBus(): TimeBus {
  let current: number | null = null;
  const listeners = new Set<CursorListener>();
  return {
    get: () => current,
    set(t) {
      if (t === current) return;
      current = t;
      for (const l of listeners) l(t);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The time (s) under the pointer in any time chart, or null. */
export const cursorTime = createTimeBus();

/** The moment (s) the time–sequence chart should zoom to; each set() is one request. */
export const seqZoomRequest = {
  listeners: new Set<(t: number) => void>(),
  request(t: number) {
    for (const l of this.listeners) l(t);
  },
  subscribe(l: (t: number) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  },
};
