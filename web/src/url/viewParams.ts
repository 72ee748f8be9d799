// The views' part of the link, next to the scenario's values (model/views.ts says what
// each setting does):
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
import type { ParamModel } from '../model/params/params';
import { shown, validateSweep, type SweepInput } from '../model/sweep/sweep';
import {
  compareMarkerNames,
  defaultViewState,
  isEntry,
  markersOffList,
  MAX_COMPARE,
  protocolOptions,
  VIEWS,
  type ViewName,
  type ViewState,
} from '../model/views';
import { decodeDisplayParam, encodeDisplayParams, isDisplayKey } from './display';
import { enc, type UrlMessage } from './text';

/** Keys of the hash that belong to the views, not to the scenario. */
export function isViewKey(key: string): boolean {
  return (
    key === 'view' ||
    key === 'cmp' ||
    key === 'hide' ||
    key === MARKERS_OFF_KEY ||
    key === CONTEST_KEY ||
    key.startsWith('sweep.') ||
    isDisplayKey(key)
  );
}

const MARKERS_OFF_KEY = 'nomark';
/** The contest's set (contest=classic): written when the contest view is open or a set is chosen. */
const CONTEST_KEY = 'contest';

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
  const contest = v.contest ?? (v.view === 'contest' ? model.contests[0]?.name : undefined);
  if (contest) parts.push(`${CONTEST_KEY}=${enc(contest)}`);
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
      const list = val
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((p) => !isEntry(model, p));
      const good = [...new Set(list.filter((p) => isEntry(model, p)))];
      if (bad.length)
        messages.push({
          text: `${key} must list protocols from ${options.join(', ')} (or protocol/recovery pairings); ignored ${bad.slice(0, 5).map(shown).join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''}`,
        });
      if (key === 'cmp') {
        if (good.length > MAX_COMPARE)
          messages.push({
            text: `cmp lists ${good.length} protocols; the compare view shows at most ${MAX_COMPARE} — kept the first ${MAX_COMPARE}`,
          });
        if (good.length) state.compare = good.slice(0, MAX_COMPARE);
        else if (!bad.length) messages.push({ text: 'cmp lists no protocol — using default' });
      } else state.hidden = good;
    } else if (key === MARKERS_OFF_KEY) {
      const names = compareMarkerNames(model);
      const list = val
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((n) => !names.includes(n));
      if (bad.length)
        messages.push({
          text: `${MARKERS_OFF_KEY} must list event markers from ${names.join(', ') || '(none in this engine)'}; ignored ${bad.slice(0, 5).map(shown).join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''}`,
        });
      state.markersOff = markersOffList(model, list);
    } else if (key === CONTEST_KEY) {
      const names = model.contests.map((c) => c.name);
      if (names.includes(val)) state.contest = val;
      else
        messages.push({
          text: `${CONTEST_KEY} must be one of ${names.join(', ') || '(none in this engine)'}, got ${shown(val)} — using ${names[0] ?? 'none'}`,
        });
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
  // The contest view names its set in the page's own link (encodeViewParams), so the
  // reading names it too: otherwise the link read back would be another state.
  if (state.view === 'contest' && state.contest === undefined && model.contests[0])
    state.contest = model.contests[0].name;
  const { config, errors } = validateSweep(model, sweepIn, state.sweep);
  state.sweep = config;
  for (const e of errors) messages.push({ text: `${e.message} — using default` });
  return { state, messages };
}
