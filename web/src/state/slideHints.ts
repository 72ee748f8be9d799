// What a slider says while it has focus or is dragged: the values the next steps in
// the drag's direction would give (components/ParamControl.tsx), for speculation
// (engine/speculation.ts, wired in liveRunner.ts). An empty list: the slider let go.
export type SlideListener = (path: string, ahead: readonly number[]) => void;

let listener: SlideListener | null = null;

/** The store listens (one listener: the live view's runner). */
export function onSlide(l: SlideListener | null) {
  listener = l;
}

export function hintSlide(path: string, ahead: readonly number[]) {
  listener?.(path, ahead);
}

/** The slider positions the next steps would reach from `pos`: in the direction of the
 * last move (`delta`, its size too) when there is one, else one step either way. */
export function positionsAhead(pos: number, delta: number, steps: number, count = 3): number[] {
  const out: number[] = [];
  const stride = Math.abs(delta) || 1;
  const dirs = delta > 0 ? [1] : delta < 0 ? [-1] : [1, -1];
  for (let k = 1; k <= count; k++) {
    for (const d of dirs) {
      const p = pos + d * stride * k;
      if (p >= 0 && p <= steps) out.push(p);
    }
    if (delta === 0) break; // focus only: one step each way
  }
  return out;
}
