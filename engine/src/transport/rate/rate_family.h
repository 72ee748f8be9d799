// The rate-based family's side of the registry: the factories that build a flow's
// sender (with its probe when asked) and receiver: TFRC following `equation`, or one of
// Ng & Chan's protocols. A flow's
// segment size and header bytes are its tcp.mss_bytes and tcp.header_bytes, which every
// flow declares.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "transport/rate/ngchan_rate.h"
#include "transport/rate/tfrc_equation.h"
#include "transport/registry.h"

namespace plab {

SenderParts MakeTfrcSender(const FlowEnv& env, RateEquation equation);
std::unique_ptr<ReceiverEndpoint> MakeTfrcReceiver(const FlowEnv& env, RateEquation equation);

// Ng & Chan's SRP, CRP and MRP (ngchan_rate.h); RTT and RTO as the flow's tcp.*_rto_ms.
SenderParts MakeNgChanSender(const FlowEnv& env, NgChanEquation equation);
std::unique_ptr<ReceiverEndpoint> MakeNgChanReceiver(const FlowEnv& env);

// The TCP family's parameters a rate-based flow reads too (its segment and header size,
// RTO bounds, send buffer); the page shows the others for TCP flows only.
const std::vector<std::string>& RateFamilyReadsOfTcp();

// RRTP (rrtp_sender.h, rrtp_receiver.h) with the flow's rrtp.* parameters (RrtpParams()).
SenderParts MakeRrtpSender(const FlowEnv& env);
std::unique_ptr<ReceiverEndpoint> MakeRrtpReceiver(const FlowEnv& env);
std::vector<ParamDecl> RrtpParams();
void ValidateRrtp(const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors);

}  // namespace plab
