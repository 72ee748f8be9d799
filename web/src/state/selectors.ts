// Values derived from the lab's state, computed once per change of what they read (a
// selector is called on every state change by every component that uses it).
import { experimentHash } from '../url/link';
import type { Values } from '../model/params/params';
import type { LabState } from './labState';

let hashMemo: {
  model: LabState['engine']['model'];
  values: LabState['scenario']['values'];
  view: LabState['view'];
  timeline: LabState['scenario']['timeline'];
  hash: string;
} | null = null;

/** The experiment's link ('' before the engine has loaded): the same one the address bar
 * holds (url/link.ts), live mode's timeline included. */
export function selectHash(s: LabState): string {
  if (!s.engine.model) return '';
  const m = hashMemo;
  if (
    m &&
    m.model === s.engine.model &&
    m.values === s.scenario.values &&
    m.view === s.view &&
    m.timeline === s.scenario.timeline
  )
    return m.hash;
  const hash = experimentHash(s.engine.model, s.scenario.values, s.view, s.scenario.timeline);
  hashMemo = { model: s.engine.model, values: s.scenario.values, view: s.view, timeline: s.scenario.timeline, hash };
  return hash;
}

/** The values in force: while Play runs (or after it), the experiment's with the
 * timeline's changes up to the playhead; otherwise the experiment's. What the controls,
 * the picture and the presentation keys read (a key stepped from the stored start value
 * recorded the same step again and again while playing). */
export function selectValuesInForce(s: LabState): Values {
  return s.live.liveValues ?? s.scenario.values;
}
