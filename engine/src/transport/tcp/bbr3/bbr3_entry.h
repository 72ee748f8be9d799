// BBR v3's protocol entry and its congestion control's (registry.cc lists both).
#pragma once

#include "transport/registry.h"

namespace plab {

ProtocolEntry Bbr3Entry();
CongestionControlEntry Bbr3Control();

}  // namespace plab
