// The one place that knows every protocol (QUICHE SendAlgorithmInterface::Create): a
// protocol name from the scenario becomes a congestion control + a loss recovery.
#pragma once

#include <memory>
#include <string>

#include "transport/congestion_control.h"
#include "transport/loss_recovery.h"

namespace plab {

struct ProtocolParts {
  std::unique_ptr<CongestionControl> congestion_control;
  std::unique_ptr<LossRecovery> loss_recovery;
};

enum class Protocol { kTahoe, kReno, kNewReno, kSack, kFack };

// Throws std::invalid_argument for a name the schema does not allow.
Protocol ProtocolFromName(const std::string& name);
ProtocolParts MakeProtocol(Protocol protocol);
// Whether the protocol's loss recovery needs the receiver's SACK blocks.
bool NeedsSack(Protocol protocol);

}  // namespace plab
