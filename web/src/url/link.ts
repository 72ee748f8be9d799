// The experiment's link: the one function that writes it. The address bar, .app's
// data-experiment, Copy link, the export dialog and chart captions, embed's "open in
// Protocol Lab" and the presets' canonical forms all come from here, so none of them can
// leave out a part (a second copy once dropped live mode's tl=, and its link opened a
// different run).
//
// The order: the scenario's values that differ from the defaults (codec.ts), the view's
// pairs (viewParams.ts, display flags last), then live mode's timeline (timeline.ts; none:
// no pair, as before it existed).
import type { ParamModel, Values } from '../model/params/params';
import type { ViewState } from '../model/views';
import { encodeHash, TIMELINE_KEY } from './codec';
import { enc } from './text';
import { encodeTimeline, type TimelineEntry } from './timeline';
import { encodeViewParams } from './viewParams';

export function experimentHash(
  model: ParamModel,
  values: Values,
  view: ViewState,
  timeline: readonly TimelineEntry[] = [],
): string {
  const tl = encodeTimeline(model, timeline);
  return encodeHash(model, values, [
    ...encodeViewParams(model, view),
    ...(tl === null ? [] : [`${TIMELINE_KEY}=${enc(tl)}`]),
  ]);
}

/** The whole address of a hash on this page (what Copy link copies). */
export function pageLink(hash: string): string {
  return `${location.origin}${location.pathname}${hash}`;
}

/** A hash without the given display flag ("embed=1"): embed's link to the full lab. */
export function withoutPair(hash: string, pair: string): string {
  return hash
    .split('&')
    .filter((p) => p !== pair)
    .join('&');
}
