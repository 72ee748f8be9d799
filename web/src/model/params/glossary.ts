// The lab's vocabulary, one sentence each with where it is defined: what the Glossary
// panel lists. General terms only; what each chart series means comes from the
// engine's schema (series[].help and source).
export interface GlossaryEntry {
  term: string;
  text: string;
  source: string;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'cwnd',
    text: 'The congestion window: how much unacknowledged data a sender allows itself in the network.',
    source: 'RFC 5681 §2',
  },
  {
    term: 'ssthresh',
    text: 'The slow-start threshold: below it cwnd doubles every RTT (slow start), above it cwnd grows by about one segment per RTT.',
    source: 'RFC 5681 §3.1',
  },
  {
    term: 'RTT',
    text: 'Round-trip time: from sending a segment until its acknowledgement arrives, propagation plus queueing.',
    source: 'RFC 6298 §2',
  },
  {
    term: 'SRTT',
    text: 'The smoothed RTT: a moving average of RTT samples (each new sample weighs 1/8).',
    source: 'RFC 6298 §2.3',
  },
  {
    term: 'RTO',
    text: 'The retransmission timeout: SRTT plus four times the RTT variation, at least 1 s, doubled after each timeout.',
    source: 'RFC 6298 §2, §5.5',
  },
  {
    term: 'Base RTT',
    text: "The path's propagation RTT with empty queues; the lowest RTT a sample can show.",
    source: 'Brakmo & Peterson 1995 (BaseRTT)',
  },
  {
    term: 'Dupack',
    text: 'A duplicate ACK: an ACK that acknowledges nothing new, sent when a segment arrives out of order.',
    source: 'RFC 5681 §2',
  },
  {
    term: 'Fast retransmit',
    text: 'Resending a segment after three duplicate ACKs instead of waiting for the retransmission timer.',
    source: 'RFC 5681 §3.2',
  },
  {
    term: 'Fast recovery',
    text: 'After a fast retransmit, halving the window and keeping data flowing while the duplicate ACKs arrive, instead of slow start.',
    source: 'RFC 5681 §3.2; RFC 6582 §3',
  },
  {
    term: 'Partial ACK',
    text: 'During recovery, an ACK that acknowledges some but not all data outstanding at the loss: another segment was lost.',
    source: 'RFC 6582 §3.2',
  },
  {
    term: 'cwnd inflation',
    text: "During Reno's fast recovery cwnd grows by one segment per duplicate ACK, since each one means a segment left the network.",
    source: 'RFC 5681 §3.2 step 4',
  },
  {
    term: 'SACK',
    text: 'Selective acknowledgement: the receiver reports the blocks it holds beyond a hole, so the sender resends only what is missing.',
    source: 'RFC 2018 §3; RFC 6675',
  },
  {
    term: 'Pipe',
    text: "The sender's estimate of the data still in the network during SACK recovery; it sends while pipe is below cwnd.",
    source: 'RFC 6675 §4',
  },
  {
    term: 'Goodput',
    text: 'Data delivered in order to the receiving application per second, retransmissions and headers not counted.',
    source: 'RFC 5166 §2.1',
  },
  {
    term: 'BDP',
    text: "Bandwidth-delay product: the bottleneck's rate times the RTT, the data needed in flight to keep the link busy.",
    source: 'RFC 7323 §1.1',
  },
  {
    term: 'Bufferbloat',
    text: 'A buffer much larger than the BDP: it stays full, so every packet waits and the RTT grows without any gain in throughput.',
    source: 'RFC 7567 §1',
  },
  {
    term: 'Link utilization',
    text: 'The share of time the bottleneck is sending: its throughput divided by its rate.',
    source: 'RFC 5166 §2.1',
  },
  {
    term: "Jain's index",
    text: 'Fairness of n shares x: (Σx)² / (n·Σx²), 1 when all are equal and 1/n when one flow takes everything.',
    source: 'Jain, Chiu & Hawe 1984',
  },
  {
    term: 'Normalized throughput',
    text: "A protocol's mean throughput divided by the mean of the TCP flows sharing the path: 1 is TCP-friendly.",
    source: 'Ng & Chan §5',
  },
  {
    term: 'Loss event rate',
    text: 'One over the weighted mean of the last eight loss intervals, where losses within one RTT count as one event.',
    source: 'RFC 5348 §5.4',
  },
  {
    term: 'Wave level',
    text: "TCP-Real's window: a fixed-size wave of segments whose level the receiver raises or lowers from how the last wave arrived.",
    source: 'TCP-Real §2',
  },
  {
    term: 'Token bucket',
    text: 'A source that may send one token of data per interval, saving up to a bucket depth: an application that is not always greedy.',
    source: 'TCP-Real §3',
  },
  {
    term: 'Time–sequence chart',
    text: "Every segment's sequence number against the time it was sent, with ACKs and SACK blocks: the classic way to read a recovery.",
    source: 'Jacobson 1988',
  },
];
