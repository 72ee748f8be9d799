// What is measured of a LEDBAT sender: TCP's window and recoveries (tcp_probe.h), and
// LEDBAT's two delay estimates after every ACK, so the page can draw the queuing delay
// LEDBAT believes it causes against its TARGET, and the base delay it measures from.
#pragma once

#include <memory>

#include "record/time_series.h"
#include "transport/tcp/tcp_probe_extension.h"

namespace plab {

class LedbatProbe final : public TcpProbeExtension {
 public:
  // `sender`'s control is a Ledbat (its entry made it).
  LedbatProbe(const ProbeOptions& options, TcpSender* sender, std::unique_ptr<TcpProbe> tcp);

  void OnWindow(Time now, const WindowSnapshot& window) override;  // and the estimates
  void Finish() override;
  void AppendSeries(SeriesSink& out) const override;
  void AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const override;

 private:
  ProbeOptions options_;
  TimeSeries queuing_, base_;
  // Time-weighted mean of the queuing-delay estimate.
  double queuing_ms_seconds_ = 0;
  double queuing_span_s_ = 0;
  std::optional<Time> last_at_;
  double last_queuing_ms_ = 0;
};

}  // namespace plab
