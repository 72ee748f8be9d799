// What is measured of a TCP Prague sender: everything TCP's probe measures
// (tcp_probe.h), plus its alpha, the estimate of the fraction of bytes marked CE
// (draft-briscoe-iccrg-prague-congestion-control §2.3), as the series `prague_alpha`,
// sampled after every ACK as the window is.
#pragma once

#include <memory>

#include "record/time_series.h"
#include "transport/tcp/tcp_probe_extension.h"

namespace plab {

class PragueProbe final : public TcpProbeExtension {
 public:
  // `sender`'s control is a Prague (its entry made it).
  PragueProbe(const ProbeOptions& options, TcpSender* sender, std::unique_ptr<TcpProbe> tcp);

  void OnWindow(Time now, const WindowSnapshot& window) override;
  void Finish() override;
  void AppendSeries(SeriesSink& out) const override;

 private:
  bool record_series_;
  TimeSeries alpha_;
};

}  // namespace plab
