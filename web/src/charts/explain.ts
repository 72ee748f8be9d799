// What a chart says about a series when asked (hover or focus on its legend entry or
// one of its markers): the engine's own one-sentence help and its citation, read from
// the schema's series declarations, so the page keeps no second list of these texts.
import type { ParamModel } from '../model/params/params';

export interface Explanation {
  help: string;
  source: string;
}

/** The declared help and source of series `name` (scope "flow" unless told), or
 * undefined when the schema does not declare it. */
export function explain(model: ParamModel | undefined, name: string, scope = 'flow'): Explanation | undefined {
  const decls = model?.seriesDecls ?? [];
  const d = decls.find((s) => s.name === name && (s.scope ?? 'flow') === scope) ?? decls.find((s) => s.name === name);
  if (!d || !d.help) return undefined;
  return { help: d.help, source: d.source ?? '' };
}

/** The explanation as one line of text: "help (source)". */
export function explanationText(e: Explanation | undefined): string {
  if (!e) return '';
  return e.source ? `${e.help} (${e.source})` : e.help;
}
