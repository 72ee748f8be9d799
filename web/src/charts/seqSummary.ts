// The time–sequence chart's traces as its screen-reader summary lists them.
type Trace = { t: Float64Array; v: Float64Array } | undefined;

export function seqSummarySeries(sent: Trace, retx: Trace, acked: Trace, sackS: Trace) {
  return [
    { label: 'segment sent', s: sent, marker: false },
    { label: 'retransmitted', s: retx, marker: true },
    { label: 'cumulative ACK', s: acked, marker: false },
    { label: 'SACK block', s: sackS, marker: true },
  ].flatMap(({ label, s, marker }) => (s ? [{ label, t: s.t, v: s.v, marker }] : []));
}
