#include "world/topology.h"

#include "world/queue_factory.h"
#include "world/streams.h"

#include <algorithm>
#include <cmath>

namespace plab {

std::optional<int64_t> BottleneckBdpPackets(const Scenario& s) {
  const double bdp = s.Number("topology.bottleneck.queue_bdp");
  if (bdp <= 0) return std::nullopt;
  const std::string kind = s.Enum("topology.kind");
  const std::string f0 = Scenario::FlowPrefix(0);
  double one_way_ms = s.Number("topology.bottleneck.delay_ms");
  if (kind == "dumbbell") {
    one_way_ms += s.Number(f0 + "access.delay_ms") + s.Number("topology.receiver_access.delay_ms");
  } else {
    one_way_ms += s.Number("topology.access.delay_ms");
    if (kind == "wireless_last_hop") one_way_ms += s.Number(f0 + "last_hop.delay_ms");
  }
  const double bytes = s.Number("topology.bottleneck.rate_mbps") * 1e6 / 8 * (2 * one_way_ms / 1e3);
  const double packets = bdp * bytes / static_cast<double>(s.Integer(f0 + "tcp.mss_bytes"));
  return std::max<int64_t>(1, std::llround(packets));
}

Topology::Topology(const Scenario& scenario, Scheduler* scheduler, PacketPool* pool, LiveSetters* live)
    : scenario_(scenario), scheduler_(scheduler), pool_(pool), live_(live), kind_(scenario.Enum("topology.kind")) {
  if (kind_ != "dumbbell") access_ = AddLink("access", "topology.access.", nullptr, "");
  bottleneck_ = AddLink("bottleneck", "topology.bottleneck.", nullptr, "");
}

Topology::LinkPair* Topology::AddLink(const std::string& name, const std::string& block, const ParamView* place,
                                      const std::string& place_base, Time extra_delay) {
  const ParamView top(scenario_, "");
  const ParamView& rate_view = place != nullptr ? *place : top;
  const std::string rate_base = place != nullptr ? place_base : block;
  Link::Params params;
  params.rate = Bandwidth::FromMbpsDouble(rate_view.Number(rate_base + "rate_mbps"));
  params.delay = Time::FromMillisecondsDouble(rate_view.Number(rate_base + "delay_ms")) + extra_delay;
  if (block == "topology.bottleneck.") {
    params.device_packets = top.Integer(block + "device_packets");
    params.ns3_deferred_wake = top.Enum(block + "device_wake") == "ns3" && params.device_packets == 0;
  }

  const uint64_t seed = static_cast<uint64_t>(scenario_.Integer("seed"));
  const int index = static_cast<int>(links_.size());
  auto pair = std::make_unique<LinkPair>();
  pair->name = name;
  auto make = [&](bool forward) {
    const std::string errors = block + (forward ? "errors.forward." : "errors.reverse.");
    BuiltErrors built =
        MakeErrorModel(top, errors, Random::Stream(seed, streams::LinkErrors(index, forward)), 1000, live_);
    const std::optional<int64_t> limit =
        block == "topology.bottleneck." ? BottleneckBdpPackets(scenario_) : std::nullopt;
    auto queue =
        MakeQueue(top, block, pool_, params.rate, Random::Stream(seed, streams::Queue(2 * index + forward)), limit);
    auto link = std::make_unique<Link>(scheduler_, pool_, params, std::move(queue), std::move(built.model));
    const std::string trace = block + (forward ? "trace.forward." : "trace.reverse.");
    const std::string& source = top.Enum(trace + "source");
    if (source != "none") {
      std::vector<int64_t> ms = source == "inline" ? top.IntList(trace + "ms") : *BundledTrace(source);
      link->set_trace(std::make_unique<DeliveryTrace>(std::move(ms)));
    }
    return link;
  };
  pair->forward = make(true);
  pair->reverse = make(false);
  if (live_ != nullptr) {
    const std::string live_base = (place != nullptr ? place->prefix() : "") + rate_base;
    Link* fwd = pair->forward.get();
    Link* rev = pair->reverse.get();
    (*live_)[live_base + "rate_mbps"].push_back([fwd, rev](const nlohmann::json& v) {
      fwd->set_rate(Bandwidth::FromMbpsDouble(v.get<double>()));
      rev->set_rate(Bandwidth::FromMbpsDouble(v.get<double>()));
    });
    (*live_)[live_base + "delay_ms"].push_back([fwd, rev, extra_delay](const nlohmann::json& v) {
      fwd->set_delay(Time::FromMillisecondsDouble(v.get<double>()) + extra_delay);
      rev->set_delay(Time::FromMillisecondsDouble(v.get<double>()) + extra_delay);
    });
  }
  links_.push_back(std::move(pair));
  return links_.back().get();
}

Topology::HostPath Topology::AddHostPair(const ParamView& placement, const std::string& name, Time extra_delay) {
  HostPath path;
  if (kind_ == "path") {
    path.forward = {access_->forward.get(), bottleneck_->forward.get()};
    path.reverse = {bottleneck_->reverse.get(), access_->reverse.get()};
    path.forward_channel_hop = 1;
    path.reverse_channel_hop = 0;
  } else if (kind_ == "dumbbell") {
    LinkPair* access = AddLink(name + ".access", "topology.access.", &placement, "access.", extra_delay);
    LinkPair* out = AddLink(name + ".receiver_access", "topology.receiver_access.", nullptr, "");
    path.forward = {access->forward.get(), bottleneck_->forward.get(), out->forward.get()};
    path.reverse = {out->reverse.get(), bottleneck_->reverse.get(), access->reverse.get()};
    path.forward_channel_hop = 1;
    path.reverse_channel_hop = 1;
  } else {  // wireless_last_hop
    LinkPair* last_hop = AddLink(name + ".last_hop", "topology.last_hop.", &placement, "last_hop.");
    path.forward = {access_->forward.get(), bottleneck_->forward.get(), last_hop->forward.get()};
    path.reverse = {last_hop->reverse.get(), bottleneck_->reverse.get(), access_->reverse.get()};
    path.forward_channel_hop = 2;
    path.reverse_channel_hop = 0;
  }
  return path;
}

}  // namespace plab
