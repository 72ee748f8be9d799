// The rate-based family's side of the registry: the factories that build a TFRC sender
// (with its probe when asked) and receiver for a flow, following `equation`. A flow's
// segment size and header bytes are its tcp.mss_bytes and tcp.header_bytes, which every
// flow declares.
#pragma once

#include <memory>

#include "transport/rate/tfrc_equation.h"
#include "transport/registry.h"

namespace plab {

SenderParts MakeTfrcSender(const FlowEnv& env, RateEquation equation);
std::unique_ptr<ReceiverEndpoint> MakeTfrcReceiver(const FlowEnv& env, RateEquation equation);

}  // namespace plab
