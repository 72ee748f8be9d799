#include "world/simulation.h"

#include <algorithm>
#include <limits>

#include "app/cbr_source.h"
#include "metrics/aggregates.h"
#include "scenario/link_params.h"
#include "scenario/params.h"
#include "world/explicit_flow.h"
#include "world/streams.h"

namespace plab {
namespace {

enum Tag : uint32_t { kStartFlow, kStopFlow };

// Forks of the root generator that flows[0]'s channels took before there were many
// flows (Random::Fork); every other consumer has a stream of its own (streams.h).
constexpr uint64_t kLegacyForwardChannelFork = 1;
constexpr uint64_t kLegacyReverseChannelFork = 2;

// Line series per flow shrink with the number of flows, so a result stays a few
// hundred thousand points whatever N is.
constexpr int kLinePointBudget = 6000;
constexpr int kThroughputBins = 200;

// The sum of the link delays a route crosses (its last hop is an endpoint, not a link).
Time PropagationDelay(const std::vector<PacketSink*>& hops) {
  Time sum = Time::Zero();
  for (const PacketSink* hop : hops) {
    if (const auto* link = dynamic_cast<const Link*>(hop)) sum = sum + link->params().delay;
  }
  return sum;
}

}  // namespace

Simulation::Simulation(const Scenario& scenario, bool record_series, PacketCapture::OpenStream pcap)
    : scenario_(scenario),
      record_series_(record_series),
      legacy_root_(static_cast<uint64_t>(scenario.Integer("seed"))),
      duration_(Time::FromSecondsDouble(scenario.Number("duration_s"))),
      measure_from_(Time::FromSecondsDouble(scenario.Number("metrics.start_s"))),
      goodput_counts_app_rx_(scenario.Enum("metrics.goodput") == "app"),
      pcap_(std::move(pcap)) {
  scheduler_.set_event_budget(static_cast<uint64_t>(scenario_.Integer("max_events")));
  Build();
}

Simulation::~Simulation() = default;

void Simulation::Build() {
  const int n = scenario_.flow_count();
  buckets_ = std::clamp(kLinePointBudget / n, 25, 1000);
  topology_ = std::make_unique<Topology>(scenario_, &scheduler_, &pool_, &live_);
  bottleneck_metrics_ = std::make_unique<LinkMetrics>(duration_, 1000, kThroughputBins, record_series_);
  bottleneck_metrics_->set_measure_from(measure_from_);
  topology_->bottleneck_forward().set_queue_observer(bottleneck_metrics_.get());
  if (const DeliveryTrace* trace = topology_->bottleneck_forward().trace()) bottleneck_metrics_->set_trace(trace);
  all_finite_ = true;
  for (int i = 0; i < n; ++i) BuildExplicitFlow(i);
  bottleneck_metrics_->WatchFlowQueues(&topology_->bottleneck_forward().queue(), n, duration_, buckets_);
  // The marks drawn on the queue chart: the bottleneck's, where its queue can mark.
  if (QueueCanMark(scenario_.Enum("topology.bottleneck.queue"))) {
    bottleneck_metrics_->WatchMarks(&topology_->bottleneck_forward().queue(), n, duration_, kThroughputBins);
  }
  ids_ = std::make_unique<FlowIds>(static_cast<uint32_t>(n));
  BackgroundGroup::Params group_params{duration_, measure_from_, kThroughputBins, record_series_,
                                       goodput_counts_app_rx_};
  for (int g = 0; g < scenario_.count("background"); ++g) {
    groups_.push_back(std::make_unique<BackgroundGroup>(g, scenario_, &scheduler_, &pool_, topology_.get(), ids_.get(),
                                                        group_params));
  }
  const double trace_from = scenario_.Number("metrics.packet_trace.from_s");
  const double trace_to = scenario_.Number("metrics.packet_trace.to_s");
  if (record_series_ && trace_to > trace_from) {
    // After every link exists (groups add their own access links).
    packet_trace_ =
        std::make_unique<PacketTrace>(Time::FromSecondsDouble(trace_from), Time::FromSecondsDouble(trace_to));
    for (const auto& pair : topology_->links()) {
      packet_trace_->Watch(*pair->forward, pair->name, "forward");
      packet_trace_->Watch(*pair->reverse, pair->name, "reverse");
    }
  }
  // After the trace, so the capture's taps pass every event on to the trace's.
  if (pcap_) {
    const bool window = trace_to > trace_from;
    BuildCapture(window ? Time::FromSecondsDouble(trace_from) : Time::Zero(),
                 window ? Time::FromSecondsDouble(trace_to) : Time::Infinite());
  }
}

void Simulation::BuildCapture(Time from, Time to) {
  const auto family_of = [this](uint32_t flow) {
    return flow < flows_.size() ? flows_[flow]->flow->protocol().family : ids_->FamilyOf(flow);
  };
  capture_ = std::make_unique<PacketCapture>(from, to, pcap_, family_of);
  for (const auto& pair : topology_->links()) {
    capture_->Watch(*pair->forward, pair->name, "forward");
    capture_->Watch(*pair->reverse, pair->name, "reverse");
  }
}

void Simulation::BuildExplicitFlow(int index) {
  auto f = std::make_unique<ExplicitFlow>(this, index);
  const ParamView& v = f->params;
  const uint64_t seed = static_cast<uint64_t>(scenario_.Integer("seed"));
  const int64_t size = v.Integer("app.size_bytes");
  const uint64_t total = size == 0 ? std::numeric_limits<uint64_t>::max() : static_cast<uint64_t>(size);
  if (v.Bool("app.token_bucket.enabled")) {
    TokenBucketSource::Params tb;
    tb.total_bytes = total;
    tb.tokens_per_interval = v.Integer("app.token_bucket.tokens_per_interval");
    tb.interval = Time::FromMillisecondsDouble(v.Number("app.token_bucket.interval_ms"));
    tb.depth_tokens = v.Integer("app.token_bucket.depth_tokens");
    tb.token_bytes = static_cast<uint32_t>(v.Integer("app.token_bucket.token_bytes"));
    auto bucket = std::make_unique<TokenBucketSource>(tb);
    f->token_bucket = bucket.get();
    f->source = std::move(bucket);
  }
  f->start = Time::FromSecondsDouble(v.Number("start_s"));
  const auto mss = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
  if (v.Bool("app.stream.enabled")) {
    CbrSource::Params cbr{total, v.Number("app.stream.rate_kbps") * 1e3, mss, f->start};
    auto live = std::make_unique<CbrSource>(cbr);
    StreamMetrics::Params sp;
    sp.start = f->start;
    sp.packet_interval = live->packet_interval();
    sp.packet_bytes = mss;
    sp.playback_ratio = v.Number("app.stream.playback_ratio");
    sp.prebuffer = Time::FromSecondsDouble(v.Number("app.stream.prebuffer_s"));
    sp.measure_from = measure_from_;
    sp.frozen_gap = Time::FromMillisecondsDouble(v.Number("app.stream.frozen_gap_ms"));
    sp.timeouts_only = v.Enum("app.stream.frozen_counts") == "timeouts";
    sp.total_bytes = total;
    f->stream = std::make_unique<StreamMetrics>(sp);
    f->source = std::move(live);
  }
  if (f->source == nullptr) f->source = std::make_unique<BulkSource>(total);
  const double stop_s = v.Number("stop_s");
  f->stop = stop_s > 0 ? Time::FromSecondsDouble(stop_s) : Time::Infinite();
  f->finite = size > 0 || stop_s > 0;
  all_finite_ = all_finite_ && f->finite;

  const Random forward_rng = index == 0 ? legacy_root_.Fork(kLegacyForwardChannelFork)
                                        : Random::Stream(seed, streams::FlowChannel(index, true));
  const Random reverse_rng = index == 0 ? legacy_root_.Fork(kLegacyReverseChannelFork)
                                        : Random::Stream(seed, streams::FlowChannel(index, false));
  f->forward = MakeErrorModel(v, "channel.forward.", forward_rng, mss, &live_);
  f->reverse = MakeErrorModel(v, "channel.reverse.", reverse_rng, mss, &live_);

  const ProtocolEntry& protocol = *FindProtocol(v.Enum("protocol"));
  f->probe_options.horizon = duration_;
  f->probe_options.buckets = buckets_;
  f->probe_options.record_series = record_series_;
  f->probe_options.record_traces = record_series_ && index == scenario_.Integer("metrics.trace_flow");
  FlowEnv env;
  env.probe = &f->probe_options;
  env.scheduler = &scheduler_;
  env.pool = &pool_;
  env.flow = static_cast<uint32_t>(index);
  env.params = &f->params;
  env.source = f->source.get();
  env.register_live = [this, prefix = "flows[" + std::to_string(index) + "]."](const std::string& relative_path,
                                                                               std::function<void(double)> set) {
    live_[prefix + relative_path].push_back([set](const nlohmann::json& value) { set(value.get<double>()); });
  };
  const Topology::HostPath path = topology_->AddHostPair(v, "flows[" + std::to_string(index) + "]");
  f->base_rtt = PropagationDelay(path.forward) + PropagationDelay(path.reverse);
  f->flow = std::make_unique<Flow>(protocol, env, path, f->forward.model.get(), f->reverse.model.get());

  PlaybackReader::Params pb;
  pb.startup = Time::FromMillisecondsDouble(v.Number("app.playback.startup_ms"));
  pb.interval = Time::FromMillisecondsDouble(v.Number("app.playback.interval_ms"));
  pb.read_bytes = static_cast<uint64_t>(v.Integer("app.playback.read_bytes"));
  pb.total_bytes = total;
  pb.drain = v.Enum("app.playback.mode") == "drain";
  f->playback = std::make_unique<PlaybackReader>(&scheduler_, &f->flow->receiver(), pb);

  FlowMetrics::Params mp;
  mp.horizon = duration_;
  mp.buckets = buckets_;
  mp.throughput_bins = kThroughputBins;
  mp.start = f->start;
  mp.measure_from = measure_from_;
  mp.goodput_counts_app_rx = goodput_counts_app_rx_;
  mp.record_series = record_series_;
  f->metrics = std::make_unique<FlowMetrics>(&scheduler_, mp, f->token_bucket);
  if (f->forward.window != nullptr) f->metrics->WatchRecovery(f->forward.window->recovery_target_bytes());
  f->flow->sender().set_observer(f->metrics.get());
  f->metrics->set_completion_listener(f.get());
  f->metrics->set_stream(f->stream.get());
  f->flow->receiver().set_observer(f->metrics.get());
  f->playback->set_observer(f->metrics.get());
  f->delay = std::make_unique<FlowDelay>(measure_from_);
  f->flow->set_arrival_observer(f->delay.get());
  flows_.push_back(std::move(f));
}

void Simulation::StartFlows() {
  for (auto& f : flows_) {
    if (f->start == Time::Zero()) {
      StartFlow(*f);
    } else {
      scheduler_.At(f->start, this, kStartFlow, static_cast<uint64_t>(f->index));
    }
    if (!f->stop.IsInfinite()) scheduler_.At(f->stop, this, kStopFlow, static_cast<uint64_t>(f->index));
  }
  for (auto& g : groups_) g->Start();
}

void Simulation::StartFlow(ExplicitFlow& f) {
  f.flow->sender().Start();
  f.playback->Start();
}

void Simulation::OnEvent(uint32_t tag, uint64_t arg) {
  ExplicitFlow& f = *flows_[static_cast<size_t>(arg)];
  if (tag == kStartFlow) {
    StartFlow(f);
  } else {
    f.flow->sender().Close();
  }
}

void Simulation::OnFlowComplete(ExplicitFlow&, Time) {
  ++completed_;
  if (all_finite_ && completed_ == static_cast<int>(flows_.size())) {
    ended_ = true;
    ended_by_ = "completed";
    scheduler_.Stop();
  }
}

void Simulation::Run() { AdvanceTo(duration_); }

bool Simulation::AdvanceTo(Time t) {
  if (ended_) return true;
  if (!started_) {
    started_ = true;
    StartFlows();
  }
  scheduler_.RunUntil(std::min(t, duration_));
  if (scheduler_.budget_spent()) {
    ended_ = true;
    ended_by_ = "event_budget";
  } else if (scheduler_.now() >= duration_) {
    ended_ = true;
  }
  if (ended_) FinishRun();
  return ended_;
}

std::string Simulation::Set(const std::string& path, const nlohmann::json& value) {
  const ParamDecl* decl = FindParam(Scenario::PatternOf(path));
  if (decl == nullptr) return "unknown parameter " + path + " (see `lab schema`)";
  if (!decl->live) return path + " cannot change during a run; only parameters marked live can";
  const std::string problem = CheckValue(*decl, path, value);
  if (!problem.empty()) return problem;
  const auto it = live_.find(path);
  if (it == live_.end()) return path + " does not apply to this run (its topology or model does not use it)";
  for (const LiveSetter& set : it->second) set(value);
  scenario_.Override(path, value);
  return "";
}

Time Simulation::EndTime() const { return scheduler_.now(); }

void Simulation::FinishRun() {
  const Time end = EndTime();
  for (auto& f : flows_) {
    f->metrics->Finish(f->end(end));
    if (f->flow->probe() != nullptr) f->flow->probe()->Finish();
  }
  topology_->bottleneck_forward().Finish(end);  // its last packet's busy time, if done
  bottleneck_metrics_->Finish(end);
  for (auto& g : groups_) g->Finish(end);
}

}  // namespace plab
