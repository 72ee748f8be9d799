// DCTCP's entries (registry.cc lists them): the protocol, Reno's loss recovery under
// the DCTCP control with its own receiver echo and alpha series, and the control.
#pragma once

#include "transport/protocol_entry.h"
#include "transport/registry.h"

namespace plab {

ProtocolEntry DctcpEntry();
CongestionControlEntry DctcpControlEntry();

}  // namespace plab
