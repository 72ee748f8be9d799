// What is measured of a DCTCP sender: everything TCP's probe measures (tcp_probe.h),
// plus its alpha, the estimate of the fraction of bytes marked CE (RFC 8257 §3.3), as
// the series `dctcp_alpha`, sampled after every ACK as the window is.
#pragma once

#include <memory>

#include "record/time_series.h"
#include "transport/tcp/tcp_probe_extension.h"

namespace plab {

class DctcpProbe final : public TcpProbeExtension {
 public:
  // `sender`'s control is a Dctcp (its entry made it).
  DctcpProbe(const ProbeOptions& options, TcpSender* sender, std::unique_ptr<TcpProbe> tcp);

  void OnWindow(Time now, const WindowSnapshot& window) override;  // and alpha
  void Finish() override;
  void AppendSeries(SeriesSink& out) const override;

 private:
  bool record_series_;
  TimeSeries alpha_;
};

}  // namespace plab
