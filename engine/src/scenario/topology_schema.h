// What the page needs to draw a topology and edit it: for each kind, its links from
// the senders to the receivers, whether each is shared or one per flow, where the
// flows' own channels sit, and which declared parameters belong to it (by path
// prefix). Drawn from the same facts topology.cc builds by.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace plab {

struct TopologyLinkDecl {
  std::string id;                   // "bottleneck"
  std::string label;                // "Bottleneck"
  bool per_flow = false;            // one instance per flow (and per background member)
  bool carries_channel = false;     // the flows' own channels sit here
  std::vector<std::string> params;  // path prefixes of its parameters
};

struct TopologyDecl {
  std::string name;
  std::string label;
  std::string help;
  std::vector<TopologyLinkDecl> links;  // sender side to receiver side
};

const std::vector<TopologyDecl>& TopologyDecls();
nlohmann::ordered_json TopologiesJson();

}  // namespace plab
