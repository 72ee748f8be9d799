// Values derived from the lab's state, computed once per change of what they read (a
// selector is called on every state change by every component that uses it).
import { experimentHash } from '../url/link';
import type { LabState } from './labState';

let hashMemo: { model: LabState['model']; values: LabState['values']; view: LabState['view']; timeline: LabState['timeline']; hash: string } | null = null;

/** The experiment's link ('' before the engine has loaded): the same one the address bar
 * holds (url/link.ts), live mode's timeline included. */
export function selectHash(s: LabState): string {
  if (!s.model) return '';
  const m = hashMemo;
  if (m && m.model === s.model && m.values === s.values && m.view === s.view && m.timeline === s.timeline) return m.hash;
  const hash = experimentHash(s.model, s.values, s.view, s.timeline);
  hashMemo = { model: s.model, values: s.values, view: s.view, timeline: s.timeline, hash };
  return hash;
}
