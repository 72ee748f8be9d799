// The rate-based family's factories: they build a flow's sender (with its probe when
// asked) and receiver: TFRC following `equation`, or one of Ng & Chan's protocols
// (rate_entries.cc makes them entries; RRTP's are rrtp_entry.cc). A flow's
// segment size and header bytes are its tcp.mss_bytes and tcp.header_bytes, which every
// flow declares.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "transport/protocol_entry.h"
#include "transport/rate/ngchan_rate.h"
#include "transport/rate/rate_probe.h"
#include "transport/rate/tfrc_equation.h"

namespace plab {

SenderParts MakeTfrcSender(const FlowEnv& env, RateEquation equation);
ReceiverParts MakeTfrcReceiver(const FlowEnv& env, RateEquation equation);

// Ng & Chan's SRP, CRP and MRP (ngchan_rate.h); RTT and RTO as the flow's tcp.*_rto_ms.
SenderParts MakeNgChanSender(const FlowEnv& env, NgChanEquation equation);
ReceiverParts MakeNgChanReceiver(const FlowEnv& env);

// The TCP family's parameters a rate-based flow reads too (its segment and header size,
// RTO bounds, send buffer); the page shows the others for TCP flows only.
const std::vector<std::string>& RateFamilyReadsOfTcp();

// The sender, and the family's probe on it when the flow is measured (env.probe).
template <typename Sender>
SenderParts WithRateProbe(const FlowEnv& env, std::unique_ptr<Sender> sender) {
  SenderParts parts;
  if (env.probe != nullptr) {
    auto probe = std::make_unique<RateProbe>(*env.probe);
    sender->set_rate_observer(probe.get());
    parts.probe = std::move(probe);
  }
  parts.sender = std::move(sender);
  return parts;
}

}  // namespace plab
