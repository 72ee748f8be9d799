// What is measured of a DCTCP sender: everything TCP's probe measures (tcp_probe.h),
// plus its alpha, the estimate of the fraction of bytes marked CE (RFC 8257 §3.3), as
// the series `dctcp_alpha`, sampled after every ACK as the window is.
#pragma once

#include <memory>

#include "record/time_series.h"
#include "transport/tcp/tcp_probe.h"
#include "transport/tcp/tcp_sender.h"
#include "transport/transport_probe.h"

namespace plab {

class DctcpProbe final : public TransportProbe, public TcpSenderObserver {
 public:
  // Takes over the family's probe of `sender` and stands between the sender and it
  // (attach this one with set_tcp_observer). The sender's control is a Dctcp.
  DctcpProbe(const ProbeOptions& options, std::unique_ptr<TcpProbe> tcp, const TcpSender* sender);

  // TcpSenderObserver: passed on to TCP's probe; OnWindow also samples alpha.
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
  void AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const override {
    tcp_->AppendSummary(summary, flow);
  }
  void AppendReport(nlohmann::ordered_json& flow) const override { tcp_->AppendReport(flow); }
  void Observe(FlowState& state) const override { tcp_->Observe(state); }

 private:
  double Alpha() const;

  std::unique_ptr<TcpProbe> tcp_;
  const TcpSender* sender_;
  bool record_series_;
  TimeSeries alpha_;
};

}  // namespace plab
