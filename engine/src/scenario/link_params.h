// The declared parameters of links: the topology (kind, the access link, the
// bottleneck, the receivers' links, the wireless last hops, each with its queue
// discipline and its error models), and the error-model block every flow's channel
// also uses. Part of the schema (params.cc).
#pragma once

#include <string>
#include <vector>

#include "params/param_decl.h"

namespace plab {

// An error model on one direction of something packets cross, under `base` ("...forward.").
void AddErrorModelParams(std::vector<ParamDecl>& p, const std::string& base, const std::string& name,
                         const std::string& group, const std::string& carries, const std::string& default_model,
                         double default_p, bool window_drops, bool advanced);

// Whether a queue discipline (a value of a link's `queue`) marks ECN-capable packets
// CE instead of dropping them (RFC 3168 §5): RED, CoDel and step do, drop-tail cannot.
bool QueueCanMark(const std::string& discipline);

// topology.kind and every topology.* link block.
void AddTopologyParams(std::vector<ParamDecl>& p);

}  // namespace plab
