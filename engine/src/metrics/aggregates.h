// Figures over many flows: Jain's fairness index and normalized throughput, as the
// papers define them.
//   Jain (1984):  J = (sum x)^2 / (n sum x^2), 1 when all get the same, 1/n when one gets all.
//   Normalized throughput (Ng & Chan §3; RRTP §5.2 "friendliness"): the mean throughput
//   of one protocol's flows over the mean throughput of the TCP flows of other
//   protocols on the same run; 1 is perfectly TCP-friendly.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "transport/family.h"

namespace plab {

// nullopt for no flows, or when every flow got nothing.
std::optional<double> JainIndex(const std::vector<double>& throughputs);

struct FlowShare {
  std::string protocol;
  Family family = Family::kTcp;
  double goodput_mbps = 0;
};

// The normalized throughput of `protocol`: nullopt when it has no flows or there is
// no TCP flow of another protocol to compare with (or those got nothing).
std::optional<double> NormalizedThroughput(const std::vector<FlowShare>& flows, const std::string& protocol);

}  // namespace plab
