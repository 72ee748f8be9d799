/// <reference lib="webworker" />
// The worker owns the engine (Perfetto's wasm_bridge pattern): the WASM module is
// created once, each run is one call across the boundary, and the columns are copied
// out of the heap once and transferred to the page. An engine crash is caught and
// reported with the engine's last stderr lines; the module is then re-created on the
// next run, so the page never dies with it.
import createPlab, { type PlabModule } from 'plab-glue';
import { messageTurn, runProgressive, type Stepper } from './progressive';
import type { FromWorker, ToWorker } from './types';

declare const self: DedicatedWorkerGlobalScope;

const STDERR_LINES_KEPT = 20;
const stderrTail: string[] = [];
let modulePromise: Promise<PlabModule> | null = null;

function keepStderr(line: string) {
  stderrTail.push(line);
  if (stderrTail.length > STDERR_LINES_KEPT) stderrTail.shift();
}

function loadModule(): Promise<PlabModule> {
  if (!modulePromise) {
    modulePromise = createPlab({
      print: (line: string) => console.log('[engine]', line),
      printErr: keepStderr,
    });
    modulePromise.catch(() => (modulePromise = null));
  }
  return modulePromise;
}

function cString(m: PlabModule, fn: string): string {
  return m.UTF8ToString(m.ccall(fn, 'number', [], []) as number);
}

function heapF64(m: PlabModule): Float64Array {
  if (m.HEAPF64 instanceof Float64Array) return m.HEAPF64;
  const buf = (m.HEAPU8 as Uint8Array | undefined)?.buffer ?? (m.wasmMemory as WebAssembly.Memory | undefined)?.buffer;
  if (!buf) throw new Error('the engine module exposes no heap (HEAPF64, HEAPU8 or wasmMemory)');
  return new Float64Array(buf);
}

function describe(e: unknown): string {
  const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return stderrTail.length ? `${msg}\nengine stderr:\n${stderrTail.join('\n')}` : msg;
}

function post(msg: FromWorker, transfer: Transferable[] = []) {
  self.postMessage(msg, transfer);
}

async function init() {
  const t0 = performance.now();
  try {
    const m = await loadModule();
    post({
      type: 'ready',
      schema: cString(m, 'plab_schema'),
      defaultScenario: cString(m, 'plab_default_scenario'),
      loadMs: performance.now() - t0,
    });
  } catch (e) {
    post({ type: 'init-failed', error: describe(e) });
  }
}

const wallClock = () => performance.timeOrigin + performance.now();

/** 'full': plab_run and the columns; 'summary': plab_run, columns left behind;
 * 'summary-only': plab_run_summary (no series at all; plab_run on an older engine). */
type RunMode = 'full' | 'summary' | 'summary-only';

/** Calls `fn` with each text copied into the module's heap (freed after). */
function withHeapStrings<T>(m: PlabModule, texts: readonly string[], fn: (ptrs: number[]) => T): T {
  const lengthBytes = m.lengthBytesUTF8 as (s: string) => number;
  const stringToUTF8 = m.stringToUTF8 as (s: string, ptr: number, max: number) => void;
  const malloc = m._malloc as (n: number) => number;
  const free = m._free as (ptr: number) => void;
  const ptrs: number[] = [];
  try {
    for (const text of texts) {
      const n = lengthBytes(text) + 1;
      const ptr = malloc(n);
      ptrs.push(ptr);
      stringToUTF8(text, ptr, n);
    }
    return fn(ptrs);
  } finally {
    for (const ptr of ptrs) free(ptr);
  }
}

function hasExport(m: PlabModule, fn: string): boolean {
  return typeof (m as unknown as Record<string, unknown>)[`_${fn}`] === 'function';
}

/** The engine module, or null after posting run `id`'s failure to load it. */
async function moduleOrReport(id: number): Promise<PlabModule | null> {
  try {
    return await loadModule();
  } catch (e) {
    post({ type: 'result', id, ok: false, error: `engine failed to load: ${describe(e)}`, engineMs: 0 });
    return null;
  }
}

