// What a protocol family measures of its own sender, beside the per-flow metrics every
// flow has (flow_metrics.h): TCP's window and recoveries (tcp_probe.h); a rate-based
// family's sending and allowed rates. The family's sender factory makes it (the
// registry's SenderParts), attached to the sender it made; the simulation only asks it
// to finish and report.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "record/series_sink.h"
#include "sim/time.h"

namespace plab {

struct ProbeOptions {
  Time horizon;                // the run's duration: series are bucketed over it
  int buckets = 1000;          // per line series
  bool record_series = true;   // off for sweeps (summary only)
  bool record_traces = false;  // every segment and ACK (the one traced flow)
};

// What the generic metrics measured, for figures that combine both.
struct FlowFigures {
  double mean_srtt_ms = 0;
  double mean_rto_ms = 0;
  int64_t data_packets_sent = 0;
  double goodput_mbps = 0;
};

class TransportProbe {
 public:
  virtual ~TransportProbe() = default;
  virtual void Finish() = 0;
  virtual void AppendSeries(SeriesSink& out) const = 0;
  virtual void AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const = 0;
  // Anything else the family reports in the flow's entry of the result document
  // (`flows[i]`, beside its summary), e.g. what its algorithm recorded; none by default.
  virtual void AppendReport(nlohmann::ordered_json& /*flow*/) const {}
  // The family's figures of the sender's state now (RunSession::Observe): its window
  // or its rate; none by default.
  virtual void Observe(FlowState& /*state*/) const {}
};

}  // namespace plab
