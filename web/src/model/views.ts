// Which view the page shows and each view's own settings, and what they do to the
// runs (the protocol a compared entry sets, a sweep point's values). How they are
// written in the link is url/viewParams.ts's:
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
import { itemCount, itemPath, type ParamModel, type Values } from './params/params';
import { defaultSweep, type SweepConfig } from './sweep/sweep';
import { RECOVERY_PATH } from './params/labels';
import { markerKinds } from '../charts/compareSeries';

/** The charts' colours: the standard palette or the colour-blind-safe one (palette=cb). */
export type PaletteName = 'standard' | 'cb';

export type ViewName = 'live' | 'compare' | 'sweep' | 'contest' | 'validation';
export const VIEWS: ViewName[] = ['live', 'compare', 'sweep', 'contest', 'validation'];

export const MAX_COMPARE = 6;

export interface ViewState {
  view: ViewName;
  /** Protocols in the compare view, in the order chosen. */
  compare: string[];
  /** Protocols whose curves are hidden (legend clicks). */
  hidden: string[];
  sweep: SweepConfig;
  /** The contest view's set (contest=classic); absent: the engine's first set. */
  contest?: string;
  /** Event-marker kinds switched off on the compare view's window chart (nomark=), in
   * the schema's order; absent when all are shown. */
  markersOff?: string[];
  /** How the page is shown, not what it runs (url/display.ts): present=1, embed=1,
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

export function defaultViewState(model: ParamModel): ViewState {
  return { view: 'live', compare: defaultCompare(model), hidden: [], sweep: defaultSweep(model) };
}

/** The event-marker kinds Compare can show: the schema's per-flow marker series in the
 * unit of the compared panel that draws markers (the window chart's). */
export function compareMarkerKinds(model: ParamModel) {
  const unit = (model.panelDecls ?? []).find((p) => p.markers && p.layouts.includes('compare'))?.unit;
  return markerKinds(model.seriesDecls, unit);
}

/** Their names. */
export function compareMarkerNames(model: ParamModel): string[] {
  return compareMarkerKinds(model).map((k) => k.name);
}

/** The switched-off list as the view state keeps it: schema order, none = absent. */
export function markersOffList(model: ParamModel, off: readonly string[]): string[] | undefined {
  const list = compareMarkerNames(model).filter((n) => off.includes(n));
  return list.length ? list : undefined;
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
