// Which view the page shows and each view's own settings, and how they are written in
// the URL next to the scenario's values:
//   view=compare&cmp=newreno,sack,cubic&hide=sack
//   view=sweep&sweep.x=f0.channel.forward.p&sweep.from=0.001&sweep.to=0.05
//     &sweep.scale=log&sweep.n=30&sweep.y=goodput_mbps&sweep.k=3
//   view=sweep&cmp=reno,newreno,sack,fack&sweep.by=protocol&...  (one series per
//     protocol of cmp=; hide= hides some of them in the sweep's legend too)
//   view=compare&nomark=timeout,partial_ack  (event markers switched off on Compare's
//     window chart; all are shown when it is absent, as in links made before it)
// Only what differs from the defaults is written, except that a sweep is written
// whole as soon as any of it differs (or the sweep view is open), so a shared sweep
// link does not depend on this page's defaults.
import { withItemCount } from './listEdits';
import { itemCount, itemPath, type ParamModel, type Values } from './params';
import { defaultSweep, FLOW_COUNT_X, shown, validateSweep, type SweepConfig, type SweepInput } from './sweep';
import { RECOVERY_PATH } from './labels';
import { enc, type UrlMessage } from './urlCodec';
import { decodeDisplayParam, encodeDisplayParams, isDisplayKey, type PaletteName } from './display';
import { markerKinds } from '../charts/compareSeries';

export type ViewName = 'live' | 'compare' | 'sweep' | 'validation';
export const VIEWS: ViewName[] = ['live', 'compare', 'sweep', 'validation'];

export const MAX_COMPARE = 6;

export interface ViewState {
  view: ViewName;
  /** Protocols in the compare view, in the order chosen. */
  compare: string[];
  /** Protocols whose curves are hidden (legend clicks). */
  hidden: string[];
  sweep: SweepConfig;
  /** Event-marker kinds switched off on the compare view's window chart (nomark=), in
   * the schema's order; absent when all are shown. */
  markersOff?: string[];
  /** How the page is shown, not what it runs (display.ts): present=1, embed=1,
   * palette=cb. Absent in links made before them, which open as before. */
  present?: boolean;
  embed?: boolean;
  palette?: PaletteName;
}

export const PROTOCOL_PATH = 'flows[0].protocol';

/** The protocols of the engine's registry, in its order. */
export function protocolOptions(model: ParamModel): string[] {
  return model.protocols.map((p) => p.name);
}

/** The loss recoveries a flow may pair with its protocol (flows[].recovery, not "default"). */
export function recoveryOptions(model: ParamModel): string[] {
  return (model.byPath.get(RECOVERY_PATH)?.decl.options ?? []).filter((o) => o !== 'default');
}

/** A compared entry is a protocol, or a pairing "protocol/recovery": the protocol's
 * congestion control with another loss recovery (flows[].recovery), as the LE paper
 * pairs five recoveries with AIMD, a fixed window and Westwood+ (§3.3, Fig. 6). */
export function isEntry(model: ParamModel, entry: string): boolean {
  const [protocol, recovery, ...rest] = entry.split('/');
  if (rest.length || !protocolOptions(model).includes(protocol)) return false;
  return recovery === undefined || recoveryOptions(model).includes(recovery);
}

/** Where an entry's colour comes from: a protocol's place in the registry, a pairing's
 * recovery after all protocols (so each recovery keeps one colour across pairings). */
export function entryColorIndex(model: ParamModel, entry: string): number {
  const [protocol, recovery] = entry.split('/');
  if (recovery === undefined) return protocolOptions(model).indexOf(protocol);
  return protocolOptions(model).length + recoveryOptions(model).indexOf(recovery);
}

/** The registry's choice for the compare view (at least two, else its first three). */
export function defaultCompare(model: ParamModel): string[] {
  const chosen = model.protocols.filter((p) => p.compare_by_default).map((p) => p.name);
  return chosen.length >= 2 ? chosen : protocolOptions(model).slice(0, 3);
}

