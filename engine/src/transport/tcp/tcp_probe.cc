#include "transport/tcp/tcp_probe.h"

#include <cmath>
#include <string>

#include "transport/throughput_models.h"

namespace plab {

TcpProbe::TcpProbe(const ProbeOptions& params, const TcpSender* sender)
    : params_(params),
      sender_(sender),
      mss_bytes_(sender->state().mss),
      mss_(static_cast<double>(sender->state().mss)),
      cwnd_("cwnd", "segments", params.horizon, params.buckets),
      ssthresh_("ssthresh", "segments", params.horizon, params.buckets),
      flight_("flight_size", "segments", params.horizon, params.buckets),
      fast_retransmit_("fast_retransmit", "segments"),
      partial_ack_("partial_ack", "segments"),
      timeout_("timeout", "segments"),
      early_retransmit_("early_retransmit", "segments"),
      ecn_response_("ecn_response", "segments"),
      seq_sent_("seq_sent", "segment", kTraceCap),
      seq_retransmitted_("seq_retransmitted", "segment", kTraceCap),
      seq_acked_("seq_acked", "segment", kTraceCap),
      seq_sack_start_("seq_sack_start", "segment", kTraceCap),
      seq_sack_end_("seq_sack_end", "segment", kTraceCap) {}

void TcpProbe::OnWindow(Time now, const WindowSnapshot& window) {
  if (!params_.record_series) return;
  cwnd_.Add(now, Segments(window.cwnd));
  // ssthresh is "arbitrarily high" until the first loss: no point to draw.
  if (window.ssthresh_set) ssthresh_.Add(now, Segments(window.ssthresh));
  flight_.Add(now, Segments(window.flight_size));
}

void TcpProbe::OnFastRetransmit(Time now, const WindowSnapshot& window) {
  fast_retransmit_.Add(now, Segments(window.cwnd));
}

void TcpProbe::OnPartialAck(Time now, const WindowSnapshot& window) { partial_ack_.Add(now, Segments(window.cwnd)); }

void TcpProbe::OnEarlyRetransmit(Time now, const WindowSnapshot& window) {
  early_retransmit_.Add(now, Segments(window.cwnd));
}

void TcpProbe::OnTimeout(Time now, uint64_t cwnd_before) { timeout_.Add(now, Segments(cwnd_before)); }

void TcpProbe::OnEcnResponse(Time now, const WindowSnapshot& window) { ecn_response_.Add(now, Segments(window.cwnd)); }

void TcpProbe::OnSegmentSent(Time now, uint64_t seq, bool retransmission) {
  if (!params_.record_traces) return;
  (retransmission ? seq_retransmitted_ : seq_sent_).Add(now, Segments(seq));
}

void TcpProbe::OnAckArrived(Time now, uint64_t ack, const SackBlock* sack, int sack_count) {
  if (!params_.record_traces) return;
  seq_acked_.Add(now, Segments(ack));
  for (int i = 0; i < sack_count; ++i) {
    seq_sack_start_.Add(now, Segments(sack[i].start));
    seq_sack_end_.Add(now, Segments(sack[i].end));
  }
}

void TcpProbe::Finish() {
  for (TimeSeries* s : {&cwnd_, &ssthresh_, &flight_}) s->Finish();
}

void TcpProbe::AppendSeries(SeriesSink& out) const {
  out.Add(cwnd_);
  out.Add(ssthresh_);
  out.Add(flight_);
  for (const MarkerSeries* s : {&fast_retransmit_, &partial_ack_, &timeout_}) out.Add(*s, "marker");
  // Only where they can happen, as early retransmits: a flow with ECN (RFC 3168).
  if (early_retransmit_.count() > 0) out.Add(early_retransmit_, "marker");
  if (sender_->ecn()) out.Add(ecn_response_, "marker");
  if (!params_.record_traces) return;
  for (const MarkerSeries* s : {&seq_sent_, &seq_retransmitted_, &seq_acked_, &seq_sack_start_, &seq_sack_end_}) {
    out.Add(*s, "trace");
  }
}

void TcpProbe::AppendSummary(nlohmann::ordered_json& s, const FlowFigures& flow) const {
  s["timeouts"] = timeout_.count();
  s["fast_retransmits"] = fast_retransmit_.count();
  s["partial_acks"] = partial_ack_.count();
  s["early_retransmits"] = early_retransmit_.count();
  // Null for a flow without ECN: it cannot answer a mark (RFC 3168 §6.1.2).
  s["ecn_responses"] = sender_->ecn() ? nlohmann::ordered_json(ecn_response_.count()) : nlohmann::ordered_json();
  s["bandwidth_estimate_mbps"] =
      static_cast<double>(sender_->congestion_control_algorithm().BandwidthEstimateBps()) / 1e6;
  // The throughput equations with this flow's own loss-indication rate, RTT and RTO.
  const double indications = static_cast<double>(fast_retransmit_.count() + timeout_.count());
  ModelInputs model;
  model.segment_bytes = mss_bytes_;
  model.rtt_s = flow.mean_srtt_ms / 1e3;
  model.rto_s = flow.mean_rto_ms / 1e3;
  model.p = flow.data_packets_sent > 0 ? indications / static_cast<double>(flow.data_packets_sent) : 0;
  s["loss_event_rate"] = model.p;
  s["model_simple_mbps"] = SimpleModelBytesPerSecond(model) * 8 / 1e6;
  s["model_complex_mbps"] = ComplexModelBytesPerSecond(model) * 8 / 1e6;
  s["model_modified_mbps"] = ModifiedModelBytesPerSecond(model) * 8 / 1e6;
  // How far each estimate is from what the flow got, as Ng & Chan plot it (§3.1 Fig. 3,
  // §6.1 Fig. 27: "percentage of deviation of estimated TCP throughput from TCP
  // traffic"), unsigned: the model figures above say in which direction.
  for (const char* name : {"simple", "complex", "modified"}) {
    const double estimate = s[std::string("model_") + name + "_mbps"].get<double>();
    s[std::string("model_") + name + "_deviation_pct"] =
        flow.goodput_mbps > 0 && model.p > 0
            ? nlohmann::ordered_json(100 * std::abs(estimate - flow.goodput_mbps) / flow.goodput_mbps)
            : nlohmann::ordered_json();
  }
  s["final_cwnd_segments"] = static_cast<double>(sender_->window().cwnd) / mss_bytes_;
}

void TcpProbe::AppendReport(nlohmann::ordered_json& flow) const {
  sender_->congestion_control_algorithm().AppendReport(flow);
}

}  // namespace plab

namespace plab {

void TcpProbe::Observe(FlowState& state) const {
  const WindowSnapshot window = sender_->window();
  state.has_window = true;
  state.segment_bytes = mss_bytes_;
  state.cwnd_bytes = window.cwnd;
  state.ssthresh_bytes = window.ssthresh_set ? window.ssthresh : 0;
  state.flight_bytes = window.flight_size;
  state.fast_retransmits = sender_->stats().fast_retransmits;
  state.timeouts = sender_->stats().timeouts;
}

}  // namespace plab
