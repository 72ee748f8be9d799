// What is measured of a rate-based sender beyond what every flow has (flow_metrics.h):
// the rate it is allowed (X), the equation's rate at its loss event rate, and that
// rate, as series and at the end of the run (RFC 5348; Ng & Chan §3.2), for any
// rate-based sender (TFRC, SRP/CRP/MRP).
#pragma once

#include <nlohmann/json.hpp>

#include "record/series_sink.h"
#include "record/time_series.h"
#include "transport/rate/rate_observer.h"
#include "transport/transport_probe.h"

namespace plab {

class RateProbe final : public TransportProbe, public RateSenderObserver {
 public:
  explicit RateProbe(const ProbeOptions& options);

  void OnRate(Time now, double allowed_bps, double equation_bps, double p) override;

  void Finish() override;
  void AppendSeries(SeriesSink& out) const override;
  void AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const override;
  // The last allowed rate, equation rate and loss event rate.
  void Observe(FlowState& state) const override;

 private:
  ProbeOptions options_;
  TimeSeries allowed_, equation_, loss_event_rate_;
  // Time-weighted means of the allowed rate, the equation's rate and p, each value
  // held until the next.
  struct Held {
    double sum = 0;
    double last = 0;
  };
  Held allowed_mean_, equation_mean_, p_mean_;
  Time span_;
  Time last_t_;
  double Mean(const Held& h) const;
};

}  // namespace plab
