// Which per-flow series a protocol reports, from the engine's registry
// (schema protocols[].series): a chart draws only those, so a protocol is never shown
// with a curve it does not use (BBR keeps an ssthresh for loss recovery's bookkeeping
// but never reads it, and declares no ssthresh series).
import type { ParamModel } from '../params/params';

/** The protocol's declared series, or null when the schema does not say (draw all). */
export function declaredSeries(
  model: ParamModel | undefined,
  protocol: string | undefined,
): ReadonlySet<string> | null {
  if (!model || protocol === undefined) return null;
  const decl = model.protocols.find((p) => p.name === protocol);
  return decl && Array.isArray(decl.series) ? new Set(decl.series) : null;
}
