// Copa's protocol entry and its congestion control's (registry.cc lists both).
#pragma once

#include "transport/registry.h"

namespace plab {

ProtocolEntry CopaEntry();
CongestionControlEntry CopaControl();

}  // namespace plab
