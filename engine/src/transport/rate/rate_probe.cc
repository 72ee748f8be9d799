#include "transport/rate/rate_probe.h"

#include <utility>

namespace plab {

RateProbe::RateProbe(const ProbeOptions& options)
    : options_(options),
      allowed_("allowed_rate", "Mb/s", options.horizon, options.buckets),
      equation_("equation_rate", "Mb/s", options.horizon, options.buckets),
      loss_event_rate_("loss_event_rate", "", options.horizon, options.buckets) {}

void RateProbe::OnRate(Time now, double allowed_bps, double equation_bps, double p) {
  const double dt = (now - last_t_).seconds();
  for (auto [held, value] : {std::pair{&allowed_mean_, allowed_bps}, {&equation_mean_, equation_bps}, {&p_mean_, p}}) {
    held->sum += held->last * dt;
    held->last = value;
  }
  span_ += now - last_t_;
  last_t_ = now;
  if (!options_.record_series) return;
  allowed_.Add(now, allowed_bps * 8 / 1e6);
  if (equation_bps > 0) equation_.Add(now, equation_bps * 8 / 1e6);
  loss_event_rate_.Add(now, p);
}

void RateProbe::Finish() {
  for (TimeSeries* s : {&allowed_, &equation_, &loss_event_rate_}) s->Finish();
}

void RateProbe::AppendSeries(SeriesSink& out) const {
  out.Add(allowed_);
  out.Add(equation_);
  out.Add(loss_event_rate_);
}

double RateProbe::Mean(const Held& h) const { return span_ > Time::Zero() ? h.sum / span_.seconds() : h.last; }

void RateProbe::AppendSummary(nlohmann::ordered_json& s, const FlowFigures&) const {
  // Means over the run, each value weighted by how long it held.
  s["loss_event_rate"] = Mean(p_mean_);
  s["mean_allowed_rate_mbps"] = Mean(allowed_mean_) * 8 / 1e6;
  s["mean_equation_rate_mbps"] = Mean(equation_mean_) * 8 / 1e6;
}

}  // namespace plab

namespace plab {

void RateProbe::Observe(FlowState& state) const {
  state.has_rate = true;
  state.allowed_rate_bytes_s = allowed_mean_.last;
  state.equation_rate_bytes_s = equation_mean_.last;
  state.loss_event_rate = p_mean_.last;
}

}  // namespace plab
