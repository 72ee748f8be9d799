// What is measured of a LEDBAT sender: TCP's window and recoveries (tcp_probe.h), and
// LEDBAT's two delay estimates after every ACK, so the page can draw the queuing delay
// LEDBAT believes it causes against its TARGET, and the base delay it measures from.
#pragma once

#include <memory>

#include "record/time_series.h"
#include "transport/tcp/tcp_probe.h"
#include "transport/tcp/tcp_sender.h"
#include "transport/transport_probe.h"

namespace plab {

class LedbatProbe final : public TransportProbe, public TcpSenderObserver {
 public:
  // Watches `sender`, whose congestion control is a Ledbat (its entry made it), and
  // attaches itself as the sender's observer in front of `tcp`.
  LedbatProbe(const ProbeOptions& options, TcpSender* sender, std::unique_ptr<TcpProbe> tcp);

  // TcpSenderObserver: TCP's probe sees every event; OnWindow samples the estimates.
  void OnWindow(Time now, const WindowSnapshot& window) override;
  void OnFastRetransmit(Time now, const WindowSnapshot& window) override { tcp_->OnFastRetransmit(now, window); }
  void OnPartialAck(Time now, const WindowSnapshot& window) override { tcp_->OnPartialAck(now, window); }
  void OnEarlyRetransmit(Time now, const WindowSnapshot& window) override { tcp_->OnEarlyRetransmit(now, window); }
  void OnTimeout(Time now, uint64_t cwnd_before) override { tcp_->OnTimeout(now, cwnd_before); }
  void OnSegmentSent(Time now, uint64_t seq, bool retransmission) override {
    tcp_->OnSegmentSent(now, seq, retransmission);
  }
  void OnAckArrived(Time now, uint64_t ack, const SackBlock* sack, int sack_count) override {
    tcp_->OnAckArrived(now, ack, sack, sack_count);
  }

  // TransportProbe
  void Finish() override;
  void AppendSeries(SeriesSink& out) const override;
  void AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const override;
  void AppendReport(nlohmann::ordered_json& flow) const override { tcp_->AppendReport(flow); }
  void Observe(FlowState& state) const override { tcp_->Observe(state); }

 private:
  ProbeOptions options_;
  const TcpSender* sender_;
  std::unique_ptr<TcpProbe> tcp_;
  TimeSeries queuing_, base_;
  // Time-weighted mean of the queuing-delay estimate.
  double queuing_ms_seconds_ = 0;
  double queuing_span_s_ = 0;
  std::optional<Time> last_at_;
  double last_queuing_ms_ = 0;
};

}  // namespace plab
