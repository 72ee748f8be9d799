// The animation's window as the user types it: checked here, with the field named by
// its label and unit and the allowed range, before the engine is asked for a trace.
export const MAX_WINDOW_S = 5; // the engine's limit (metrics.packet_trace)

/** null when [from, to] can be traced, else why not. */
export function windowProblem(from: number, to: number, durationS: number): string | null {
  if (!Number.isFinite(from) || from < 0 || from >= durationS) {
    return `Window from (s) must be a number from 0 to below the duration (${durationS} s)`;
  }
  if (!Number.isFinite(to) || to <= from || to > durationS) {
    return `Window to (s) must be a number above Window from (${from} s) and at most the duration (${durationS} s)`;
  }
  if (to - from > MAX_WINDOW_S) {
    return `Window to (s) must be at most ${MAX_WINDOW_S} s after Window from (${from} s): a longer window holds too many packets to animate`;
  }
  return null;
}
