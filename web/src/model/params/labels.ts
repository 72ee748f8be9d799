// How enum options and protocols read on screen. The value sent and kept in the URL is
// always the engine's own name; the display names come from the engine: an enum's
// `option_labels`, the registry's protocol `label`. The page keeps no list of names.
import type { ParamDecl } from '../../engine/types';
import type { ParamModel } from './params';

/** The schema's `option_labels` when it has one for this option, else the option itself. */
export function optionLabel(decl: ParamDecl | undefined, option: string, index?: number): string {
  const options = decl?.options ?? [];
  const i = index ?? options.indexOf(option);
  const labels = decl?.option_labels;
  if (Array.isArray(labels) && labels.length === options.length && i >= 0 && typeof labels[i] === 'string' && labels[i])
    return labels[i];
  return option;
}

/** The registry's label of a protocol (or its name, for one this engine lacks); for a
 * pairing "protocol/recovery" (views.ts), both: "Westwood+ with SACK recovery". */
export function protocolLabel(model: ParamModel | undefined, protocol: string): string {
  const [name, recovery] = protocol.split('/');
  const label = model?.protocols.find((p) => p.name === name)?.label ?? name;
  if (recovery === undefined) return label;
  return `${label} with ${optionLabel(model?.byPath.get(RECOVERY_PATH)?.decl, recovery)} recovery`;
}

export const RECOVERY_PATH = 'flows[0].recovery';
