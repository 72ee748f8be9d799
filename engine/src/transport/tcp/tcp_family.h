// The TCP family's side of the registry: its declared parameters (the `tcp.*` block
// and the loss-recovery override every TCP flow has) and the factories that build a
// TcpSender from a congestion control and a loss recovery, and its TcpReceiver.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "params/param_decl.h"
#include "transport/registry.h"
#include "transport/tcp/receiver_algorithm.h"

namespace plab {

// Parameters every TCP flow has, relative to the flow ("tcp.mss_bytes").
std::vector<ParamDecl> TcpFamilyParams();

// Rules between them (SACK must be on for a SACK-based recovery); `prefix` is the flow's.
void ValidateTcpFlow(const ParamView& params, const TcpComposition& composition, const std::string& prefix,
                     std::vector<ValidationError>& errors);

// Whether the flow negotiates ECN (RFC 3168): tcp.ecn, or always when its control
// needs ECN (DCTCP).
bool EcnOn(const ParamView& params, const TcpComposition& composition);

SenderParts MakeTcpSender(const FlowEnv& env, const TcpComposition& composition);
std::unique_ptr<ReceiverEndpoint> MakeTcpReceiver(const FlowEnv& env, const TcpComposition& composition,
                                                  std::unique_ptr<TcpReceiverAlgorithm> algorithm = nullptr);

}  // namespace plab
