// The time–sequence chart's data: its five traces (long form, since each has its own
// times), with the engine's series names so a script can pick them out.
import { get, type Extracted } from '../charts/series';
import { seriesCsv } from './csv';

const TRACES = ['seq_sent', 'seq_retransmitted', 'seq_acked', 'seq_sack_start', 'seq_sack_end'];

export function seqCsv(ex: Extracted): string {
  return seriesCsv(
    TRACES.map((name) => {
      const s = get(ex, name);
      return { label: s.unit ? `${name} (${s.unit})` : name, t: s.t, v: s.v };
    }),
  );
}
