// Builds the links of the scenario's topology and tells each host pair (a flow, a web
// user) the links its packets cross. Three shapes (topology.kind):
//
//   path:       S* --access--> R1 ==bottleneck==> D*          (one host pair, shared by every flow)
//   dumbbell:   S_i --access_i--> L ==bottleneck==> R --receiver_access_i--> D_i
//   wireless:   S* --access--> R1 ==bottleneck==> BS --last_hop_i ~~> D_i
//
// Every link has both directions; the reverse ones carry feedback back. A flow's own
// channel (its error model) sits at the bottleneck on a path or a dumbbell, and on
// its own last hop on the wireless topology.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "net/link.h"
#include "params/param_view.h"
#include "scenario/scenario.h"
#include "sim/scheduler.h"
#include "world/error_factory.h"

namespace plab {

// TCP-ER Tables V-VI size the bottleneck buffer in bandwidth-delay products: with
// topology.bottleneck.queue_bdp > 0 the buffer is that many times the bottleneck rate x
// flows[0]'s propagation RTT, in packets of flows[0]'s MSS; nothing otherwise.
// The buffer is sized once, from the values the run starts with: a live change of the
// bottleneck's rate or delay (live mode, a timeline) keeps it. A router's buffer is
// memory provisioned for the path it was built for (Appenzeller et al. 2004 size it
// at build time), and re-sizing it mid-run would need a rule for the packets already
// above a smaller limit that no paper gives. The result reports the limit in force.
std::optional<int64_t> BottleneckBdpPackets(const Scenario& scenario);

class Topology {
 public:
  // The links one host pair's packets cross, in order, and where its channel sits.
  struct HostPath {
    std::vector<PacketSink*> forward;  // sender -> receiver
    std::vector<PacketSink*> reverse;  // receiver -> sender
    size_t forward_channel_hop = 0;
    size_t reverse_channel_hop = 0;
  };
  // Both directions of one link instance, named by its role ("bottleneck",
  // "flows[2].access", ...).
  struct LinkPair {
    std::string name;
    std::unique_ptr<Link> forward;
    std::unique_ptr<Link> reverse;
  };

  Topology(const Scenario& scenario, Scheduler* scheduler, PacketPool* pool, LiveSetters* live);

  // Adds a host pair placed by the item at `placement` (a flow's or a group's access
  // and last-hop parameters); `name` names its own links ("flows[2]"). A dumbbell's
  // access link is `extra_delay` longer than the placement says (a background member's
  // own share of its group's background[].access.delay_spread_ms).
  HostPath AddHostPair(const ParamView& placement, const std::string& name, Time extra_delay = Time::Zero());

  const std::string& kind() const { return kind_; }
  Link& bottleneck_forward() { return *bottleneck_->forward; }
  Link& bottleneck_reverse() { return *bottleneck_->reverse; }
  const std::vector<std::unique_ptr<LinkPair>>& links() const { return links_; }

 private:
  // A link pair from a link block ("topology.bottleneck."); rate and delay from
  // `place` (a flow's own access link) when given, else from the block.
  LinkPair* AddLink(const std::string& name, const std::string& block, const ParamView* place,
                    const std::string& place_base, Time extra_delay = Time::Zero());

  const Scenario& scenario_;
  Scheduler* scheduler_;
  PacketPool* pool_;
  LiveSetters* live_;
  std::string kind_;
  std::vector<std::unique_ptr<LinkPair>> links_;
  LinkPair* access_ = nullptr;      // shared (path, wireless)
  LinkPair* bottleneck_ = nullptr;  // shared (all)
};

}  // namespace plab
