#include "scenario/simulation.h"

#include <algorithm>
#include <limits>

#include "metrics/aggregates.h"
#include "scenario/params.h"
#include "scenario/streams.h"

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

nlohmann::ordered_json OrNull(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
}

}  // namespace

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
  ProbeOptions probe_options;
  Time start;
  Time stop;  // Infinite: never
  bool finite = false;
};

Simulation::Simulation(const Scenario& scenario, bool record_series)
    : scenario_(scenario),
      record_series_(record_series),
      legacy_root_(static_cast<uint64_t>(scenario.Integer("seed"))),
      duration_(Time::FromSecondsDouble(scenario.Number("duration_s"))),
      measure_from_(Time::FromSecondsDouble(scenario.Number("metrics.start_s"))) {
  scheduler_.set_event_budget(static_cast<uint64_t>(scenario_.Integer("max_events")));
  Build();
}

Simulation::~Simulation() = default;

void Simulation::Build() {
  const int n = scenario_.flow_count();
  buckets_ = std::clamp(kLinePointBudget / n, 25, 1000);
  topology_ = std::make_unique<Topology>(scenario_, &scheduler_, &pool_, &live_);
  bottleneck_metrics_ = std::make_unique<LinkMetrics>(duration_, 1000, record_series_);
  topology_->bottleneck_forward().set_queue_observer(bottleneck_metrics_.get());
  all_finite_ = true;
  for (int i = 0; i < n; ++i) BuildExplicitFlow(i);
  ids_ = std::make_unique<FlowIds>(static_cast<uint32_t>(n));
  BackgroundGroup::Params group_params{duration_, measure_from_, kThroughputBins, record_series_};
  for (int g = 0; g < scenario_.count("background"); ++g) {
    groups_.push_back(std::make_unique<BackgroundGroup>(g, scenario_, &scheduler_, &pool_, topology_.get(),
                                                        ids_.get(), group_params));
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
  } else {
    f->source = std::make_unique<BulkSource>(total);
  }
  f->start = Time::FromSecondsDouble(v.Number("start_s"));
  const double stop_s = v.Number("stop_s");
  f->stop = stop_s > 0 ? Time::FromSecondsDouble(stop_s) : Time::Infinite();
  f->finite = size > 0 || stop_s > 0;
  all_finite_ = all_finite_ && f->finite;

  const auto mss = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
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
  const Topology::HostPath path = topology_->AddHostPair(v, "flows[" + std::to_string(index) + "]");
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
  mp.record_series = record_series_;
  f->metrics = std::make_unique<FlowMetrics>(&scheduler_, mp, f->token_bucket);
  if (f->forward.window != nullptr) f->metrics->WatchRecovery(f->forward.window->recovery_target_bytes());
  f->flow->sender().set_observer(f->metrics.get());
  f->metrics->set_completion_listener(f.get());
  f->flow->receiver().set_observer(f->metrics.get());
  f->playback->set_observer(f->metrics.get());
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
  bottleneck_metrics_->Finish();
  for (auto& g : groups_) g->Finish(end);
}

nlohmann::ordered_json Simulation::FlowSummary(const ExplicitFlow& f) const {
  const SenderEndpoint& sender = f.flow->sender();
  const ReceiverEndpoint& receiver = f.flow->receiver();
  const SenderCounts counts = sender.counts();
  const FlowMetrics& m = *f.metrics;
  nlohmann::ordered_json s;
  s["protocol"] = f.flow->protocol().name;
  s["goodput_mbps"] = m.GoodputMbps(f.end(EndTime()));
  s["delivered_bytes"] = receiver.in_order_bytes();
  s["completed"] = sender.completed();
  s["connection_time_s"] = sender.completed() ? nlohmann::ordered_json((sender.completed_at() - f.start).seconds())
                                              : nlohmann::ordered_json();
  s["start_s"] = f.start.seconds();
  s["retransmissions"] = counts.retransmissions;
  s["app_success_pct"] = f.playback->success_pct();
  s["app_reads"] = f.playback->reads();
  // Without a token bucket there are no tokens to count: null, not 0.
  const bool tokens = f.token_bucket != nullptr;
  s["mean_tokens_per_rtt"] = tokens ? nlohmann::ordered_json(m.mean_tokens_per_rtt()) : nlohmann::ordered_json();
  s["mean_allowed_tokens_per_rtt"] =
      tokens ? nlohmann::ordered_json(m.mean_allowed_tokens_per_rtt()) : nlohmann::ordered_json();
  s["mean_srtt_ms"] = m.mean_srtt_ms();
  s["mean_rto_ms"] = m.mean_rto_ms();
  s["data_packets_sent"] = counts.data_packets_sent;
  s["acks_sent"] = receiver.feedback_sent();
  const Route& fwd = f.flow->forward_route();
  const Route& rev = f.flow->reverse_route();
  s["forward_channel_drops"] = fwd.stats.channel_drops;
  s["reverse_channel_drops"] = rev.stats.channel_drops;
  s["queue_drops"] = fwd.stats.queue_drops + rev.stats.queue_drops;
  s["link_drops"] = fwd.stats.link_drops + rev.stats.link_drops;
  // LE paper §3.1: from the first loss until every lost segment is delivered in order.
  nlohmann::ordered_json recovery;
  if (f.forward.window != nullptr && !f.forward.window->first_drop_at().IsInfinite() && m.recovered()) {
    recovery = (m.recovered_at() - f.forward.window->first_drop_at()).seconds();
  }
  s["recovery_duration_s"] = recovery;
  if (f.flow->probe() != nullptr) {
    f.flow->probe()->AppendSummary(s, {m.mean_srtt_ms(), m.mean_rto_ms(), counts.data_packets_sent});
  }
  return s;
}