/** Values where `protocol` replaces flows[0]'s protocol and that of every flow running
 * the same one: "everyone runs X" when the flows are alike, "X against the rest" when
 * flows[0] stands apart (the compare view's and a protocol sweep's rule; the engine's
 * CLI sweep follows the same). */
export function withProtocol(model: ParamModel, values: Values, protocol: string): Values {
  const [name, recovery] = protocol.split('/');
  const group = values[PROTOCOL_PATH];
  const out: Values = { ...values };
  for (let i = 0; i < itemCount(model, values, 'flows'); i++) {
    const path = itemPath('flows', i, '.protocol');
    const own = values[path] ?? model.byPath.get(path)?.defaultValue;
    if (i !== 0 && own !== group) continue;
    out[path] = name;
    // A pairing sets the same flows' loss recovery (a plain protocol leaves it as set).
    if (recovery !== undefined) out[itemPath('flows', i, '.recovery')] = recovery;
  }
  return out;
}

/** The values of one sweep run: x set (the number of flows copies the last flow), then
 * the seed and the protocol (the sweep view's and the validation page's runs). */
export function sweepRunValues(model: ParamModel, values: Values, xPath: string, x: number, seed: number, protocol: string | null): Values {
  let v: Values = xPath === FLOW_COUNT_X ? withItemCount(model, values, 'flows', x) : { ...values, [xPath]: x };
  v = { ...v, seed };
  return protocol === null ? v : withProtocol(model, v, protocol);
}

export function defaultViewState(model: ParamModel): ViewState {
  return { view: 'live', compare: defaultCompare(model), hidden: [], sweep: defaultSweep(model) };
}

/** Keys of the hash that belong to the views, not to the scenario. */
export function isViewKey(key: string): boolean {
  return key === 'view' || key === 'cmp' || key === 'hide' || key === MARKERS_OFF_KEY || key.startsWith('sweep.') || isDisplayKey(key);
}

const MARKERS_OFF_KEY = 'nomark';

/** The event-marker kinds Compare can show (the schema's per-flow marker series). */
export function compareMarkerNames(model: ParamModel): string[] {
  return markerKinds(model.seriesDecls).map((k) => k.name);
}

/** The switched-off list as the view state keeps it: schema order, none = absent. */
export function markersOffList(model: ParamModel, off: readonly string[]): string[] | undefined {
  const list = compareMarkerNames(model).filter((n) => off.includes(n));
  return list.length ? list : undefined;
}

const SWEEP_FIELDS = ['x', 'from', 'to', 'scale', 'n', 'y', 'k', 'by', 'points'] as const;

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The view's part of the hash: "key=value" pairs (already URL-safe). */
export function encodeViewParams(model: ParamModel, v: ViewState): string[] {
  const def = defaultViewState(model);
  const parts: string[] = [];
  if (v.view !== 'live') parts.push(`view=${v.view}`);
  if (!sameList(v.compare, def.compare)) parts.push(`cmp=${enc(v.compare.join(','))}`);
  if (v.hidden.length) parts.push(`hide=${enc(v.hidden.join(','))}`);
  if (v.markersOff?.length) parts.push(`${MARKERS_OFF_KEY}=${enc(v.markersOff.join(','))}`);
  const sweepChanged = SWEEP_FIELDS.some((f) => v.sweep[f] !== def.sweep[f]);
  if (v.view === 'sweep' || sweepChanged) {
    const s = v.sweep;
    const xKey = model.byPath.get(s.x)?.key ?? s.x;
    parts.push(
      `sweep.x=${enc(xKey)}`,
      `sweep.from=${s.from}`,
      `sweep.to=${s.to}`,
      `sweep.scale=${s.scale}`,
      `sweep.n=${s.n}`,
      `sweep.y=${enc(s.y)}`,
      `sweep.k=${s.k}`,
    );
    // Written only when set, so links made before it existed read the same.
    if (s.by !== 'none') parts.push(`sweep.by=${s.by}`);
    if (s.points) parts.push(`sweep.points=${enc(s.points.join(','))}`);
  }
  parts.push(...encodeDisplayParams(v));
  return parts;
}

