// Links older than this page's version, brought to its meaning (codec.ts calls it once
// the link's values are read).
//
// v=2 -> v=3: RRTP's own timer bounds. Up to v=2 an RRTP flow's timeouts read the flow's
// TCP block (tcp.min_rto_ms, tcp.initial_rto_ms, tcp.max_rto_ms); the engine now reads
// rrtp.*_rto_ms and keeps tcp.* for the TCP runs a comparison swaps in. An old link that
// set tcp.*_rto_ms on an RRTP flow meant RRTP's timer too, so the value is copied to
// rrtp.*_rto_ms (only where the link does not set that key itself); tcp.* stays, for
// the compared TCP flows. v=1 links are a subset of v=2's (one flow, f0.*) and pass
// through the same step.
import { itemCount, type ParamModel, type Values } from '../model/params/params';

const RTO_BOUNDS = ['min_rto_ms', 'initial_rto_ms', 'max_rto_ms'] as const;

/** Versions older than v=3, whose RRTP flows read their timer bounds from tcp.*. */
const RRTP_READS_TCP_TIMERS = new Set(['1', '2']);

/** Migrates `values` (read from a link of `version`) in place; `given` holds the paths
 * the link set to a valid value. */
export function migrateLink(model: ParamModel, version: string | null, values: Values, given: ReadonlySet<string>) {
  if (version === null || !RRTP_READS_TCP_TIMERS.has(version)) return;
  const flows = model.lists.some((l) => l.name === 'flows') ? itemCount(model, values, 'flows') : 0;
  for (let i = 0; i < flows; i++) {
    if (values[`flows[${i}].protocol`] !== 'rrtp') continue;
    for (const bound of RTO_BOUNDS) {
      const tcp = `flows[${i}].tcp.${bound}`;
      const rrtp = `flows[${i}].rrtp.${bound}`;
      if (given.has(tcp) && !given.has(rrtp) && model.byPath.has(rrtp)) values[rrtp] = values[tcp];
    }
  }
}
