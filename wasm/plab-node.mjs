// Loads the engine's WASM build (wasm/dist/plab.cjs) in Node, for tests and bench.
//
//   import { loadPlab } from './plab-node.mjs';
//   const plab = await loadPlab();
//   const { ok, result, columns } = plab.run(scenarioJsonOrObject);
//   plab.run(scenario, timeline)  // with live-mode changes (docs/engine-api.md, "Timeline")
//
// `columns` is a Float64Array copy of the engine's column buffer (empty when !ok).
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const kDistDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
export const kNodeModulePath = path.join(kDistDir, 'plab.cjs');

export async function loadPlab(modulePath = kNodeModulePath) {
  if (!existsSync(modulePath)) {
    throw new Error(`${modulePath} is missing: run \`npm run build:wasm\` first`);
  }
  const require = createRequire(import.meta.url);
  const createPlab = require(modulePath);
  const module = await createPlab();

  const schemaPtr = module.cwrap('plab_schema', 'number', []);
  const defaultScenarioPtr = module.cwrap('plab_default_scenario', 'number', []);
  const runRaw = module.cwrap('plab_run', 'number', ['number']);
  const runTimelineRaw = module.cwrap('plab_run_timeline', 'number', ['number', 'string']);
  const runSummaryRaw = module.cwrap('plab_run_summary', 'number', ['number']);
  const resultJsonPtr = module.cwrap('plab_result_json', 'number', []);
  const columnsPtr = module.cwrap('plab_columns_ptr', 'number', []);
  const columnsLength = module.cwrap('plab_columns_length', 'number', []);

  // `raw`: which entry point runs the scenario (the summary-only one takes no timeline).
  function runJson(scenarioJson, timelineJson, raw = runRaw) {
    // Pass the scenario through the heap (not the stack): it may be large.
    const byte_length = module.lengthBytesUTF8(scenarioJson) + 1;
    const input_ptr = module._malloc(byte_length);
    let ok;
    try {
      module.stringToUTF8(scenarioJson, input_ptr, byte_length);
      ok = (timelineJson === undefined ? raw(input_ptr) : runTimelineRaw(input_ptr, timelineJson)) === 1;
    } finally {
      module._free(input_ptr);
    }
    const json = module.UTF8ToString(resultJsonPtr());
    const length = columnsLength();
    const start = columnsPtr() / 8;
    // One copy out of the heap; HEAPF64 is read after the run (memory may have grown).
    const columns = length > 0 ? module.HEAPF64.slice(start, start + length)
                               : new Float64Array(0);
    return { ok, json, columns };
  }

  return {
    module,
    schema: () => JSON.parse(module.UTF8ToString(schemaPtr())),
    defaultScenario: () => JSON.parse(module.UTF8ToString(defaultScenarioPtr())),
    // Accepts a JSON string or a scenario object, and optionally a timeline (the same).
    run(scenario, timeline) {
      const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
      const timelineText = timeline === undefined || typeof timeline === 'string' ? timeline : JSON.stringify(timeline);
      const { ok, json, columns } = runJson(text, timelineText);
      return { ok, result: JSON.parse(json), json, columns };
    },
    // The same run with no time series: the same summary, faster (sweeps, the bench).
    runSummary(scenario) {
      const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
      const { ok, json } = runJson(text, undefined, runSummaryRaw);
      return { ok, result: JSON.parse(json), json };
    },
    // Current size of the WASM linear memory in bytes.
    heapBytes: () => module.HEAP8.buffer.byteLength,
  };
}
