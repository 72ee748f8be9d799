#include "transport/tcp/prague/prague_probe.h"

#include "transport/tcp/prague/prague_control.h"

namespace plab {

PragueProbe::PragueProbe(const ProbeOptions& options, TcpSender* sender, std::unique_ptr<TcpProbe> tcp)
    : TcpProbeExtension(sender, std::move(tcp)),
      record_series_(options.record_series),
      alpha_("prague_alpha", "", options.horizon, options.buckets) {}

void PragueProbe::OnWindow(Time now, const WindowSnapshot& window) {
  TcpProbeExtension::OnWindow(now, window);
  if (record_series_) alpha_.Add(now, control<Prague>().alpha());
}

void PragueProbe::Finish() {
  TcpProbeExtension::Finish();
  alpha_.Finish();
}

void PragueProbe::AppendSeries(SeriesSink& out) const {
  TcpProbeExtension::AppendSeries(out);
  out.Add(alpha_);
}

}  // namespace plab
