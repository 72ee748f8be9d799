// Loads the engine's WASM build (wasm/dist/plab.cjs) in Node, for tests and bench.
//
//   import { loadPlab } from './plab-node.mjs';
//   const plab = await loadPlab();
//   const { ok, result, columns } = plab.run(scenarioJsonOrObject);
//   plab.run(scenario, timeline)  // with live-mode changes (docs/engine-api.md, "Timeline")
//   plab.sweepPlan(scenario, spec)     // { ok, plan: { grid, seeds, runs, ... } } (docs/engine-api.md, "Sweeps")
//   plab.sweepAggregate([[y, ...], ...])  // { ok, stats: [{ n, mean, sd, min, max, ci95 } | null, ...] }
//   plab.checkProgram(text)            // { ok, errors: [{ line, col, end_col, message }] } (docs/custom-cc.md)
//
// `columns` is a Float64Array copy of the engine's column buffer (empty when !ok).
//
// A trap (an exception out of the WASM call: out-of-bounds access, stack overflow,
// abort) leaves an Emscripten module unusable and its heap as the trap left it, since
// nothing is unwound (issue G: 2,000 traps grew the heap from 248 MB to 803 MB). As the
// browser worker does (web/src/engine/worker.ts), the trapped module is dropped and a
// fresh one takes its place. Here `run` is synchronous, so a spare module is kept
// ready: the run after a trap uses it at once, and a new spare is made in the background.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const kDistDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
export const kNodeModulePath = path.join(kDistDir, 'plab.cjs');

// Emscripten's Node glue adds these process listeners per module; they hold the module,
// so a dropped module's must be taken off or every trap would leak one module.
const kProcessEvents = ['uncaughtException', 'unhandledRejection'];

// One module and its bound entry points.
async function createEngine(createPlab) {
  const before = new Map(kProcessEvents.map((ev) => [ev, new Set(process.listeners(ev))]));
  const module = await createPlab();
  const listeners = kProcessEvents.flatMap((ev) =>
    process
      .listeners(ev)
      .filter((l) => !before.get(ev).has(l))
      .map((l) => [ev, l]),
  );
  return {
    module,
    drop: () => {
      for (const [ev, l] of listeners) process.off(ev, l);
    },
    schemaPtr: module.cwrap('plab_schema', 'number', []),
    defaultScenarioPtr: module.cwrap('plab_default_scenario', 'number', []),
    runRaw: module.cwrap('plab_run', 'number', ['number']),
    runTimelineRaw: module.cwrap('plab_run_timeline', 'number', ['number', 'number']),
    runSummaryRaw: module.cwrap('plab_run_summary', 'number', ['number']),
    resultJsonPtr: module.cwrap('plab_result_json', 'number', []),
    columnsPtr: module.cwrap('plab_columns_ptr', 'number', []),
    columnsLength: module.cwrap('plab_columns_length', 'number', []),
    sweepPlanRaw: module.cwrap('plab_sweep_plan', 'number', ['number', 'number']),
    sweepAggregateRaw: module.cwrap('plab_sweep_aggregate', 'number', ['number']),
    checkProgramRaw: module.cwrap('plab_check_program', 'number', ['number']),
  };
}

// `raw`: the entry point for a run without a timeline (runSummaryRaw: no series).
function runJson(engine, scenarioJson, timelineJson, raw = engine.runRaw) {
  const { module } = engine;
  // Pass the scenario and the timeline through the heap (not the stack, which a
  // 1.3 MB timeline overflowed: the module trapped): either may be large.
  const toHeap = (text) => {
    const byte_length = module.lengthBytesUTF8(text) + 1;
    const ptr = module._malloc(byte_length);
    module.stringToUTF8(text, ptr, byte_length);
    return ptr;
  };
  const input_ptr = toHeap(scenarioJson);
  const timeline_ptr = timelineJson === undefined ? 0 : toHeap(timelineJson);
  let ok;
  try {
    ok = (timelineJson === undefined ? raw(input_ptr) : engine.runTimelineRaw(input_ptr, timeline_ptr)) === 1;
  } finally {
    module._free(input_ptr);
    if (timeline_ptr !== 0) module._free(timeline_ptr);
  }
  const json = module.UTF8ToString(engine.resultJsonPtr());
  const length = engine.columnsLength();
  const start = engine.columnsPtr() / 8;
  // One copy out of the heap; HEAPF64 is read after the run (memory may have grown).
  const columns = length > 0 ? module.HEAPF64.slice(start, start + length) : new Float64Array(0);
  return { ok, json, columns };
}

