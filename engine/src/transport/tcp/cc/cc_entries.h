// The congestion control entries of the TCP family (registry.cc lists them).
#pragma once

#include "transport/registry.h"

namespace plab {

CongestionControlEntry AimdControl();
CongestionControlEntry VegasControl();
CongestionControlEntry WestwoodControl();
CongestionControlEntry CubicControl();
CongestionControlEntry FixedControl();
CongestionControlEntry ManualControl();
CongestionControlEntry BbrControl();

}  // namespace plab
