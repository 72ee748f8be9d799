#include "transport/tcp/ledbat/ledbat_probe.h"

#include "transport/tcp/ledbat/ledbat.h"

namespace plab {

LedbatProbe::LedbatProbe(const ProbeOptions& options, TcpSender* sender, std::unique_ptr<TcpProbe> tcp)
    : TcpProbeExtension(sender, std::move(tcp)),
      options_(options),
      queuing_("queuing_delay_estimate", "ms", options.horizon, options.buckets),
      base_("base_delay", "ms", options.horizon, options.buckets) {}

void LedbatProbe::OnWindow(Time now, const WindowSnapshot& window) {
  TcpProbeExtension::OnWindow(now, window);
  const auto& ledbat = control<Ledbat>();  // a new one per connection
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
  TcpProbeExtension::Finish();
  queuing_.Finish();
  base_.Finish();
}

void LedbatProbe::AppendSeries(SeriesSink& out) const {
  TcpProbeExtension::AppendSeries(out);
  out.Add(queuing_);
  out.Add(base_);
}

void LedbatProbe::AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const {
  TcpProbeExtension::AppendSummary(summary, flow);
  summary["mean_queuing_delay_estimate_ms"] =
      queuing_span_s_ > 0 ? nlohmann::ordered_json(queuing_ms_seconds_ / queuing_span_s_) : nlohmann::ordered_json();
}

}  // namespace plab