// Calls a sweep entry point with its texts through the heap; its answer as an object.
function sweepCall(engine, raw, texts) {
  const { module } = engine;
  const ptrs = texts.map((text) => {
    const n = module.lengthBytesUTF8(text) + 1;
    const ptr = module._malloc(n);
    module.stringToUTF8(text, ptr, n);
    return ptr;
  });
  try {
    return JSON.parse(module.UTF8ToString(raw(...ptrs)));
  } finally {
    for (const ptr of ptrs) module._free(ptr);
  }
}

const asText = (v) => (typeof v === 'string' ? v : JSON.stringify(v));

function describe(e) {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

export async function loadPlab(modulePath = kNodeModulePath) {
  if (!existsSync(modulePath)) {
    throw new Error(`${modulePath} is missing: run \`npm run build:wasm\` first`);
  }
  const require = createRequire(import.meta.url);
  const createPlab = require(modulePath);
  let engine = await createEngine(createPlab);
  let spare = null; // the module the next trap switches to
  let sparePromise = null; // while one is being made
  let traps = 0;

  function makeSpare() {
    if (spare || sparePromise) return sparePromise ?? Promise.resolve();
    sparePromise = createEngine(createPlab).then(
      (e) => {
        spare = e;
        sparePromise = null;
      },
      (e) => {
        sparePromise = null;
        throw e;
      },
    );
    return sparePromise;
  }
  await makeSpare();

  // Runs fn(engine) on the current module; on a trap the module is replaced and the
  // trap is reported as an error document (ok: false), never thrown at the caller.
  function guarded(fn) {
    if (!engine) {
      return trapped('the engine is still being recreated after a trap; await plab.ready() first');
    }
    try {
      return fn(engine);
    } catch (e) {
      traps += 1;
      engine.drop();
      engine = spare; // null if the last spare is still being made
      spare = null;
      void makeSpare().then(
        () => {
          if (!engine) {
            engine = spare;
            spare = null;
            void makeSpare();
          }
        },
        () => {},
      );
      return trapped(`the engine trapped (${describe(e)}); it was recreated, the next run starts afresh`);
    }
  }

  function trapped(message) {
    const result = { ok: false, trapped: true, errors: [{ path: '', message }] };
    return { ok: false, result, json: JSON.stringify(result), columns: new Float64Array(0) };
  }

  return {
    get module() {
      return engine?.module;
    },
    schema: () => JSON.parse(engine.module.UTF8ToString(engine.schemaPtr())),
    defaultScenario: () => JSON.parse(engine.module.UTF8ToString(engine.defaultScenarioPtr())),
    // Accepts a JSON string or a scenario object, and optionally a timeline (the same).
    run(scenario, timeline) {
      const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
      const timelineText = timeline === undefined || typeof timeline === 'string' ? timeline : JSON.stringify(timeline);
      return guarded((e) => {
        const { ok, json, columns } = runJson(e, text, timelineText);
        return { ok, result: JSON.parse(json), json, columns };
      });
    },
    // The same run with no time series: the same summary, faster (sweeps, the bench).
    runSummary(scenario) {
      const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
      return guarded((e) => {
        const { ok, json } = runJson(e, text, undefined, e.runSummaryRaw);
        return { ok, result: JSON.parse(json), json };
      });
    },
    // A sweep's plan: the x grid, the seeds and every run's scenario (what `plab sweep`
    // runs); the scenario and the spec as JSON strings or objects.
    sweepPlan: (scenario, spec) => guarded((e) => sweepCall(e, e.sweepPlanRaw, [asText(scenario), asText(spec)])),
    // Per-point statistics of a figure's values (one list per point, seed order).
    sweepAggregate: (values) => guarded((e) => sweepCall(e, e.sweepAggregateRaw, [asText(values)])),
    // A `custom` program checked without running it: { ok, errors: [{ line, col, end_col, message }] }.
    checkProgram: (text) => guarded((e) => sweepCall(e, e.checkProgramRaw, [text])),
    // Any other call into the module (fn gets the Emscripten module), with the same
    // recovery: a trap gives { ok: false, result: { trapped: true, ... } }.
    call: (fn) => guarded((e) => fn(e.module)),
    // Resolves when a module is in place and a spare is ready for the next trap.
    async ready() {
      await makeSpare();
      if (!engine) {
        engine = spare;
        spare = null;
        await makeSpare();
      }
    },
    // Traps recovered from since loading.
    traps: () => traps,
    // Current size of the WASM linear memory in bytes.
    heapBytes: () => engine.module.HEAP8.buffer.byteLength,
  };
}
