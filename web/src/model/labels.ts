// How enum options read on screen. The value sent and kept in the URL is always the
// engine's own option name; the schema's `option_labels` give the display names, and
// a few known names cover a schema that has none.
import type { ParamDecl } from '../engine/types';

const OPTION_LABELS: Record<string, string> = {
  tahoe: 'Tahoe',
  reno: 'Reno',
  newreno: 'NewReno',
  sack: 'SACK',
  fack: 'FACK',
  vegas: 'Vegas',
  westwood: 'Westwood+',
  cubic: 'CUBIC',
  bbr: 'BBR',
  none: 'none (no loss)',
  bernoulli: 'Bernoulli',
  on_off: 'ON/OFF (two-state Markov)',
  scripted: 'scripted drops',
};

/** The schema's `option_labels` when it has one for this option, else a known name,
 * else the option itself. */
export function optionLabel(decl: ParamDecl | undefined, option: string, index?: number): string {
  const options = decl?.options ?? [];
  const i = index ?? options.indexOf(option);
  const labels = decl?.option_labels;
  if (Array.isArray(labels) && labels.length === options.length && i >= 0 && typeof labels[i] === 'string' && labels[i])
    return labels[i];
  return OPTION_LABELS[option] ?? option;
}