async function run(id: number, scenario: string, mode: RunMode = 'full', timeline?: string) {
  const receivedAt = wallClock();
  const t0 = performance.now();
  const m = await moduleOrReport(id);
  if (!m) return;
  try {
    stderrTail.length = 0;
    let ok: boolean;
    if (timeline !== undefined) {
      // Live mode's timeline: the engine advances to each change's time and sets it.
      // Both texts go through the heap: ccall's 'string' copies onto the module's small
      // stack, which a long timeline (1.3 MB, 20,000 changes) overflowed.
      if (!hasExport(m, 'plab_run_timeline')) throw new Error('this engine build cannot replay a live-mode timeline (plab_run_timeline)');
      ok = withHeapStrings(m, [scenario, timeline], (ptrs) => m.ccall('plab_run_timeline', 'number', ['number', 'number'], ptrs)) === 1;
    } else {
      const fn = mode === 'summary-only' && hasExport(m, 'plab_run_summary') ? 'plab_run_summary' : 'plab_run';
      ok = m.ccall(fn, 'number', ['string'], [scenario]) === 1;
    }
    const json = cString(m, 'plab_result_json');
    const result = JSON.parse(json);
    if (!ok) {
      post({ type: 'result', id, ok: false, result, engineMs: performance.now() - t0 });
      return;
    }
    if (mode !== 'full') {
      post({ type: 'result', id, ok: true, result, engineMs: performance.now() - t0, receivedAt, postedAt: wallClock() });
      return;
    }
    const ptr = m.ccall('plab_columns_ptr', 'number', [], []) as number;
    const len = m.ccall('plab_columns_length', 'number', [], []) as number;
    // Read the heap view after the run: memory growth replaces it. Newer Emscripten
    // exports HEAPF64 only on request; fall back to a view of the same memory.
    const heap = heapF64(m);
    const columns = len > 0 ? heap.slice(ptr / 8, ptr / 8 + len) : new Float64Array(0);
    post({ type: 'result', id, ok: true, result, columns, engineMs: performance.now() - t0, receivedAt, postedAt: wallClock() }, [
      columns.buffer,
    ]);
  } catch (e) {
    // An abort leaves an Emscripten module unusable: start a fresh one next time.
    modulePromise = null;
    post({ type: 'result', id, ok: false, error: `engine crashed: ${describe(e)}`, engineMs: performance.now() - t0 });
  }
}

/** The newest progressive run: an older one stops at its next slice. */
let latestProgressive = 0;

function columnsOut(m: PlabModule): Float64Array {
  const ptr = m.ccall('plab_columns_ptr', 'number', [], []) as number;
  const len = m.ccall('plab_columns_length', 'number', [], []) as number;
  return len > 0 ? heapF64(m).slice(ptr / 8, ptr / 8 + len) : new Float64Array(0);
}

function stepper(m: PlabModule): Stepper {
  const out = (ok: boolean) => ({ ok, json: cString(m, 'plab_result_json'), columns: columnsOut(m) });
  return {
    begin: (scenario, timeline) =>
      withHeapStrings(m, [scenario, timeline ?? ''], (ptrs) => m.ccall('plab_begin', 'number', ['number', 'number'], ptrs)) === 1,
    advance: (tS) => m.ccall('plab_advance', 'number', ['number'], [tS]) === 1,
    nowS: () => m.ccall('plab_now_s', 'number', [], []) as number,
    durationS: () => m.ccall('plab_duration_s', 'number', [], []) as number,
    snapshot: () => {
      m.ccall('plab_snapshot', 'number', [], []);
      return out(true);
    },
    finish: () => out(m.ccall('plab_finish', 'number', [], []) === 1),
  };
}

/** A run in slices (progressive.ts): 'slices' posts each slice's result so far. */
async function runInSlices(id: number, scenario: string, timeline: string | undefined, quiet: boolean) {
  latestProgressive = id;
  const receivedAt = wallClock();
  const t0 = performance.now();
  const m = await moduleOrReport(id);
  if (!m) return;
  const current = () => latestProgressive === id;
  if (!current()) return post({ type: 'result', id, ok: false, cancelled: true, engineMs: 0 });
  if (!hasExport(m, 'plab_begin')) return run(id, scenario, 'full', timeline); // an older engine build
  try {
    stderrTail.length = 0;
    const end = await runProgressive(stepper(m), scenario, timeline, {
      now: () => performance.now(),
      yieldTurn: messageTurn,
      current,
      slice: quiet
        ? undefined
        : (json, columns, filledToS) =>
            post({ type: 'slice', id, result: JSON.parse(json), columns, filledToS, engineMs: performance.now() - t0 }, [columns.buffer]),
    });
    if (end.kind === 'cancelled') return post({ type: 'result', id, ok: false, cancelled: true, engineMs: performance.now() - t0 });
    const result = JSON.parse(end.json);
    const engineMs = performance.now() - t0;
    if (!end.ok) return post({ type: 'result', id, ok: false, result, engineMs });
    post({ type: 'result', id, ok: true, result, columns: end.columns, engineMs, receivedAt, postedAt: wallClock() }, [end.columns.buffer]);
  } catch (e) {
    modulePromise = null;
    post({ type: 'result', id, ok: false, error: `engine crashed: ${describe(e)}`, engineMs: performance.now() - t0 });
  }
}

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  if (msg.type === 'init') void init();
  else if (msg.type === 'run' && msg.progressive) void runInSlices(msg.id, msg.scenario, msg.timeline, msg.progressive === 'quiet');
  else if (msg.type === 'run') void run(msg.id, msg.scenario, msg.summaryOnly === true ? 'summary' : 'full', msg.timeline);
  else if (msg.type === 'cancel' && msg.id === latestProgressive) latestProgressive = 0;
  else if (msg.type === 'run-summary') void run(msg.id, msg.scenario, 'summary-only');
};
