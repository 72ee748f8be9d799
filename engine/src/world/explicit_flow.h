// The definition of Simulation's explicit flow, shared by simulation.cc (which
// builds and runs flows) and simulation_report.cc (which reports them). Private to
// those two files.
#pragma once

#include <memory>

#include "metrics/flow_delay.h"
#include "params/param_view.h"
#include "world/simulation.h"

namespace plab {

// One explicit flow: its application, channels, transport, reader and measurements.
// Its metrics tell it when the transfer is complete; it stops the reader and tells the
// simulation (which decides whether the run is over).
struct Simulation::ExplicitFlow final : public SenderObserver {
  ExplicitFlow(Simulation* s, int i) : sim(s), index(i), params(s->scenario_, Scenario::FlowPrefix(i)) {}

  void OnTransferComplete(Time now) override {
    playback->Stop();
    sim->OnFlowComplete(*this, now);
  }
  Time end(Time run_end) const { return flow->sender().completed() ? flow->sender().completed_at() : run_end; }

  Simulation* sim;
  int index;
  ParamView params;
  std::unique_ptr<DataSource> source;
  const TokenBucketSource* token_bucket = nullptr;
  BuiltErrors forward;
  BuiltErrors reverse;
  std::unique_ptr<Flow> flow;
  std::unique_ptr<PlaybackReader> playback;
  std::unique_ptr<FlowMetrics> metrics;
  std::unique_ptr<FlowDelay> delay;       // per-packet delays (the contest's figures)
  std::unique_ptr<StreamMetrics> stream;  // a live stream's viewer (app.stream)
  ProbeOptions probe_options;
  Time start;
  Time stop;      // Infinite: never
  Time base_rtt;  // the path's propagation delays both ways, as built (reported only)
  bool finite = false;
};

}  // namespace plab
