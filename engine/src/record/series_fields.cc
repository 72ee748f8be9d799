#include "record/series_fields.h"

namespace plab {

// Each help is one sentence a student can read on hover; each source names where the
// quantity or event is specified, so the page cites it without a list of its own.
const std::vector<SeriesField>& SeriesFields() {
  static const std::vector<SeriesField> fields = {
      {"cwnd", "cwnd", "segments", "line", "flow",
       "Congestion window: how much unacknowledged data the sender allows itself", "RFC 5681 §2"},
      {"ssthresh", "ssthresh", "segments", "line", "flow",
       "Slow-start threshold (from the first loss on): below it cwnd grows exponentially, above it linearly",
       "RFC 5681 §3.1"},
      {"flight_size", "Flight size", "segments", "line", "flow", "Data sent and not yet acknowledged", "RFC 5681 §2"},
      {"srtt", "SRTT", "ms", "line", "flow", "Smoothed RTT: the sender's moving average of its RTT samples",
       "RFC 6298 §2"},
      {"rtt_sample", "RTT sample", "ms", "line", "flow",
       "Each round-trip time the sender measured, unsmoothed: the base RTT plus the time spent in queues",
       "RFC 6298 §3"},
      {"rto", "RTO", "ms", "line", "flow", "Retransmission timeout, with backoff", "RFC 6298 §2, §5.5"},
      {"delivered", "Delivered", "bytes", "line", "flow", "Bytes delivered in order to the application", ""},
      {"throughput", "Throughput", "Mb/s", "line", "flow",
       "Per time bin, the payload bytes that reached the receiver for the first time, in order or not (never above the "
       "bottleneck rate but for one packet; the delivered series is in order)",
       "RFC 5166 §2.1"},
      {"tokens_per_rtt", "Tokens per RTT", "tokens", "line", "flow", "Token-bucket tokens consumed per RTT",
       "TCP-Real §3"},
      {"tokens_allowed_per_rtt", "Tokens allowed per RTT", "tokens", "line", "flow", "What the bucket allowed",
       "TCP-Real §3"},
      {"app_success_pct", "Playback success", "%", "line", "flow", "Successful playback reads so far", "TCP-Real §3"},
      {"fast_retransmit", "Fast retransmit", "segments", "marker", "flow",
       "Duplicate ACKs (three by default) signalled a loss: the segment was resent at once and recovery began "
       "(cwnd then)",
       "RFC 5681 §3.2"},
      {"partial_ack", "Partial ACK", "segments", "marker", "flow",
       "An ACK during recovery that acknowledged some but not all data sent before the loss, so another "
       "segment was lost",
       "RFC 6582 §3.2"},
      {"early_retransmit", "Early retransmit", "segments", "marker", "flow",
       "A duplicate or partial ACK found a segment overdue on the fine-grained timer and resent it", "TCP-ER §II-B"},
      {"timeout", "Timeout", "segments", "marker", "flow",
       "The retransmission timer fired: cwnd fell to one segment and the RTO doubled (cwnd before)",
       "RFC 6298 §5; RFC 5681 §3.1"},
      {"ecn_response", "ECN window reduction", "segments", "marker", "flow",
       "An ACK echoed a CE mark (ECE) and the sender reduced its window, at most once a window of data (cwnd "
       "after)",
       "RFC 3168 §6.1.2; RFC 8257 §3.3 (DCTCP)"},
      {"ce_mark", "CE mark", "packets", "marker", "flow",
       "The bottleneck's queue set Congestion Experienced on one of the flow's packets instead of dropping it "
       "(the packets waiting then); the receiver echoes it and the sender reduces its window. Where marks come "
       "faster, the first 25 of each 200th of the run are drawn",
       "RFC 3168 §5; RFC 8257 §3.1 (DCTCP's step marking)"},
      {"seq_sent", "Sent", "segment", "trace", "flow", "Every new segment sent", "RFC 9293 §3.4"},
      {"seq_retransmitted", "Retransmitted", "segment", "trace", "flow", "Every retransmission", "RFC 5681 §3.2"},
      {"seq_acked", "ACK", "segment", "trace", "flow", "The cumulative ACK of every ACK arriving", "RFC 9293 §3.4"},
      {"seq_sack_start", "SACK block start", "segment", "trace", "flow",
       "SACK blocks: data the receiver holds beyond a hole (aligned with their ends)", "RFC 2018 §3"},
      {"seq_sack_end", "SACK block end", "segment", "trace", "flow",
       "SACK blocks: data the receiver holds beyond a hole (aligned with their starts)", "RFC 2018 §3"},
      {"allowed_rate", "Allowed rate", "Mb/s", "line", "flow", "The rate a rate-based sender may send at (TFRC's X)",
       "RFC 5348 §4.3"},
      {"equation_rate", "Equation rate", "Mb/s", "line", "flow",
       "The throughput equation's rate at the loss event rate and RTT", "RFC 5348 §3.1"},
      {"loss_event_rate", "Loss event rate", "", "line", "flow",
       "The receiver's loss event rate: one over the weighted mean of the last 8 loss intervals", "RFC 5348 §5.4"},
      {"sub_queue", "Sub-queue (FQ-CoDel, DualPI2)", "packets", "line", "flow",
       "The packets waiting in the sub-queue the flow's data goes to at the bottleneck: its own (FQ-CoDel's queue "
       "per flow), or the L4S or classic queue (DualPI2)",
       "RFC 8290 §4.1, RFC 9332 §2.1"},
      {"queue", "Queue", "packets", "line", "link", "Packets waiting at the bottleneck (its buffer limit is drawn too)",
       "RFC 7567 §1"},
      {"utilization", "Link utilization", "%", "line", "link",
       "The share of each time bin the bottleneck spent sending: its throughput over its rate", "RFC 5166 §2.1"},
      {"capacity_mbps", "Capacity (trace)", "Mb/s", "line", "link",
       "What the bottleneck's delivery trace offers per time bin (the throughput chart's bins, 1/200 of the run): "
       "its opportunities in the bin x 1500 bytes over the bin's length",
       "Netravali et al. 2015 (mahimahi) §3"},
      {"throughput", "Group throughput", "Mb/s", "line", "group",
       "A background group's data reaching its receivers per time bin (first arrivals)", "RFC 5166 §2.1"},
      {"jain", "Jain's index", "", "line", "run", "Fairness of the explicit flows' throughput per time bin",
       "Jain, Chiu & Hawe 1984"},
  };
  return fields;
}

}  // namespace plab