nlohmann::ordered_json Simulation::RunFigures() const {
  const Time end = EndTime();
  nlohmann::ordered_json s;
  s["max_queue_packets"] = bottleneck_metrics_->max_queue();
  s["mean_queue_packets"] = bottleneck_metrics_->MeanQueue(end);
  std::vector<double> goodputs;
  double total = 0;
  for (const auto& f : flows_) {
    goodputs.push_back(f->metrics->GoodputMbps(f->end(end)));
    total += goodputs.back();
  }
  s["flows"] = flows_.size();
  s["flows_goodput_mbps"] = total;
  s["mean_goodput_mbps"] = total / static_cast<double>(flows_.size());
  double background = 0;
  for (const auto& g : groups_) background += g->Summary(end)["goodput_mbps"].get<double>();
  s["background_goodput_mbps"] = background;
  s["total_goodput_mbps"] = total + background;
  s["jain_index"] = OrNull(JainIndex(goodputs));
  std::vector<FlowShare> shares;
  for (size_t i = 0; i < flows_.size(); ++i) {
    shares.push_back({flows_[i]->flow->protocol().name, flows_[i]->flow->protocol().family, goodputs[i]});
  }
  s["normalized_throughput"] = OrNull(NormalizedThroughput(shares, flows_[0]->flow->protocol().name));
  s["events"] = scheduler_.events_run();
  s["sim_end_s"] = end.seconds();
  s["ended_by"] = ended_by_;
  return s;
}

nlohmann::ordered_json Simulation::ProtocolGroups() const {
  const Time end = EndTime();
  std::vector<FlowShare> shares;
  for (const auto& f : flows_) {
    shares.push_back({f->flow->protocol().name, f->flow->protocol().family, f->metrics->GoodputMbps(f->end(end))});
  }
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  std::vector<std::string> seen;
  for (const FlowShare& share : shares) {
    if (std::find(seen.begin(), seen.end(), share.protocol) != seen.end()) continue;
    seen.push_back(share.protocol);
    std::vector<double> own;
    for (const FlowShare& other : shares) {
      if (other.protocol == share.protocol) own.push_back(other.goodput_mbps);
    }
    double sum = 0;
    for (double x : own) sum += x;
    nlohmann::ordered_json p;
    p["protocol"] = share.protocol;
    p["flows"] = own.size();
    p["goodput_mbps"] = sum;
    p["mean_goodput_mbps"] = sum / static_cast<double>(own.size());
    p["jain_index"] = OrNull(JainIndex(own));
    p["normalized_throughput"] = OrNull(NormalizedThroughput(shares, share.protocol));
    out.push_back(std::move(p));
  }
  return out;
}

nlohmann::ordered_json Simulation::Summary() const {
  nlohmann::ordered_json s = FlowSummary(*flows_[0]);
  const nlohmann::ordered_json run = RunFigures();
  for (const auto& [key, value] : run.items()) s[key] = value;
  return s;
}

nlohmann::ordered_json Simulation::Report(std::vector<double>* columns) const {
  const Time end = EndTime();
  nlohmann::ordered_json doc;
  doc["ok"] = true;
  doc["summary"] = Summary();
  if (ended_by_ == "event_budget") {
    doc["warning"] = "the run stopped at " + FormatNumber(end.seconds()) + " s of " +
                     FormatNumber(duration_.seconds()) + " s after " + std::to_string(scheduler_.events_run()) +
                     " events, its event budget (max_events); shorten the run or raise max_events";
  }
  doc["flows"] = nlohmann::ordered_json::array();
  for (const auto& f : flows_) {
    doc["flows"].push_back({{"index", f->index}, {"protocol", f->flow->protocol().name}, {"summary", FlowSummary(*f)}});
  }
  doc["groups"] = nlohmann::ordered_json::array();
  for (size_t g = 0; g < groups_.size(); ++g) {
    doc["groups"].push_back({{"index", g}, {"summary", groups_[g]->Summary(end)}});
  }
  doc["protocols"] = ProtocolGroups();

  SeriesSink sink;
  if (record_series_) {
    for (const auto& f : flows_) {
      sink.SetScope("flow", f->index, "flows[" + std::to_string(f->index) + "]");
      if (f->flow->probe() != nullptr) f->flow->probe()->AppendSeries(sink);
      f->metrics->AppendSeries(sink);
    }
    sink.SetScope("link", -1, "links.bottleneck");
    bottleneck_metrics_->AppendSeries(sink);
    for (size_t g = 0; g < groups_.size(); ++g) {
      sink.SetScope("group", static_cast<int>(g), "background[" + std::to_string(g) + "]");
      groups_[g]->AppendSeries(sink);
    }
    if (flows_.size() >= 2) {
      // Jain's index over time, per throughput bin, over the flows alive in that bin.
      sink.SetScope("run", -1, "run");
      std::vector<double> t, v;
      const Time width = flows_[0]->metrics->bin_width();
      for (size_t i = 0; width * static_cast<int64_t>(i) < end; ++i) {
        const Time from = width * static_cast<int64_t>(i);
        std::vector<double> share;
        for (const auto& f : flows_) {
          if (f->start <= from && f->end(end) > from) share.push_back(f->metrics->bin_bytes()[i]);
        }
        if (share.size() < 2) continue;
        if (const auto jain = JainIndex(share)) {
          t.push_back(std::min(from + width, end).seconds());
          v.push_back(*jain);
        }
      }
      sink.Add("jain", "", "line", t, v);
    }
  }
  doc["series"] = std::move(sink.meta());
  *columns = std::move(sink.columns());
  doc["scenario"] = scenario_.ToJson();
  return doc;
}

}  // namespace plab
