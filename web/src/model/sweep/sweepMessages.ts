// The sweep form's messages as a person reads them next to the box: the field named
// by its label on the screen ("From (Forward loss rate)"), with the swept parameter's
// label and unit, instead of the link's names ("sweep from", "flows[0]….p") that the
// URL banner keeps (validateSweep in sweep.ts words them for the link).
import type { ParamModel } from '../params/params';
import { xSpecOf, type SweepError, type SweepField } from './sweep';

/** How validateSweep names each field in its (link) messages. */
const LINK_NAMES: Record<SweepField, string> = {
  x: 'sweep x',
  from: 'sweep from',
  to: 'sweep to',
  scale: 'sweep scale',
  n: 'sweep points N',
  y: 'sweep y',
  k: 'seeds per point K',
  by: 'sweep by',
  points: 'sweep points',
};

/** The field's name on the screen; from and to carry the swept parameter's label and unit. */
export function sweepFieldName(model: ParamModel, x: string, field: SweepField): string {
  const spec = xSpecOf(model, x);
  // "From (Forward ON mean sojourn, s)": the unit inside the one pair of brackets.
  const label = spec ? (spec.decl.label ?? spec.path) : 'x';
  const param = spec?.decl.unit ? `${label}, ${spec.decl.unit}` : label;
  switch (field) {
    case 'from':
      return `From (${param})`;
    case 'to':
      return `To (${param})`;
    case 'n':
      return 'Points N';
    case 'k':
      return 'Seeds per point K';
    case 'x':
      return 'x: parameter';
    case 'y':
      return 'y: summary figure';
    default:
      return `Sweep ${field}`;
  }
}

/** A sweep error reworded for the form: the field's screen name, no internal path. */
export function sweepScreenMessage(model: ParamModel, x: string, e: SweepError): string {
  const spec = xSpecOf(model, x);
  let text = e.message;
  if (spec) text = text.split(` (the range of ${spec.path})`).join('');
  const link = LINK_NAMES[e.field];
  return text.startsWith(link) ? sweepFieldName(model, x, e.field) + text.slice(link.length) : text;
}
