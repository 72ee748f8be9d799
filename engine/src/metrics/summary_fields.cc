#include "metrics/summary_fields.h"

namespace plab {

const std::vector<SummaryField>& SummaryFields() {
  static const std::vector<SummaryField> fields = {
      {"protocol", "Protocol", "", "The flow's protocol", false},
      {"goodput_mbps", "Goodput", "Mb/s", "Bytes delivered in order x 8 / connection time (or duration)"},
      {"delivered_bytes", "Delivered", "bytes", "Bytes delivered in order to the receiving application"},
      {"completed", "Completed", "", "Whether a fixed-size transfer finished", false},
      {"connection_time_s", "Connection time", "s", "Time until the last byte was acknowledged (fixed size)"},
      {"retransmissions", "Retransmissions", "packets", "Data packets sent again"},
      {"timeouts", "Timeouts", "", "Retransmission timer expiries"},
      {"fast_retransmits", "Fast retransmits", "", "Loss recoveries started by duplicate ACKs or SACKs"},
      {"partial_acks", "Partial ACKs", "", "ACKs of new data during recovery that did not end it"},
      {"early_retransmits", "Early retransmits", "",
       "Retransmissions the fine-grained timer asked for before the third duplicate ACK (TCP-ER, Vegas)"},
      {"app_success_pct", "Playback success", "%", "Playback reads that found their bytes waiting"},
      {"app_reads", "Playback reads", "", "Playback reads attempted"},
      {"mean_tokens_per_rtt", "Tokens per RTT", "tokens", "Token-bucket tokens consumed per RTT, mean"},
      {"mean_allowed_tokens_per_rtt", "Allowed tokens per RTT", "tokens", "Tokens the bucket allowed per RTT, mean"},
      {"mean_srtt_ms", "Mean SRTT", "ms", "Smoothed RTT, mean over its updates"},
      {"data_packets_sent", "Data packets", "packets", "Data packets sent, retransmissions included"},
      {"acks_sent", "ACKs", "packets", "ACKs the receiver sent"},
      {"forward_channel_drops", "Forward channel losses", "packets", "Data packets the forward error model dropped"},
      {"reverse_channel_drops", "Reverse channel losses", "packets", "ACKs the reverse error model dropped"},
      {"queue_drops", "Queue drops", "packets", "Packets dropped by full drop-tail queues"},
      {"bandwidth_estimate_mbps", "Bandwidth estimate", "Mb/s", "The algorithm's own estimate (Westwood+, BBR)"},
      {"mean_rto_ms", "Mean RTO", "ms", "Retransmission timeout, mean over its updates"},
      {"recovery_duration_s", "Recovery duration", "s",
       "First loss to every lost segment delivered (window-drop experiment, LE paper §3.1)"},
      {"loss_event_rate", "Loss indication rate", "", "Fast retransmits + timeouts per data packet"},
      {"model_simple_mbps", "Simple model", "Mb/s", "Mathis / Floyd equation with this run's p and RTT"},
      {"model_complex_mbps", "Complex model", "Mb/s", "Padhye equation with this run's p, RTT and RTO"},
      {"model_modified_mbps", "Modified model", "Mb/s", "Ng & Chan §5 equation with this run's p, RTT and RTO"},
      {"final_cwnd_segments", "Final cwnd", "segments", "cwnd at the end of the run"},
      {"start_s", "Start", "s", "When the flow started"},
      {"link_drops", "Link losses", "packets", "Packets of this flow lost to links' own error models"},
      {"max_queue_packets", "Max queue", "packets", "Longest bottleneck queue", true, "run"},
      {"mean_queue_packets", "Mean queue", "packets", "Time-weighted mean bottleneck queue", true, "run"},
      {"flows", "Flows", "", "Explicit flows in the run", true, "run"},
      {"flows_goodput_mbps", "Flows' goodput", "Mb/s", "Goodput of all explicit flows together", true, "run"},
      {"mean_goodput_mbps", "Mean goodput", "Mb/s", "Mean goodput per explicit flow", true, "run"},
      {"background_goodput_mbps", "Background goodput", "Mb/s", "Goodput of all background traffic", true, "run"},
      {"total_goodput_mbps", "Total goodput", "Mb/s", "Goodput of every flow, explicit and background", true, "run"},
      {"jain_index", "Jain's index", "", "Fairness of the explicit flows' goodputs: 1 = equal, 1/n = one takes all",
       true, "run"},
      {"normalized_throughput", "Normalized throughput", "",
       "flows[0]'s protocol: its flows' mean goodput over the mean of TCP flows of other protocols (1 = friendly)",
       true, "run"},
      {"events", "Events", "", "Simulator events executed", true, "run"},
      {"sim_end_s", "Simulated time", "s", "Where the run stopped (completion, duration or event budget)", true,
       "run"},
      {"ended_by", "Ended by", "", "What ended the run: duration, completed or event_budget", false, "run"},
  };
  return fields;
}

}  // namespace plab
