#include "scenario/simulation.h"

#include <limits>

#include "metrics/throughput_models.h"
#include "transport/protocol_factory.h"

namespace plab {
namespace {

// Random streams, one per consumer, so adding a consumer shifts no other stream.
constexpr uint64_t kForwardChannelStream = 1;
constexpr uint64_t kReverseChannelStream = 2;

Link::Params LinkParams(const Scenario& s, const std::string& prefix) {
  Link::Params p;
  p.rate = Bandwidth::FromMbpsDouble(s.Number(prefix + "rate_mbps"));
  p.delay = Time::FromMillisecondsDouble(s.Number(prefix + "delay_ms"));
  return p;
}

}  // namespace

std::unique_ptr<ErrorModel> Simulation::MakeErrorModel(const std::string& prefix, uint64_t stream, uint32_t mss) {
  const std::string& model = scenario_.Enum(prefix + "model");
  Random rng = rng_.Fork(stream);
  if (model == "bernoulli") return std::make_unique<BernoulliErrors>(scenario_.Number(prefix + "p"), rng);
  if (model == "on_off") {
    OnOffErrors::Params p;
    p.on_mean = Time::FromSecondsDouble(scenario_.Number(prefix + "on_mean_s"));
    p.off_mean = Time::FromSecondsDouble(scenario_.Number(prefix + "off_mean_s"));
    p.on_p = scenario_.Number(prefix + "on_p");
    p.off_p = scenario_.Number(prefix + "off_p");
    return std::make_unique<OnOffErrors>(p, rng);
  }
  if (model == "scripted") return std::make_unique<ScriptedErrors>(scenario_.IntList(prefix + "drop_packets"));
  if (model == "window") {
    auto errors = std::make_unique<WindowDropErrors>(scenario_.Integer(prefix + "window_first_segment"),
                                                     scenario_.Integer(prefix + "window_segments"),
                                                     scenario_.Integer(prefix + "window_drops"), mss, rng);
    window_drops_ = errors.get();
    return errors;
  }
  return std::make_unique<NoErrors>();
}

Simulation::Simulation(const Scenario& scenario, bool record_series)
    : scenario_(scenario),
      rng_(static_cast<uint64_t>(scenario.Integer("seed"))),
      duration_(Time::FromSecondsDouble(scenario.Number("duration_s"))) {
  const std::string f = Scenario::FlowPrefix(0);
  protocol_ = scenario.Enum(f + "protocol");

  const int64_t size = scenario.Integer(f + "app.size_bytes");
  const uint64_t total = size == 0 ? std::numeric_limits<uint64_t>::max() : static_cast<uint64_t>(size);
  if (scenario.Bool(f + "app.token_bucket.enabled")) {
    TokenBucketSource::Params tb;
    tb.total_bytes = total;
    tb.tokens_per_interval = scenario.Integer(f + "app.token_bucket.tokens_per_interval");
    tb.interval = Time::FromMillisecondsDouble(scenario.Number(f + "app.token_bucket.interval_ms"));
    tb.depth_tokens = scenario.Integer(f + "app.token_bucket.depth_tokens");
    tb.token_bytes = static_cast<uint32_t>(scenario.Integer(f + "app.token_bucket.token_bytes"));
    auto bucket = std::make_unique<TokenBucketSource>(tb);
    token_bucket_ = bucket.get();
    source_ = std::move(bucket);
  } else {
    source_ = std::make_unique<BulkSource>(total);
  }

  const auto mss = static_cast<uint32_t>(scenario.Integer(f + "tcp.mss_bytes"));
  auto link = [&](const std::string& prefix) {
    auto queue = std::make_unique<DropTailQueue>(&pool_, scenario.Integer(prefix + "queue_packets"));
    return std::make_unique<Link>(&scheduler_, &pool_, LinkParams(scenario, prefix), std::move(queue), nullptr);
  };
  access_fwd_ = link("topology.access.");
  access_rev_ = link("topology.access.");
  bottleneck_fwd_ = link("topology.bottleneck.");
  bottleneck_rev_ = link("topology.bottleneck.");
  forward_channel_ = MakeErrorModel(f + "channel.forward.", kForwardChannelStream, mss);
  reverse_channel_ = MakeErrorModel(f + "channel.reverse.", kReverseChannelStream, mss);

  TcpSenderParams sp;
  sp.mss = static_cast<uint32_t>(scenario.Integer(f + "tcp.mss_bytes"));
  sp.timestamps = scenario.Bool(f + "tcp.timestamps");
  sp.cwnd_validation = scenario.Bool(f + "tcp.cwnd_validation");
  sp.limited_transmit = scenario.Bool(f + "tcp.limited_transmit");
  // RFC 7323 §3: the option is 10 bytes, padded to 12.
  sp.header_bytes = static_cast<uint32_t>(scenario.Integer(f + "tcp.header_bytes")) + (sp.timestamps ? 12 : 0);
  sp.initial_window_segments = static_cast<uint32_t>(scenario.Integer(f + "tcp.initial_window_segments"));
  sp.max_window_bytes = static_cast<uint64_t>(scenario.Integer(f + "tcp.max_window_segments")) * sp.mss;
  sp.dupack_threshold = static_cast<int>(scenario.Integer(f + "tcp.dupack_threshold"));
  sp.rtt.min_rto = Time::FromMillisecondsDouble(scenario.Number(f + "tcp.min_rto_ms"));
  sp.rtt.initial_rto = Time::FromMillisecondsDouble(scenario.Number(f + "tcp.initial_rto_ms"));
  sp.rtt.max_rto = Time::FromMillisecondsDouble(scenario.Number(f + "tcp.max_rto_ms"));
  const Protocol protocol = ProtocolFromName(protocol_);
  const std::string& recovery_name = scenario.Enum(f + "recovery");
  const Recovery recovery = recovery_name == "default" ? DefaultRecovery(protocol) : RecoveryFromName(recovery_name);
  const std::string& sack_option = scenario.Enum(f + "tcp.sack");
  const bool sack = sack_option == "on" || (sack_option == "auto" && NeedsSack(recovery));
  ProtocolOptions options;
  options.vegas_alpha = scenario.Number(f + "vegas.alpha");
  options.vegas_beta = scenario.Number(f + "vegas.beta");
  options.vegas_gamma = scenario.Number(f + "vegas.gamma");
  sender_ = std::make_unique<TcpSender>(&scheduler_, &pool_, sp, MakeCongestionControl(protocol, options),
                                        MakeLossRecovery(recovery), source_.get());
  TcpReceiverParams rp;
  rp.ack_bytes = sp.header_bytes;
  rp.sack = sack;
  rp.timestamps = sp.timestamps;
  rp.delayed_ack_count = scenario.Bool(f + "tcp.delayed_ack") ? static_cast<int>(scenario.Integer(f + "tcp.delayed_ack_count")) : 1;
  rp.delayed_ack_timeout = Time::FromMillisecondsDouble(scenario.Number(f + "tcp.delayed_ack_timeout_ms"));
  receiver_ = std::make_unique<TcpReceiver>(&scheduler_, &pool_, rp);

  forward_route_.hops = {access_fwd_.get(), bottleneck_fwd_.get(), receiver_.get()};
  forward_route_.channel = forward_channel_.get();
  forward_route_.channel_hop = 1;
  reverse_route_.hops = {bottleneck_rev_.get(), access_rev_.get(), sender_.get()};
  reverse_route_.channel = reverse_channel_.get();
  reverse_route_.channel_hop = 0;
  sender_->set_route(&forward_route_);
  receiver_->set_route(&reverse_route_);

  PlaybackReader::Params pb;
  pb.startup = Time::FromMillisecondsDouble(scenario.Number(f + "app.playback.startup_ms"));
  pb.interval = Time::FromMillisecondsDouble(scenario.Number(f + "app.playback.interval_ms"));
  pb.read_bytes = static_cast<uint64_t>(scenario.Integer(f + "app.playback.read_bytes"));
  pb.total_bytes = total;
  playback_ = std::make_unique<PlaybackReader>(&scheduler_, receiver_.get(), pb);

  metrics_ = std::make_unique<FlowMetrics>(&scheduler_, duration_, sp.mss, token_bucket_, record_series);
  if (window_drops_ != nullptr) metrics_->WatchRecovery(window_drops_->recovery_target_bytes());
  sender_->set_observer(metrics_.get());
  receiver_->set_observer(metrics_.get());
  playback_->set_observer(metrics_.get());
  bottleneck_fwd_->set_queue_observer(metrics_.get());
}

void Simulation::Run() {
  sender_->Start();
  playback_->Start();
  scheduler_.RunUntil(duration_);
  metrics_->Finish();
}

nlohmann::ordered_json Simulation::Summary() const {
  const TcpSenderStats& st = sender_->stats();
  const Time end = st.completed ? st.completed_at : scheduler_.now();
  const double end_s = end.seconds();
  const uint64_t delivered = receiver_->in_order_bytes();
  nlohmann::ordered_json s;
  s["protocol"] = protocol_;
  s["goodput_mbps"] = end_s > 0 ? static_cast<double>(delivered) * 8.0 / end_s / 1e6 : 0.0;
  s["delivered_bytes"] = delivered;
  s["completed"] = st.completed;
  s["connection_time_s"] = st.completed ? nlohmann::ordered_json(st.completed_at.seconds()) : nlohmann::ordered_json();
  s["retransmissions"] = st.retransmissions;
  s["timeouts"] = st.timeouts;
  s["fast_retransmits"] = st.fast_retransmits;
  s["partial_acks"] = st.partial_acks;
  s["app_success_pct"] = playback_->success_pct();
  s["app_reads"] = playback_->reads();
  // Without a token bucket there are no tokens to count: null, not 0.
  const bool tokens = token_bucket_ != nullptr;
  s["mean_tokens_per_rtt"] = tokens ? nlohmann::ordered_json(metrics_->mean_tokens_per_rtt()) : nlohmann::ordered_json();
  s["mean_allowed_tokens_per_rtt"] =
      tokens ? nlohmann::ordered_json(metrics_->mean_allowed_tokens_per_rtt()) : nlohmann::ordered_json();
  s["mean_srtt_ms"] = metrics_->mean_srtt_ms();
  s["data_packets_sent"] = st.data_packets_sent;
  s["acks_sent"] = receiver_->stats().acks_sent;
  s["forward_channel_drops"] = forward_route_.stats.channel_drops;
  s["reverse_channel_drops"] = reverse_route_.stats.channel_drops;
  s["queue_drops"] = forward_route_.stats.queue_drops + reverse_route_.stats.queue_drops;
  s["max_queue_packets"] = metrics_->max_queue();
  s["mean_queue_packets"] = metrics_->MeanQueue(end);
  s["bandwidth_estimate_mbps"] = static_cast<double>(sender_->congestion_control_algorithm().BandwidthEstimateBps()) / 1e6;
  // The throughput equations with this run's own loss-indication rate, RTT and RTO.
  const double indications = static_cast<double>(st.fast_retransmits + st.timeouts);
  ModelInputs model;
  model.segment_bytes = sender_->state().mss;
  model.rtt_s = metrics_->mean_srtt_ms() / 1e3;
  model.rto_s = metrics_->mean_rto_ms() / 1e3;
  model.p = st.data_packets_sent > 0 ? indications / static_cast<double>(st.data_packets_sent) : 0;
  s["mean_rto_ms"] = metrics_->mean_rto_ms();
  // LE paper §3.1: from the first loss until every lost segment is delivered in order.
  nlohmann::ordered_json recovery;
  if (window_drops_ != nullptr && !window_drops_->first_drop_at().IsInfinite() && metrics_->recovered()) {
    recovery = (metrics_->recovered_at() - window_drops_->first_drop_at()).seconds();
  }
  s["recovery_duration_s"] = recovery;
  s["loss_event_rate"] = model.p;
  s["model_simple_mbps"] = SimpleModelBytesPerSecond(model) * 8 / 1e6;
  s["model_complex_mbps"] = ComplexModelBytesPerSecond(model) * 8 / 1e6;
  s["model_modified_mbps"] = ModifiedModelBytesPerSecond(model) * 8 / 1e6;
  s["final_cwnd_segments"] = static_cast<double>(sender_->window().cwnd) / sender_->state().mss;
  s["events"] = scheduler_.events_run();
  s["sim_end_s"] = end_s;
  return s;
}

}  // namespace plab