/** Reads the view's pairs (decoded key, decoded value); never throws. Wrong values are
 * reported and replaced by defaults. */
export function decodeViewParams(
  model: ParamModel,
  pairs: readonly [string, string | null][],
): { state: ViewState; messages: UrlMessage[] } {
  const state = defaultViewState(model);
  const messages: UrlMessage[] = [];
  const options = protocolOptions(model);
  const sweepIn: SweepInput = {};
  for (const [key, val] of pairs) {
    if (val === null) {
      messages.push({ text: `${shown(key)} has no value in the link — using default` });
      continue;
    }
    if (key === 'view') {
      if ((VIEWS as string[]).includes(val)) state.view = val as ViewName;
      else messages.push({ text: `view must be one of ${VIEWS.join(', ')}, got ${shown(val)} — showing live` });
    } else if (key === 'cmp' || key === 'hide') {
      const list = val.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = list.filter((p) => !isEntry(model, p));
      const good = [...new Set(list.filter((p) => isEntry(model, p)))];
      if (bad.length)
        messages.push({
          text: `${key} must list protocols from ${options.join(', ')} (or protocol/recovery pairings); ignored ${bad.slice(0, 5).map(shown).join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''}`,
        });
      if (key === 'cmp') {
        if (good.length > MAX_COMPARE)
          messages.push({ text: `cmp lists ${good.length} protocols; the compare view shows at most ${MAX_COMPARE} — kept the first ${MAX_COMPARE}` });
        if (good.length) state.compare = good.slice(0, MAX_COMPARE);
        else if (!bad.length) messages.push({ text: 'cmp lists no protocol — using default' });
      } else state.hidden = good;
    } else if (key === MARKERS_OFF_KEY) {
      const names = compareMarkerNames(model);
      const list = val.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = list.filter((n) => !names.includes(n));
      if (bad.length)
        messages.push({
          text: `${MARKERS_OFF_KEY} must list event markers from ${names.join(', ') || '(none in this engine)'}; ignored ${bad.slice(0, 5).map(shown).join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''}`,
        });
      state.markersOff = markersOffList(model, list);
    } else if (isDisplayKey(key)) {
      const m = decodeDisplayParam(state, key, val);
      if (m) messages.push({ text: m });
    } else if (key.startsWith('sweep.')) {
      const f = key.slice('sweep.'.length);
      if ((SWEEP_FIELDS as readonly string[]).includes(f)) sweepIn[f as keyof SweepInput] = val;
      else messages.push({ text: `unknown sweep setting ${shown(key)} in the link — ignored` });
    }
  }
  state.hidden = state.hidden.filter((p) => state.compare.includes(p));
  const { config, errors } = validateSweep(model, sweepIn, state.sweep);
  state.sweep = config;
  for (const e of errors) messages.push({ text: `${e.message} — using default` });
  return { state, messages };
}

/** Toggles one protocol in the hidden list (legend click); keeps compare order. */
export function toggleHidden(hidden: readonly string[], protocol: string, compare: readonly string[]): string[] {
  const set = new Set(hidden);
  if (set.has(protocol)) set.delete(protocol);
  else set.add(protocol);
  return compare.filter((p) => set.has(p));
}

/** Adds or removes a protocol from the compare set (at most MAX_COMPARE, at least one). */
export function toggleCompared(compare: readonly string[], protocol: string, options: readonly string[]): string[] {
  if (compare.includes(protocol)) return compare.length > 1 ? compare.filter((p) => p !== protocol) : [...compare];
  if (compare.length >= MAX_COMPARE) return [...compare];
  const next = [...compare, protocol];
  // Protocols in the registry's order, then the pairings (protocol/recovery) as added.
  return [...options.filter((o) => next.includes(o)), ...next.filter((e) => !options.includes(e))];
}
