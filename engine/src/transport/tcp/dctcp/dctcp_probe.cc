#include "transport/tcp/dctcp/dctcp_probe.h"

#include "transport/tcp/dctcp/dctcp_control.h"

namespace plab {

DctcpProbe::DctcpProbe(const ProbeOptions& options, TcpSender* sender, std::unique_ptr<TcpProbe> tcp)
    : TcpProbeExtension(sender, std::move(tcp)),
      record_series_(options.record_series),
      alpha_("dctcp_alpha", "", options.horizon, options.buckets) {}

void DctcpProbe::OnWindow(Time now, const WindowSnapshot& window) {
  TcpProbeExtension::OnWindow(now, window);
  if (record_series_) alpha_.Add(now, control<Dctcp>().alpha());
}

void DctcpProbe::Finish() {
  TcpProbeExtension::Finish();
  alpha_.Finish();
}

void DctcpProbe::AppendSeries(SeriesSink& out) const {
  TcpProbeExtension::AppendSeries(out);
  out.Add(alpha_);
}

}  // namespace plab
