// TCP-Real (Zhang & Tsaoussidis, NOSSDAV 2001): Reno's sender whose window the
// receiver decides from each wave's receiving rate. Its entry, and the congestion
// control entry the sender side runs (its real.* tunables).
#pragma once

#include "transport/protocol_entry.h"
#include "transport/registry.h"

namespace plab {

ProtocolEntry RealEntry();
CongestionControlEntry RealControlEntry();

}  // namespace plab
