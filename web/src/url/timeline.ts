// Live mode's timeline: the changes a person made while a run played, "at t seconds,
// set this live parameter to that value". It is part of the experiment, so it lives
// in the link, and the engine replays it (plab_run_timeline: advance to each time,
// Set, go on), so the link gives the same run, bit for bit.
//
// In the link: tl=v1,12.5~f0.channel.forward.p~0.05,20~topology.bottleneck.rate_mbps~5
// "v1" is the format's version; then one entry per change, in time order, as
// time (s) ~ the parameter's URL key ~ its value. Only characters the hash keeps as
// they are (text.ts's enc) are used, so the link stays readable.
import type { ParamValue } from '../engine/types';
import { itemCount, splitItem, type ParamModel, type Values } from '../model/params/params';
import { clip, encodeValue, TIMELINE_KEY, type UrlMessage } from './codec';
import { checkValue } from '../model/params/valueCheck';

export { TIMELINE_KEY };
export const TIMELINE_VERSION = 'v1';

export interface TimelineEntry {
  /** Simulated time of the change, s. */
  t: number;
  /** Concrete parameter path ("flows[0].channel.forward.p"). */
  path: string;
  value: ParamValue;
}

/** Times are kept to the microsecond: short in the link, and the same double after a
 * round trip through text. */
export function roundTime(t: number): number {
  return Math.round(t * 1e6) / 1e6;
}

export function isLive(model: ParamModel, path: string): boolean {
  return model.byPath.get(path)?.decl.live === true;
}

/** The link's value for a timeline (null when it is empty: no tl= at all). */
export function encodeTimeline(model: ParamModel, timeline: readonly TimelineEntry[]): string | null {
  if (timeline.length === 0) return null;
  const entries = timeline.map((e) => `${e.t}~${model.byPath.get(e.path)?.key ?? e.path}~${encodeValue(e.value)}`);
  return [TIMELINE_VERSION, ...entries].join(',');
}

/** Reads a link's timeline; entries that are wrong are left out and each is named in
 * a message (the page's link banner), as other link problems are. */
export function decodeTimeline(
  model: ParamModel,
  values: Values,
  raw: string | null,
): { timeline: TimelineEntry[]; messages: UrlMessage[] } {
  const timeline: TimelineEntry[] = [];
  const messages: UrlMessage[] = [];
  if (raw === null || raw === '') return { timeline, messages };
  const [version, ...parts] = raw.split(',');
  if (version !== TIMELINE_VERSION) {
    messages.push({
      text: `the live-mode timeline is in format "${clip(version, 12)}", this page reads ${TIMELINE_VERSION} — timeline ignored`,
    });
    return { timeline, messages };
  }
  // The engine refuses a change later than the longest run (duration_s's maximum:
  // docs/engine-api.md, "Timeline"); such an entry is left out here, with the others.
  const maxTime = model.byPath.get('duration_s')?.decl.max ?? Number.POSITIVE_INFINITY;
  let last = 0;
  parts.forEach((part, i) => {
    const where = `live-mode change ${i + 1} ("${clip(part, 40)}")`;
    const fields = part.split('~');
    if (fields.length !== 3) {
      messages.push({ text: `${where} is not time~parameter~value — ignored` });
      return;
    }
    const [timeText, key, valueText] = fields;
    const t = Number(timeText);
    if (timeText.trim() === '' || !Number.isFinite(t) || t < 0) {
      messages.push({ text: `${where}: the time must be a number of seconds ≥ 0 — ignored` });
      return;
    }
    if (t > maxTime) {
      messages.push({ text: `${where}: the time must be within [0, ${maxTime}] s (the longest run) — ignored` });
      return;
    }
    if (t < last) {
      messages.push({ text: `${where}: the time ${t} s is before the previous change (${last} s) — ignored` });
      return;
    }
    const spec = model.byKey.get(key) ?? model.byPath.get(key);
    if (!spec) {
      messages.push({ text: `${where}: unknown parameter "${clip(key)}" — ignored` });
      return;
    }
    const label = spec.decl.label ?? spec.path;
    if (spec.decl.live !== true) {
      messages.push({ path: spec.path, text: `${where}: ${label} cannot change during a run — ignored` });
      return;
    }
    const item = splitItem(spec.path);
    if (item && item.index >= itemCount(model, values, item.list)) {
      messages.push({
        path: spec.path,
        text: `${where}: ${label} names ${item.list}[${item.index}], which the link does not have — ignored`,
      });
      return;
    }
    const c = checkValue(label, spec.decl, valueText);
    if (!c.ok) {
      messages.push({ path: spec.path, text: `${where}: ${clip(c.message, 200)} — ignored` });
      return;
    }
    last = t;
    timeline.push({ t, path: spec.path, value: c.value });
  });
  return { timeline, messages };
}

/** The engine's form (docs/engine-api.md, "Timeline"). */
export function timelineJson(timeline: readonly TimelineEntry[]): string {
  return JSON.stringify(timeline.map((e) => ({ t_s: e.t, path: e.path, value: e.value })));
}

/** A change made at `t` while playing: it replaces what the timeline said from `t` on
 * for that parameter (recording over the rest of the tape for it), kept in time order. */
export function recordChange(timeline: readonly TimelineEntry[], entry: TimelineEntry): TimelineEntry[] {
  const t = roundTime(entry.t);
  const kept = timeline.filter((e) => !(e.path === entry.path && e.t >= t));
  const at = kept.findIndex((e) => e.t > t);
  const next = { ...entry, t };
  return at < 0 ? [...kept, next] : [...kept.slice(0, at), next, ...kept.slice(at)];
}

/** The values in force at time `t`: the experiment's, with the changes up to `t`. */
export function valuesAt(values: Values, timeline: readonly TimelineEntry[], t: number): Values {
  let out = values;
  for (const e of timeline) {
    if (e.t > t) break;
    if (out === values) out = { ...values };
    out[e.path] = e.value;
  }
  return out;
}
