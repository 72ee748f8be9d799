// The one place that knows every protocol (QUICHE SendAlgorithmInterface::Create): a
// protocol name from the scenario becomes a congestion control + a loss recovery.
// The two axes are independent: a scenario may pair any congestion control with any
// loss recovery (the LE paper couples one recovery with several controls).
#pragma once

#include <memory>
#include <string>

#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/recovery/loss_recovery.h"

namespace plab {

enum class Protocol { kTahoe, kReno, kNewReno, kSack, kFack, kVegas, kWestwood, kCubic, kBbr };
enum class Recovery { kTahoe, kReno, kNewReno, kNewRenoEarlyRetransmit, kSack, kFack };

// Tunables a protocol reads from the scenario.
struct ProtocolOptions {
  double vegas_alpha = 1;
  double vegas_beta = 3;
  double vegas_gamma = 1;
};

// Throw std::invalid_argument for a name the schema does not allow.
Protocol ProtocolFromName(const std::string& name);
Recovery RecoveryFromName(const std::string& name);

// The loss recovery a protocol uses unless the scenario picks another.
Recovery DefaultRecovery(Protocol protocol);
std::unique_ptr<CongestionControl> MakeCongestionControl(Protocol protocol, const ProtocolOptions& options);
std::unique_ptr<LossRecovery> MakeLossRecovery(Recovery recovery);
// Whether the loss recovery needs the receiver's SACK blocks.
bool NeedsSack(Recovery recovery);

}  // namespace plab
