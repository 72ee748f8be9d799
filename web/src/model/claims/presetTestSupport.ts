// What the preset tests share: presets.json, a preset by id, a preset's link opened
// against the engine's model (values, view and messages) and its sweep's grid as the
// engine plans it, and a scenario's leaves.
import presetsJson from '../../../../public/presets/presets.json?raw';
import type { ParamModel } from '../params/params';
import { parsePresets, type Preset } from './presets';
import { planSweep } from '../sweep/sweepPlan';
import { decodeHash } from '../../url/codec';
import { decodeViewParams } from '../../url/viewParams';

export const doc = JSON.parse(presetsJson);

export function openPreset(model: ParamModel, p: Preset) {
  const d = decodeHash(model, p.hash);
  const v = decodeViewParams(model, d.viewPairs);
  return { values: d.values, view: v.state, messages: [...d.messages, ...v.messages] };
}

/** The x values the engine's plan of a preset's sweep runs. */
export function presetGrid(model: ParamModel, p: Preset): number[] {
  const { values, view } = openPreset(model, p);
  const plan = planSweep(model, values, view.sweep, null);
  if (typeof plan === 'string') throw new Error(`${p.id}: ${plan}`);
  return plan.grid;
}

/** Every leaf of a scenario document as [path, value] ("flows[0].tcp.mss_bytes"). */
export function leaves(o: unknown, pre = ''): [string, unknown][] {
  if (Array.isArray(o)) return o.flatMap((v, i) => leaves(v, `${pre}[${i}]`));
  if (o && typeof o === 'object') return Object.entries(o).flatMap(([k, v]) => leaves(v, pre ? `${pre}.${k}` : k));
  return [[pre, o]];
}

export function presetById(id: string): Preset {
  const p = parsePresets(doc).presets.find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return p;
}
