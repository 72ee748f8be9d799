#include "metrics/series_fields.h"

namespace plab {

const std::vector<SeriesField>& SeriesFields() {
  static const std::vector<SeriesField> fields = {
      {"cwnd", "cwnd", "segments", "line", "flow", "Congestion window"},
      {"ssthresh", "ssthresh", "segments", "line", "flow", "Slow-start threshold (from the first loss on)"},
      {"flight_size", "Flight size", "segments", "line", "flow", "Data sent and not yet acknowledged"},
      {"srtt", "SRTT", "ms", "line", "flow", "Smoothed RTT (RFC 6298)"},
      {"rto", "RTO", "ms", "line", "flow", "Retransmission timeout, with backoff"},
      {"delivered", "Delivered", "bytes", "line", "flow", "Bytes delivered in order to the application"},
      {"throughput", "Throughput", "Mb/s", "line", "flow", "Goodput per time bin"},
      {"tokens_per_rtt", "Tokens per RTT", "tokens", "line", "flow", "Token-bucket tokens consumed per RTT"},
      {"tokens_allowed_per_rtt", "Tokens allowed per RTT", "tokens", "line", "flow", "What the bucket allowed"},
      {"app_success_pct", "Playback success", "%", "line", "flow", "Successful playback reads so far"},
      {"fast_retransmit", "Fast retransmit", "segments", "marker", "flow", "A loss recovery began (cwnd then)"},
      {"partial_ack", "Partial ACK", "segments", "marker", "flow", "An ACK during recovery that did not end it"},
      {"early_retransmit", "Early retransmit", "segments", "marker", "flow",
       "A duplicate or partial ACK found a segment overdue on the fine-grained timer and resent it (TCP-ER §II-B)"},
      {"timeout", "Timeout", "segments", "marker", "flow", "The retransmission timer fired (cwnd before)"},
      {"seq_sent", "Sent", "segment", "trace", "flow", "Every new segment sent"},
      {"seq_retransmitted", "Retransmitted", "segment", "trace", "flow", "Every retransmission"},
      {"seq_acked", "ACK", "segment", "trace", "flow", "The cumulative ACK of every ACK arriving"},
      {"seq_sack_start", "SACK block start", "segment", "trace", "flow", "SACK blocks (aligned with their ends)"},
      {"seq_sack_end", "SACK block end", "segment", "trace", "flow", "SACK blocks (aligned with their starts)"},
      {"allowed_rate", "Allowed rate", "Mb/s", "line", "flow", "The rate a rate-based sender may send at (TFRC's X)"},
      {"equation_rate", "Equation rate", "Mb/s", "line", "flow",
       "The throughput equation's rate at the loss event rate and RTT (RFC 5348 §3.1)"},
      {"loss_event_rate", "Loss event rate", "", "line", "flow",
       "The receiver's loss event rate: one over the weighted mean of the last 8 loss intervals (RFC 5348 §5.4)"},
      {"queue", "Queue", "packets", "line", "link", "Packets waiting at the bottleneck"},
      {"throughput", "Group throughput", "Mb/s", "line", "group", "A background group's goodput per time bin"},
      {"jain", "Jain's index", "", "line", "run", "Fairness of the explicit flows' throughput per time bin"},
  };
  return fields;
}

}  // namespace plab
