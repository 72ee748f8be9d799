// One direction of one flow's path: the links its packets cross, in order, then the
// endpoint that receives them. A link does not know where its packets go next; it
// hands each one to the next hop of the packet's own route, so one link can carry any
// number of flows (a dumbbell's bottleneck) with no per-link sink.
//
// A route also holds what belongs to the flow rather than to a link: the flow's own
// error model at one hop (its "channel": TCP-Real's lossy path, a wireless last hop),
// and counters of what happened to the flow's packets on the way.
//
//   sender --route.hops[0]--> link A --hops[1]--> link B --hops[2]--> receiver
//                                      (channel at hop 1: applied as the packet leaves B)
#pragma once

#include <cstdint>
#include <vector>

#include "net/error_model.h"
#include "net/packet.h"

namespace plab {

struct RouteStats {
  int64_t queue_drops = 0;    // dropped by a full queue or an AQM on the way
  int64_t link_drops = 0;     // lost to a link's own error model
  int64_t channel_drops = 0;  // lost to the flow's own channel
  int64_t ecn_marks = 0;      // marked CE by an AQM on the way (RFC 3168 §5)
};

// Where a packet of the flow was lost, told to whoever measures a protocol's own loss
// diagnosis against it (RRTP's loss differentiation, thesis Table 3.2). Measurement
// only: no protocol decision may read it.
enum class DropCause : uint8_t { kQueue, kError };
class LossWitness {
 public:
  virtual ~LossWitness() = default;
  virtual void OnLost(const Packet& p, DropCause cause) = 0;
};

// Hears of each data packet reaching the route's receiving endpoint (one-way and
// queueing delay, metrics/flow_delay.h). Measurement only, like LossWitness.
class ArrivalObserver {
 public:
  virtual ~ArrivalObserver() = default;
  virtual void OnDataArrival(const Packet& p, Time now) = 0;
};

struct Route {
  // hops[0] is the first link; the last hop is the receiving endpoint.
  std::vector<PacketSink*> hops;
  // The flow's own channel: applied to packets leaving hops[channel_hop] (a link).
  ErrorModel* channel = nullptr;
  size_t channel_hop = 0;
  mutable RouteStats stats;
  LossWitness* witness = nullptr;
  ArrivalObserver* arrivals = nullptr;

  // Sends a packet from its source along this route.
  void Inject(Packet* p) const {
    p->route = this;
    p->hop = 0;
    hops[0]->Receive(p);
  }
};

// Called by a link for each packet that leaves it: applies the flow's channel if it
// sits at this hop, then passes the packet to the next hop (or releases a lost one).
// Returns false if the channel dropped it.
inline bool ForwardAlongRoute(Packet* p, Time now, PacketPool* pool) {
  const Route* route = p->route;
  if (route->channel != nullptr && route->channel_hop == p->hop && route->channel->Drop(*p, now)) {
    ++route->stats.channel_drops;
    if (route->witness != nullptr) route->witness->OnLost(*p, DropCause::kError);
    pool->Release(p);
    return false;
  }
  ++p->hop;
  if (route->arrivals != nullptr && p->hop + 1u == route->hops.size() && !p->is_feedback()) {
    route->arrivals->OnDataArrival(*p, now);
  }
  route->hops[p->hop]->Receive(p);
  return true;
}

}  // namespace plab
