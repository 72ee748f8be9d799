// RRTP (rrtp_sender.h, rrtp_receiver.h) as a protocol entry, with its rrtp.*
// parameters (RrtpParams) and factories.
#pragma once

#include <string>
#include <vector>

#include "transport/protocol_entry.h"

namespace plab {

ProtocolEntry RrtpEntry();

SenderParts MakeRrtpSender(const FlowEnv& env);
ReceiverParts MakeRrtpReceiver(const FlowEnv& env);
std::vector<ParamDecl> RrtpParams();
void ValidateRrtp(const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors);

}  // namespace plab
