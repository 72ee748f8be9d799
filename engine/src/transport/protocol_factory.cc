#include "transport/protocol_factory.h"

#include <stdexcept>

#include "transport/tcp/cc/aimd.h"
#include "transport/tcp/cc/bbr.h"
#include "transport/tcp/cc/cubic.h"
#include "transport/tcp/recovery/newreno_recovery.h"
#include "transport/tcp/recovery/reno_recovery.h"
#include "transport/tcp/recovery/sack_recovery.h"
#include "transport/tcp/recovery/tahoe_recovery.h"
#include "transport/tcp/cc/vegas.h"
#include "transport/tcp/cc/westwood.h"

namespace plab {

Protocol ProtocolFromName(const std::string& name) {
  if (name == "tahoe") return Protocol::kTahoe;
  if (name == "reno") return Protocol::kReno;
  if (name == "newreno") return Protocol::kNewReno;
  if (name == "sack") return Protocol::kSack;
  if (name == "fack") return Protocol::kFack;
  if (name == "vegas") return Protocol::kVegas;
  if (name == "westwood") return Protocol::kWestwood;
  if (name == "cubic") return Protocol::kCubic;
  if (name == "bbr") return Protocol::kBbr;
  throw std::invalid_argument("unknown protocol " + name);
}

Recovery RecoveryFromName(const std::string& name) {
  if (name == "tahoe") return Recovery::kTahoe;
  if (name == "reno") return Recovery::kReno;
  if (name == "newreno") return Recovery::kNewReno;
  if (name == "newreno_er") return Recovery::kNewRenoEarlyRetransmit;
  if (name == "sack") return Recovery::kSack;
  if (name == "fack") return Recovery::kFack;
  throw std::invalid_argument("unknown loss recovery " + name);
}

Recovery DefaultRecovery(Protocol protocol) {
  switch (protocol) {
    case Protocol::kTahoe: return Recovery::kTahoe;
    case Protocol::kReno: return Recovery::kReno;
    case Protocol::kNewReno: return Recovery::kNewReno;
    case Protocol::kSack: return Recovery::kSack;
    case Protocol::kFack: return Recovery::kFack;
    // Vegas repairs losses like Reno's fast recovery plus its fine-grained early
    // retransmission (TCP-ER paper §II-B); NewReno's partial ACKs stand in for its
    // "first and second non-duplicate ACK" checks.
    case Protocol::kVegas: return Recovery::kNewRenoEarlyRetransmit;
    case Protocol::kWestwood: return Recovery::kNewReno;
    // As deployed (Linux, ns-3's reference runs): SACK-based recovery.
    case Protocol::kCubic: return Recovery::kSack;
    case Protocol::kBbr: return Recovery::kSack;
  }
  throw std::invalid_argument("unknown protocol");
}

std::unique_ptr<CongestionControl> MakeCongestionControl(Protocol protocol, const ProtocolOptions& options) {
  switch (protocol) {
    case Protocol::kTahoe:
    case Protocol::kReno:
    case Protocol::kNewReno:
    case Protocol::kSack:
    case Protocol::kFack:
      return std::make_unique<Aimd>();
    case Protocol::kVegas:
      return std::make_unique<Vegas>(Vegas::Params{options.vegas_alpha, options.vegas_beta, options.vegas_gamma});
    case Protocol::kWestwood:
      return std::make_unique<Westwood>();
    case Protocol::kCubic:
      return std::make_unique<Cubic>(Cubic::Params{});
    case Protocol::kBbr:
      return std::make_unique<Bbr>(Bbr::Params{});
  }
  throw std::invalid_argument("unknown protocol");
}

std::unique_ptr<LossRecovery> MakeLossRecovery(Recovery recovery) {
  switch (recovery) {
    case Recovery::kTahoe: return std::make_unique<TahoeRecovery>();
    case Recovery::kReno: return std::make_unique<RenoRecovery>();
    case Recovery::kNewReno: return std::make_unique<NewRenoRecovery>(false);
    case Recovery::kNewRenoEarlyRetransmit: return std::make_unique<NewRenoRecovery>(true);
    case Recovery::kSack: return std::make_unique<SackRecovery>();
    case Recovery::kFack: return std::make_unique<FackRecovery>();
  }
  throw std::invalid_argument("unknown loss recovery");
}

bool NeedsSack(Recovery recovery) { return recovery == Recovery::kSack || recovery == Recovery::kFack; }

}  // namespace plab
