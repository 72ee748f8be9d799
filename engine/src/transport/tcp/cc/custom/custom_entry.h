// The `custom` protocol and congestion control: a program in the language of
// docs/custom-cc.md, the flow's parameter custom.program (registry.cc lists both).
#pragma once

#include "transport/registry.h"

namespace plab {

CongestionControlEntry CustomControlEntry();
ProtocolEntry CustomEntry();

}  // namespace plab
