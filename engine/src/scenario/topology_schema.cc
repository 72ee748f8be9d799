#include "scenario/topology_schema.h"

namespace plab {

const std::vector<TopologyDecl>& TopologyDecls() {
  static const std::vector<TopologyDecl> decls = {
      {"path",
       "Path",
       "Every flow shares one access link and the bottleneck: one sender host, one receiver host",
       {
           {"access", "Access link", false, false, {"topology.access."}},
           {"bottleneck", "Bottleneck", false, true, {"topology.bottleneck."}},
       }},
      {"dumbbell",
       "Dumbbell",
       "Each flow has its own sender and access link into the left router; all share the bottleneck; each has "
       "its own link from the right router to its receiver",
       {
           {"access",
            "Access links",
            true,
            false,
            {"flows[].access.", "topology.access.queue_packets", "topology.access.errors."}},
           {"bottleneck", "Bottleneck", false, true, {"topology.bottleneck."}},
           {"receiver_access", "Receiver links", true, false, {"topology.receiver_access."}},
       }},
      {"wireless_last_hop",
       "Wired + wireless last hop",
       "A wired path shared by every flow, then a wireless last hop of its own to each receiver; a flow's "
       "channel is its last hop's error model",
       {
           {"access", "Access link", false, false, {"topology.access."}},
           {"bottleneck", "Wired bottleneck", false, false, {"topology.bottleneck."}},
           {"last_hop", "Wireless last hops", true, true, {"flows[].last_hop.", "topology.last_hop."}},
       }},
  };
  return decls;
}

nlohmann::ordered_json TopologiesJson() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const TopologyDecl& t : TopologyDecls()) {
    nlohmann::ordered_json links = nlohmann::ordered_json::array();
    for (const TopologyLinkDecl& l : t.links) {
      links.push_back({{"id", l.id},
                       {"label", l.label},
                       {"per_flow", l.per_flow},
                       {"carries_channel", l.carries_channel},
                       {"params", l.params}});
    }
    out.push_back({{"name", t.name}, {"label", t.label}, {"help", t.help}, {"links", links}});
  }
  return out;
}

}  // namespace plab
