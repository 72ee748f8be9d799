// A protocol's probe that measures everything TCP's probe does (tcp_probe.h) and more: it
// stands between the sender and TCP's probe, passes every event and every report on, and
// a protocol's own probe (DCTCP's alpha, LEDBAT's delay estimates) overrides only what it
// adds to. One owner for the passing-on, so a new protocol's probe is its own lines only.
#pragma once

#include <memory>

#include "transport/protocol_entry.h"
#include "transport/tcp/tcp_probe.h"
#include "transport/tcp/tcp_sender.h"
#include "transport/transport_probe.h"

namespace plab {

class TcpProbeExtension : public TransportProbe, public TcpSenderObserver {
 public:
  // TCP's probe of `sender`, whose events now come here first (the sender's observer).
  TcpProbeExtension(TcpSender* sender, std::unique_ptr<TcpProbe> tcp) : sender_(sender), tcp_(std::move(tcp)) {
    sender->set_tcp_observer(this);
  }

  // TcpSenderObserver
  void OnWindow(Time now, const WindowSnapshot& window) override { tcp_->OnWindow(now, window); }
  void OnFastRetransmit(Time now, const WindowSnapshot& window) override { tcp_->OnFastRetransmit(now, window); }
  void OnPartialAck(Time now, const WindowSnapshot& window) override { tcp_->OnPartialAck(now, window); }
  void OnEarlyRetransmit(Time now, const WindowSnapshot& window) override { tcp_->OnEarlyRetransmit(now, window); }
  void OnTimeout(Time now, uint64_t cwnd_before) override { tcp_->OnTimeout(now, cwnd_before); }
  void OnEcnResponse(Time now, const WindowSnapshot& window) override { tcp_->OnEcnResponse(now, window); }
  void OnSegmentSent(Time now, uint64_t seq, bool retransmission) override {
    tcp_->OnSegmentSent(now, seq, retransmission);
  }
  void OnAckArrived(Time now, uint64_t ack, const SackBlock* sack, int sack_count) override {
    tcp_->OnAckArrived(now, ack, sack, sack_count);
  }

  // TransportProbe
  void Finish() override { tcp_->Finish(); }
  void AppendSeries(SeriesSink& out) const override { tcp_->AppendSeries(out); }
  void AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const override {
    tcp_->AppendSummary(summary, flow);
  }
  void AppendReport(nlohmann::ordered_json& flow) const override { tcp_->AppendReport(flow); }
  void Observe(FlowState& state) const override { tcp_->Observe(state); }

 protected:
  // The sender's congestion control, as the protocol's own class (its entry made it).
  template <typename Control>
  const Control& control() const {
    return static_cast<const Control&>(sender_->congestion_control_algorithm());
  }

 private:
  const TcpSender* sender_;
  std::unique_ptr<TcpProbe> tcp_;
};

// A TCP flow's parts (MakeTcpSender's) with the protocol's probe `P` in front of TCP's
// own, when the run probes: P(options, sender, TCP's probe).
template <typename P>
SenderParts ExtendTcpProbe(SenderParts parts, const ProbeOptions* options) {
  if (parts.probe == nullptr) return parts;
  auto* sender = static_cast<TcpSender*>(parts.sender.get());  // MakeTcpSender made both
  std::unique_ptr<TcpProbe> tcp(static_cast<TcpProbe*>(parts.probe.release()));
  parts.probe = std::make_unique<P>(*options, sender, std::move(tcp));
  return parts;
}

}  // namespace plab
