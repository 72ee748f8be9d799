// The loss recovery entries of the TCP family, in the schema's order (registry.cc
// lists them).
#pragma once

#include <vector>

#include "transport/registry.h"

namespace plab {

std::vector<LossRecoveryEntry> TcpLossRecoveries();

}  // namespace plab
