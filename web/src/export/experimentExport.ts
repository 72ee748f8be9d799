// The whole experiment for the command line: the scenario JSON the page sends to the
// engine (buildScenario, the same string the worker gets), pretty-printed, and the
// command that runs it with the native CLI. JSON numbers round-trip exactly, so the
// CLI runs bit for bit the page's scenario and prints the same summary.
import type { ParamModel, Values } from '../model/params/params';
import { buildScenario } from '../model/params/params';
import { figureInfo, type Figure } from '../model/run/figures';
import { toCsv } from './csv';

/** The scenario file format the CLI reads a file as (engine/src/scenario/scenario_format.h):
 * a file without it is from before format 3, whose RRTP flows took their timer bounds from
 * tcp.*_rto_ms, and the CLI would copy those to rrtp.*_rto_ms. */
export const SCENARIO_FORMAT = 3;

export function scenarioFile(model: ParamModel, values: Values): string {
  return JSON.stringify({ format: SCENARIO_FORMAT, ...JSON.parse(buildScenario(model, values)) }, null, 2) + '\n';
}

/** Quoted for a POSIX shell when it holds anything but safe characters. */
function shellWord(s: string): string {
  return /^[A-Za-z0-9._\/-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

export function cliCommand(fileName: string): string {
  return `npm run --silent lab -- run ${shellWord(fileName)}`;
}

/** The run's summary figures: key, label, unit and the engine's unrounded value. */
export function summaryCsv(summary: Record<string, unknown>, figures: Figure[] | undefined): string {
  const rows = Object.entries(summary)
    .filter(([, v]) => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean')
    .map(([k, v]) => {
      const info = figureInfo(figures, k);
      return [k, info.label, info.unit, typeof v === 'number' ? v : String(v)];
    });
  return toCsv(['figure', 'label', 'unit', 'value'], rows);
}
