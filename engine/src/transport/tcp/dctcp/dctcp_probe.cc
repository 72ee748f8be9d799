#include "transport/tcp/dctcp/dctcp_probe.h"

#include "transport/tcp/dctcp/dctcp_control.h"

namespace plab {

DctcpProbe::DctcpProbe(const ProbeOptions& options, std::unique_ptr<TcpProbe> tcp, const TcpSender* sender)
    : tcp_(std::move(tcp)),
      sender_(sender),
      record_series_(options.record_series),
      alpha_("dctcp_alpha", "", options.horizon, options.buckets) {}

double DctcpProbe::Alpha() const {
  // The entry that made this probe made the sender's control a Dctcp.
  return static_cast<const Dctcp&>(sender_->congestion_control_algorithm()).alpha();
}

void DctcpProbe::OnWindow(Time now, const WindowSnapshot& window) {
  tcp_->OnWindow(now, window);
  if (record_series_) alpha_.Add(now, Alpha());
}

void DctcpProbe::Finish() {
  tcp_->Finish();
  alpha_.Finish();
}

void DctcpProbe::AppendSeries(SeriesSink& out) const {
  tcp_->AppendSeries(out);
  out.Add(alpha_);
}

}  // namespace plab
