#include "transport/tcp/ledbat/ledbat_probe.h"

#include "transport/tcp/ledbat/ledbat.h"

namespace plab {

LedbatProbe::LedbatProbe(const ProbeOptions& options, TcpSender* sender, std::unique_ptr<TcpProbe> tcp)
    : options_(options),
      sender_(sender),
      tcp_(std::move(tcp)),
      queuing_("queuing_delay_estimate", "ms", options.horizon, options.buckets),
      base_("base_delay", "ms", options.horizon, options.buckets) {
  sender->set_tcp_observer(this);
}

void LedbatProbe::OnWindow(Time now, const WindowSnapshot& window) {
  tcp_->OnWindow(now, window);
  // The sender's control is the Ledbat its entry made (a new one per connection).
  const auto& ledbat = static_cast<const Ledbat&>(sender_->congestion_control_algorithm());
  const std::optional<Time> queuing = ledbat.queuing_delay();
  if (!queuing) return;
  const double queuing_ms = queuing->milliseconds();
  if (last_at_) {
    const double span = (now - *last_at_).seconds();
    queuing_ms_seconds_ += last_queuing_ms_ * span;
    queuing_span_s_ += span;
  }
  last_at_ = now;
  last_queuing_ms_ = queuing_ms;
  if (!options_.record_series) return;
  queuing_.Add(now, queuing_ms);
  base_.Add(now, ledbat.base_delay()->milliseconds());
}

void LedbatProbe::Finish() {
  tcp_->Finish();
  queuing_.Finish();
  base_.Finish();
}

void LedbatProbe::AppendSeries(SeriesSink& out) const {
  tcp_->AppendSeries(out);
  out.Add(queuing_);
  out.Add(base_);
}

void LedbatProbe::AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const {
  tcp_->AppendSummary(summary, flow);
  summary["mean_queuing_delay_estimate_ms"] =
      queuing_span_s_ > 0 ? nlohmann::ordered_json(queuing_ms_seconds_ / queuing_span_s_) : nlohmann::ordered_json();
}

}  // namespace plab
