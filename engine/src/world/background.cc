#include "world/background.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "metrics/aggregates.h"
#include "transport/throughput_models.h"
#include "world/streams.h"

namespace plab {
namespace {

enum Tag : uint32_t { kStart, kRequest };

// ns-2 RandomVariable/ParetoII (Lomax): scale x (U^(-1/shape) - 1), scale = mean (shape - 1),
// so the mean is `mean`; at least one byte.
uint64_t ParetoIIBytes(Random& rng, double mean, double shape) {
  const double u = 1.0 - rng.Uniform01();  // (0, 1]
  const double scale = mean * (shape - 1);
  const double x = scale * (DeterministicPow(u, -1.0 / shape) - 1);
  return static_cast<uint64_t>(std::clamp(std::ceil(x), 1.0, 1e12));
}

}  // namespace

class BackgroundGroup::Member final : public EventHandler, public SenderObserver, public ReceiverObserver {
 public:
  Member(BackgroundGroup* group, int index, const ProtocolEntry& protocol, const FlowEnv& env,
         const Topology::HostPath& path, Random rng, FlowIds* ids, bool http)
      : group_(group), index_(index), rng_(rng), ids_(ids), http_(http), source_() {
    FlowEnv mine = env;
    mine.source = &source_;
    mine.flow = ids_->Next(protocol.family);
    flow_ = std::make_unique<Flow>(protocol, mine, path, nullptr, nullptr);
    flow_->sender().set_observer(this);
    flow_->receiver().set_observer(this);
  }

  void StartAt(Scheduler* scheduler, Time at) {
    scheduler_ = scheduler;
    scheduler_->At(at, this, kStart);
  }

  void OnEvent(uint32_t tag, uint64_t) override {
    if (!http_) {
      flow_->sender().Start();
      return;
    }
    if (tag == kRequest) {
      const uint32_t id = ids_->Next(flow_->protocol().family);
      flow_->sender().Restart(id);
      flow_->receiver().Restart(id);
      last_bytes_ = 0;
      arrived_ = 0;
      held_until_ = 0;
    }
    source_.Reset(ParetoIIBytes(rng_, group_->params_.Number("size_mean_bytes"), group_->params_.Number("size_shape")));
    requested_at_ = scheduler_->now();
    flow_->sender().Start();
  }

  // SenderObserver: a response is complete; think, then ask for the next.
  void OnTransferComplete(Time now) override {
    if (!http_) return;
    group_->OnResponse(requested_at_, now);
    const double think_s = rng_.Exponential(group_->params_.Number("think_mean_s"));
    scheduler_->At(now + Time::FromSecondsDouble(think_s), this, kRequest);
  }

  // ReceiverObserver
  void OnInOrderBytes(Time now, uint64_t in_order_bytes) override {
    // In the window, data that arrived before it (held out of order behind a hole) is
    // not counted again when a repair releases it (FlowMetrics::GoodputMbps).
    const uint64_t from = now >= group_->params_run_.measure_from ? std::max(last_bytes_, held_until_) : last_bytes_;
    if (in_order_bytes > from) group_->OnDelivered(index_, now, in_order_bytes - from);
    last_bytes_ = in_order_bytes;
  }
  void OnNewBytesArrived(Time now, uint64_t bytes) override {
    arrived_ += bytes;
    if (now < group_->params_run_.measure_from && !group_->params_run_.goodput_counts_app_rx) held_until_ = arrived_;
    group_->OnArrived(now, bytes);
  }

