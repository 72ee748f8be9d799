// The TCP family's protocols (registry.cc lists them): each is a congestion control
// paired with a loss recovery (registry.h's CongestionControlEntry and
// LossRecoveryEntry), built by TcpSender and answered by TcpReceiver.
#pragma once

#include <string>

#include "transport/protocol_entry.h"

namespace plab {

// A TCP protocol: the family's factories and validation for `congestion_control` and
// `loss_recovery`, and the family's series (ssthresh only when the control reads it,
// plus what the recovery reports).
ProtocolEntry TcpProtocol(std::string name, std::string label, std::string congestion_control,
                          std::string loss_recovery, std::string help, std::string source);

ProtocolEntry TahoeEntry();
ProtocolEntry RenoEntry();
ProtocolEntry NewRenoEntry();
ProtocolEntry SackEntry();
ProtocolEntry FackEntry();
ProtocolEntry VegasEntry();
ProtocolEntry WestwoodEntry();
ProtocolEntry CubicEntry();
ProtocolEntry BbrEntry();
ProtocolEntry LeEntry();
ProtocolEntry Ns2Sack1Entry();
ProtocolEntry TcpErEntry();
ProtocolEntry SackErEntry();
ProtocolEntry FixedWindowEntry();
ProtocolEntry ManualEntry();

}  // namespace plab
