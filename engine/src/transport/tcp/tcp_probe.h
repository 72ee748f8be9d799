// What is measured of a TCP sender beyond what every flow has (flow_metrics.h): the
// window (cwnd, ssthresh, flight size), the loss-recovery events as markers, the
// time-sequence traces (for the one traced flow), and the figures only TCP has:
// fast retransmits, partial ACKs, timeouts, the final window, the algorithm's
// bandwidth estimate, and the throughput equations evaluated with the run's own loss
// indications, RTT and RTO (Ng & Chan §2, §5).
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "record/series_sink.h"
#include "record/time_series.h"
#include "transport/tcp/tcp_sender.h"
#include "transport/transport_probe.h"

namespace plab {

class TcpProbe final : public TransportProbe, public TcpSenderObserver {
 public:
  // Traces keep every segment and ACK, up to kTraceCap points each.
  static constexpr size_t kTraceCap = 30000;

  // Watches `sender` (attach it with set_tcp_observer) and reads its final state.
  TcpProbe(const ProbeOptions& options, const TcpSender* sender);

  void OnWindow(Time now, const WindowSnapshot& window) override;
  void OnFastRetransmit(Time now, const WindowSnapshot& window) override;
  void OnPartialAck(Time now, const WindowSnapshot& window) override;
  void OnEarlyRetransmit(Time now, const WindowSnapshot& window) override;
  void OnTimeout(Time now, uint64_t cwnd_before) override;
  void OnEcnResponse(Time now, const WindowSnapshot& window) override;
  void OnSegmentSent(Time now, uint64_t seq, bool retransmission) override;
  void OnAckArrived(Time now, uint64_t ack, const SackBlock* sack, int sack_count) override;

  // TransportProbe
  void Finish() override;
  void AppendSeries(SeriesSink& out) const override;
  void AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const override;
  // The congestion control's own record (CongestionControl::AppendReport).
  void AppendReport(nlohmann::ordered_json& flow) const override;
  // The window, the MSS and the loss events now.
  void Observe(FlowState& state) const override;

  int64_t fast_retransmits() const { return fast_retransmit_.count(); }
  int64_t timeouts() const { return timeout_.count(); }

 private:
  double Segments(uint64_t bytes) const { return static_cast<double>(bytes) / mss_; }

  ProbeOptions params_;
  const TcpSender* sender_;
  uint32_t mss_bytes_;
  double mss_;
  TimeSeries cwnd_, ssthresh_, flight_;
  MarkerSeries fast_retransmit_, partial_ack_, timeout_, early_retransmit_, ecn_response_;
  MarkerSeries seq_sent_, seq_retransmitted_, seq_acked_, seq_sack_start_, seq_sack_end_;
};

}  // namespace plab
