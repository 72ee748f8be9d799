// Builds the world a scenario describes, runs it and reports. One Simulation is one
// run: its scheduler, packets and random streams are its own (STYLE §7).
//
// It can be advanced in steps, with a parameter changed between steps (live mode):
//   Simulation sim(scenario);
//   sim.AdvanceTo(Time::FromSeconds(5));
//   sim.Set("flows[0].channel.forward.p", 0.05);
//   sim.AdvanceTo(Time::FromSeconds(10));
// Stepping gives exactly the run an unbroken Run() gives. A run ends at duration_s,
// when every explicit flow with a finite transfer has finished (if all of them are
// finite), or when the event budget (max_events) is spent; metrics never end it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/playback_reader.h"
#include "app/token_bucket_source.h"
#include "metrics/flow_metrics.h"
#include "metrics/link_metrics.h"
#include "metrics/packet_capture.h"
#include "metrics/packet_trace.h"
#include "plab/api.h"
#include "scenario/scenario.h"
#include "sim/random.h"
#include "sim/scheduler.h"
#include "world/background.h"
#include "world/error_factory.h"
#include "world/flow.h"
#include "world/topology.h"

namespace plab {

class Simulation final : public EventHandler {
 public:
  // `record_series`: keep the time series (off when only the summary is wanted).
  // `pcap`: where a packet capture's files go (metrics/packet_capture.h); unset = none.
  explicit Simulation(const Scenario& scenario, bool record_series = true, PacketCapture::OpenStream pcap = {});
  ~Simulation() override;
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  // Runs to the end.
  void Run();
  // Runs up to `t` (at most the duration); returns true once the run has ended.
  bool AdvanceTo(Time t);
  // Changes a live parameter (one declared live, e.g. a loss rate or a link's rate)
  // from now on. Returns "" or why it cannot be changed.
  std::string Set(const std::string& path, const nlohmann::json& value);

  Time now() const { return scheduler_.now(); }
  bool ended() const { return ended_; }
  // "duration", "completed" (every finite flow done) or "event_budget".
  const std::string& ended_by() const { return ended_by_; }
  const Scheduler& scheduler() const { return scheduler_; }
  const Scenario& scenario() const { return scenario_; }
  // Explicit flow `flow`'s state now (plab::FlowState), read from its sender, its
  // metrics and its family's probe; invalid for a flow the run lacks.
  FlowState Observe(int flow) const;

  // The headline summary: flows[0]'s figures, run-level figures and aggregates.
  nlohmann::ordered_json Summary() const;
  // The whole result document (docs/engine-api.md): summary, per-flow and per-group
  // summaries, per-protocol aggregates and series descriptors; the points go to
  // `columns`.
  nlohmann::ordered_json Report(std::vector<double>* columns) const;
  // The report's head alone: "ok", "summary" and a partial run's marks (what a
  // campaign stores; RunOptions::summary_only).
  nlohmann::ordered_json ReportHead() const;

  void OnEvent(uint32_t tag, uint64_t arg) override;

 private:
  struct ExplicitFlow;

  void Build();
  void BuildCapture(Time from, Time to);
  void BuildExplicitFlow(int index);
  void StartFlows();
  void StartFlow(ExplicitFlow& f);
  void OnFlowComplete(ExplicitFlow& f, Time now);
  void FinishRun();
  Time EndTime() const;
  nlohmann::ordered_json FlowSummary(const ExplicitFlow& f) const;
  nlohmann::ordered_json RunFigures() const;
  nlohmann::ordered_json ProtocolGroups() const;
  nlohmann::ordered_json FairShareByProtocol(const std::vector<double>& goodputs) const;

  Scenario scenario_;
  bool record_series_;
  Scheduler scheduler_;
  PacketPool pool_;
  Random legacy_root_;  // flows[0]'s channels only (their pre-multi-flow streams)
  Time duration_;
  Time measure_from_;
  bool goodput_counts_app_rx_;  // metrics.goodput = app (FlowMetrics::Params)
  int buckets_ = 1000;
  LiveSetters live_;
  std::unique_ptr<Topology> topology_;
  std::unique_ptr<LinkMetrics> bottleneck_metrics_;
  std::unique_ptr<PacketTrace> packet_trace_;  // null unless metrics.packet_trace asks
  PacketCapture::OpenStream pcap_;
  std::unique_ptr<PacketCapture> capture_;  // null unless a capture was asked for
  std::vector<std::unique_ptr<ExplicitFlow>> flows_;
  std::vector<std::unique_ptr<BackgroundGroup>> groups_;
  std::unique_ptr<FlowIds> ids_;
  bool started_ = false;
  bool ended_ = false;
  bool all_finite_ = false;
  int completed_ = 0;
  std::string ended_by_ = "duration";
};

}  // namespace plab
