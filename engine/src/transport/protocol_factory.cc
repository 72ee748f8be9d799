#include "transport/protocol_factory.h"

#include <stdexcept>

#include "transport/aimd.h"
#include "transport/newreno_recovery.h"
#include "transport/reno_recovery.h"
#include "transport/sack_recovery.h"
#include "transport/tahoe_recovery.h"

namespace plab {

Protocol ProtocolFromName(const std::string& name) {
  if (name == "tahoe") return Protocol::kTahoe;
  if (name == "reno") return Protocol::kReno;
  if (name == "newreno") return Protocol::kNewReno;
  if (name == "sack") return Protocol::kSack;
  if (name == "fack") return Protocol::kFack;
  throw std::invalid_argument("unknown protocol " + name);
}

ProtocolParts MakeProtocol(Protocol protocol) {
  switch (protocol) {
    case Protocol::kTahoe:
      return {std::make_unique<Aimd>(), std::make_unique<TahoeRecovery>()};
    case Protocol::kReno:
      return {std::make_unique<Aimd>(), std::make_unique<RenoRecovery>()};
    case Protocol::kNewReno:
      return {std::make_unique<Aimd>(), std::make_unique<NewRenoRecovery>()};
    case Protocol::kSack:
      return {std::make_unique<Aimd>(), std::make_unique<SackRecovery>()};
    case Protocol::kFack:
      return {std::make_unique<Aimd>(), std::make_unique<FackRecovery>()};
  }
  throw std::invalid_argument("unknown protocol");
}

bool NeedsSack(Protocol protocol) { return protocol == Protocol::kSack || protocol == Protocol::kFack; }

}  // namespace plab
