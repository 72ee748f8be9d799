#include "world/flow.h"

namespace plab {

Flow::Flow(const ProtocolEntry& protocol, const FlowEnv& env, const Topology::HostPath& path,
           ErrorModel* forward_channel, ErrorModel* reverse_channel)
    : protocol_(protocol), sender_(protocol.make_sender(env)), receiver_(protocol.make_receiver(env)) {
  forward_.hops = path.forward;
  forward_.hops.push_back(receiver_.receiver.get());
  forward_.channel = forward_channel;
  forward_.channel_hop = path.forward_channel_hop;
  forward_.witness = receiver_.witness;
  reverse_.hops = path.reverse;
  reverse_.hops.push_back(sender_.sender.get());
  reverse_.channel = reverse_channel;
  reverse_.channel_hop = path.reverse_channel_hop;
  sender_.sender->set_route(&forward_);
  receiver_.receiver->set_route(&reverse_);
  if (env.register_live && protocol.set_live) {
    // The flow outlives the run's setters.
    for (const ParamDecl& d : protocol.params) {
      if (!d.live) continue;
      env.register_live(d.path, [this, path = d.path](double value) { protocol_.set_live(sender_, path, value); });
    }
  }
}

}  // namespace plab
