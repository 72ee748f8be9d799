// TCP Prague's entries (registry.cc lists them): the protocol, SACK loss recovery under
// the Prague control with DCTCP's per-segment CE echo and an alpha series, and the
// control.
#pragma once

#include "transport/protocol_entry.h"
#include "transport/registry.h"

namespace plab {

ProtocolEntry PragueEntry();
CongestionControlEntry PragueControlEntry();

}  // namespace plab