 private:
  BackgroundGroup* group_;
  int index_;
  uint64_t arrived_ = 0;     // payload bytes that reached the receiver, first arrivals
  uint64_t held_until_ = 0;  // bytes arrived before the window: in it, delivery counts from here
  Random rng_;
  FlowIds* ids_;
  bool http_;
  BulkSource source_;
  std::unique_ptr<Flow> flow_;
  Scheduler* scheduler_ = nullptr;
  uint64_t last_bytes_ = 0;
  Time requested_at_;
};

BackgroundGroup::BackgroundGroup(int index, const Scenario& scenario, Scheduler* scheduler, PacketPool* pool,
                                 Topology* topology, FlowIds* ids, const Params& params)
    : index_(index),
      params_(scenario, Scenario::ItemPrefix("background", index)),
      scheduler_(scheduler),
      params_run_(params),
      kind_(params_.Enum("kind")),
      throughput_("throughput", "Mb/s", params.horizon, params.throughput_bins) {
  const int count = static_cast<int>(params_.Integer("count"));
  const ProtocolEntry& protocol = *FindProtocol(params_.Enum("protocol"));
  const uint64_t seed = static_cast<uint64_t>(scenario.Integer("seed"));
  FlowEnv env;
  env.scheduler = scheduler;
  env.pool = pool;
  env.params = &params_;
  // Each member's access delay: the group's, plus a share of the spread drawn once from
  // the seed (0 by default: every member the same round trip).
  Random delays = Random::Stream(seed, streams::GroupDelays(index));
  const double spread_ms = topology->kind() == "dumbbell" ? params_.Number("access.delay_spread_ms") : 0.0;
  for (int i = 0; i < count; ++i) {
    const std::string name = "background[" + std::to_string(index) + "][" + std::to_string(i) + "]";
    const Time extra = Time::FromMillisecondsDouble(spread_ms * delays.Uniform01());
    const Topology::HostPath path = topology->AddHostPair(params_, name, extra);
    const Random rng = Random::Stream(seed, streams::GroupMember(index, i));
    env.rng = rng;
    members_.push_back(std::make_unique<Member>(this, i, protocol, env, path, rng, ids, kind_ == "http"));
  }
  member_bytes_.assign(static_cast<size_t>(count), 0);
  const int bins = std::max(1, params.throughput_bins);
  bin_width_ = Time::FromNanoseconds(std::max<int64_t>(1, (params.horizon.ns() + bins - 1) / bins));
  bin_bytes_.assign(static_cast<size_t>(bins), 0.0);
}

BackgroundGroup::~BackgroundGroup() = default;

const std::string& BackgroundGroup::protocol() const { return params_.Enum("protocol"); }

void BackgroundGroup::Start() {
  Random starts =
      Random::Stream(static_cast<uint64_t>(params_.scenario().Integer("seed")), streams::GroupStarts(index_));
  const double lo = params_.Number("start_min_s");
  const double hi = params_.Number("start_max_s");
  for (auto& member : members_)
    member->StartAt(scheduler_, Time::FromSecondsDouble(lo + (hi - lo) * starts.Uniform01()));
}

void BackgroundGroup::OnDelivered(int member, Time now, uint64_t bytes) {
  if (now >= params_run_.measure_from) member_bytes_[static_cast<size_t>(member)] += bytes;
}

// The series counts data as it reaches the receivers (FlowMetrics::OnNewBytesArrived).
void BackgroundGroup::OnArrived(Time now, uint64_t bytes) {
  const size_t bin = std::min(bin_bytes_.size() - 1, static_cast<size_t>(now.ns() / bin_width_.ns()));
  bin_bytes_[bin] += static_cast<double>(bytes);
}

void BackgroundGroup::OnResponse(Time requested, Time now) {
  ++responses_;
  response_time_sum_s_ += (now - requested).seconds();
}

void BackgroundGroup::Finish(Time end) {
  if (!params_run_.record_series) return;
  for (size_t i = 0; i < bin_bytes_.size(); ++i) {
    const Time from = bin_width_ * static_cast<int64_t>(i);
    if (from >= end) break;
    const Time to = std::min(from + bin_width_, end);
    throughput_.Add(to, bin_bytes_[i] * 8 / (to - from).seconds() / 1e6);
  }
  throughput_.Finish();
}

nlohmann::ordered_json BackgroundGroup::Summary(Time end) const {
  const double span_s = (end - params_run_.measure_from).seconds();
  std::vector<double> goodputs;
  double total = 0;
  for (uint64_t bytes : member_bytes_) {
    const double mbps = span_s > 0 ? static_cast<double>(bytes) * 8 / span_s / 1e6 : 0.0;
    goodputs.push_back(mbps);
    total += mbps;
  }
  nlohmann::ordered_json s;
  s["kind"] = kind_;
  s["protocol"] = protocol();
  s["count"] = members_.size();
  s["goodput_mbps"] = total;
  s["mean_goodput_mbps"] = members_.empty() ? 0.0 : total / static_cast<double>(members_.size());
  const auto jain = JainIndex(goodputs);
  s["jain_index"] = jain ? nlohmann::ordered_json(*jain) : nlohmann::ordered_json();
  s["responses"] = responses_;
  s["mean_response_time_s"] = responses_ > 0
                                  ? nlohmann::ordered_json(response_time_sum_s_ / static_cast<double>(responses_))
                                  : nlohmann::ordered_json();
  return s;
}

void BackgroundGroup::AppendSeries(SeriesSink& out) const { out.Add(throughput_); }

}  // namespace plab
