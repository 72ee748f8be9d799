// The engine's sweep calls on the page's own thread (plab_sweep_plan and
// plab_sweep_aggregate, docs/engine-api.md "Sweeps"): the sweep's x grid, seeds, every
// run's scenario and each point's statistics come from the engine, as `plab sweep`'s do,
// so the page has no second copy of those rules (issue K). They are answered at once
// (the sweep view shows its run count as the boxes change, the validation page its
// plans), so this one module instance plans and never runs a simulation; the runs go to
// the worker pool. Loaded next to the worker at start-up.
import type { PlabModule } from 'plab-glue';

export interface SweepEngine {
  /** The answer of plab_sweep_plan: {ok, plan} or {ok: false, errors}. */
  plan(baseScenario: string, spec: string): string;
  /** The answer of plab_sweep_aggregate: {ok, stats}. */
  aggregate(values: string): string;
  /** The answer of plab_check_program: {ok, errors: [{line, col, end_col, message}]}. */
  checkProgram(text: string): string;
}

let installed: SweepEngine | null = null;
let loading: Promise<SweepEngine> | null = null;

/** Calls a sweep entry point with its texts copied into the module's heap (freed after). */
function call(m: PlabModule, fn: string, texts: readonly string[]): string {
  const lengthBytes = m.lengthBytesUTF8 as (s: string) => number;
  const stringToUTF8 = m.stringToUTF8 as (s: string, ptr: number, max: number) => void;
  const malloc = m._malloc as (n: number) => number;
  const free = m._free as (ptr: number) => void;
  const ptrs = texts.map((t) => {
    const n = lengthBytes(t) + 1;
    const ptr = malloc(n);
    stringToUTF8(t, ptr, n);
    return ptr;
  });
  try {
    return m.UTF8ToString(m.ccall(fn, 'number', texts.map(() => 'number'), ptrs) as number);
  } finally {
    ptrs.forEach(free);
  }
}

/** Makes `m` (a loaded engine module) the page's sweep engine. */
export function installSweepEngine(m: PlabModule): SweepEngine {
  installed = {
    plan: (base, spec) => call(m, 'plab_sweep_plan', [base, spec]),
    aggregate: (values) => call(m, 'plab_sweep_aggregate', [values]),
    checkProgram: (text) => call(m, 'plab_check_program', [text]),
  };
  return installed;
}

/** Loads the module once (resolves at once when it is loaded). */
export function loadSweepEngine(): Promise<SweepEngine> {
  if (installed) return Promise.resolve(installed);
  if (!loading) {
    // Its own chunk (the glue embeds the engine): the page's first paint does not wait for it.
    loading = import('plab-glue')
      .then(({ default: createPlab }) => createPlab({ print: () => {}, printErr: () => {} }))
      .then(installSweepEngine);
    loading.catch(() => (loading = null));
  }
  return loading;
}

/** The sweep engine, or null before it is loaded. */
export function sweepEngine(): SweepEngine | null {
  return installed;
}
