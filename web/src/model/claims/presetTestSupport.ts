// What the preset tests share: presets.json, a preset by id, a preset's link opened
// against the engine's model (values, view and messages) and its sweep's grid as the
// engine plans it, a scenario's leaves, and the ns-2 settings of a preset's TCP flows.
import presetsJson from '../../../../public/presets/presets.json?raw';
import { buildScenario, getAt, type ParamModel } from '../params/params';
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

/** ns-2's agents without limited transmit: tcp-vegas.cc and tcp-fack.cc read no
 *  singledup_, and LE replaced the Reno agent's duplicate-ACK handling (LE paper §3.3.1);
 *  the engine's registry says the same under tcp.ns2_agents. */
export const NS2_NO_SINGLEDUP = new Set(['vegas', 'fack', 'le']);

/** Whether a flow sends on early duplicate ACKs as its settings make the engine do it:
 *  tcp.limited_transmit, and under tcp.ns2_agents not where its protocol or its recovery
 *  is an ns-2 agent without singledup_. */
export function limitedTransmitInForce(at: (path: string) => unknown): boolean {
  const agent = [at('protocol'), at('recovery')].some((name) => NS2_NO_SINGLEDUP.has(String(name)));
  return at('tcp.limited_transmit') === true && !(at('tcp.ns2_agents') === true && agent);
}

/** Each TCP flow or group of a preset's own scenario (no comparison swap) as [where,
 *  protocol, timers, min RTO, limited transmit in force, window validation, loss_halves]: what
 *  presetlib's ns2_defaults platform sets on it. */
export function ns2Settings(model: ParamModel, p: Preset) {
  const scenario = JSON.parse(buildScenario(model, openPreset(model, p).values));
  const tcp = new Set(model.protocols.filter((q) => q.family === 'tcp').map((q) => q.name));
  const items = [
    ...((scenario.flows ?? []) as Record<string, unknown>[]).map((f, i) => [`flows[${i}]`, f] as const),
    ...((scenario.background ?? []) as Record<string, unknown>[]).map((b, i) => [`background[${i}]`, b] as const),
  ];
  const fields = ['tcp.timers', 'tcp.min_rto_ms', 'tcp.limited_transmit', 'tcp.cwnd_validation', 'aimd.loss_halves'];
  return items.flatMap(([where, item]) => {
    const at = (path: string) => getAt(item, path) ?? model.byPath.get(`${where}.${path}`)?.defaultValue;
    const protocol = String(at('protocol'));
    const settings = fields.map((f) => (f === 'tcp.limited_transmit' ? limitedTransmitInForce(at) : at(f)));
    return tcp.has(protocol) ? [[where, protocol, ...settings] as [string, string, ...unknown[]]] : [];
  });
}
