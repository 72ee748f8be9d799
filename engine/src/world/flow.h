// One flow put together: its protocol's two endpoints from the registry, joined by
// two routes over the topology's links, with the flow's own channels at the hops the
// topology names. Used for explicit flows, background FTP flows and web users alike;
// what is measured of it is attached by the owner.
#pragma once

#include <memory>

#include "net/error_model.h"
#include "net/route.h"
#include "transport/registry.h"
#include "world/topology.h"

namespace plab {

class Flow {
 public:
  // `forward_channel` / `reverse_channel` may be null (no channel of its own).
  Flow(const ProtocolEntry& protocol, const FlowEnv& env, const Topology::HostPath& path, ErrorModel* forward_channel,
       ErrorModel* reverse_channel);

  SenderEndpoint& sender() { return *sender_.sender; }
  ReceiverEndpoint& receiver() { return *receiver_.receiver; }
  const SenderEndpoint& sender() const { return *sender_.sender; }
  const ReceiverEndpoint& receiver() const { return *receiver_.receiver; }
  const ProtocolEntry& protocol() const { return protocol_; }
  // The family's probe of the sender, if FlowEnv::probe asked for one.
  TransportProbe* probe() const { return sender_.probe.get(); }
  // Adds the receiver's own figures to a summary (its protocol's), if it has any.
  void AppendReceiverSummary(nlohmann::ordered_json& summary) const {
    if (receiver_.append_summary) receiver_.append_summary(summary);
  }
  const Route& forward_route() const { return forward_; }
  // Who hears of each data packet reaching the receiver (measurement only).
  void set_arrival_observer(ArrivalObserver* observer) { forward_.arrivals = observer; }
  const Route& reverse_route() const { return reverse_; }

 private:
  const ProtocolEntry& protocol_;
  SenderParts sender_;
  ReceiverParts receiver_;
  Route forward_;
  Route reverse_;
};

}  // namespace plab
