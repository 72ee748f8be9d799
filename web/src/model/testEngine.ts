// The REAL engine for unit tests (wasm/dist's glue, imported as 'plab-glue' as the
// worker does): its schema and default scenario made into the page's model. Not used
// by the app; testSchema.ts is the small hand-written schema for tests that need none.
import createPlab, { type PlabModule } from 'plab-glue';
import { installSweepEngine } from '../engine/sweepEngine';
import type { EngineSchema } from '../engine/types';
import { buildModel, type ParamModel } from './params/params';

export interface TestEngine {
  engine: PlabModule;
  schema: EngineSchema;
  model: ParamModel;
  /** The string a no-argument export returns (plab_schema, plab_result_json, ...). */
  str(fn: string): string;
}

export async function loadTestEngine(): Promise<TestEngine> {
  const engine = await createPlab();
  // The page's sweep plans and statistics come from the engine (sweepPlan.ts): this one.
  installSweepEngine(engine);
  const str = (fn: string) => engine.UTF8ToString(engine.ccall(fn, 'number', [], []) as number);
  const schema: EngineSchema = JSON.parse(str('plab_schema'));
  return { engine, schema, model: buildModel(schema, JSON.parse(str('plab_default_scenario'))), str };
}
