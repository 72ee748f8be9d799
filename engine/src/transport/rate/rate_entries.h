// The rate-based family's protocols (registry.cc lists them): TFRC following one of
// the throughput equations, and Ng & Chan's SRP, CRP and MRP. RRTP is rrtp_entry.h.
#pragma once

#include <string>

#include "transport/protocol_entry.h"
#include "transport/rate/tfrc_equation.h"

namespace plab {

// A rate-based protocol on TFRC's sender and receiver following `equation`, with the
// family's series.
ProtocolEntry RateProtocol(std::string name, std::string label, RateEquation equation, std::string help,
                           std::string source);

ProtocolEntry TfrcEntry();
ProtocolEntry TfrcModifiedEntry();
ProtocolEntry SrpEntry();
ProtocolEntry CrpEntry();
ProtocolEntry MrpEntry();

}  // namespace plab
