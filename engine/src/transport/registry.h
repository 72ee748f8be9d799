// The transport registry: the one place that lists the protocols (QUICHE
// SendAlgorithmInterface::Create, as a table). Each protocol is an entry
// (protocol_entry.h) its folder exports: its name and label, its family, what it is
// made of, the factories of its two endpoints, its parameters, series and summary
// figures. The schema, validation, the simulation and the page all read these
// entries; none of them branches on a name.
//
// Adding a protocol = a folder of files for its endpoints and its entry + one line in
// registry.cc's list (docs/adding-a-protocol.md).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "params/param_decl.h"
#include "transport/protocol_entry.h"

namespace plab {

class CongestionControl;
class LossRecovery;
class ParamView;

struct CongestionControlEntry {
  std::string name;
  std::string label;
  std::string help;
  // Its own tunables, relative to the flow ("vegas.alpha"); shown when the flow's
  // protocol uses this control.
  std::vector<ParamDecl> params;
  std::function<std::unique_ptr<CongestionControl>(const ParamView&)> make;
  // Rules between its parameters; `prefix` is the flow's ("flows[2].").
  std::function<void(const ParamView&, const std::string& prefix, std::vector<ValidationError>&)> validate;
  // Whether its window follows ssthresh, so that a chart of ssthresh explains it. A
  // model-based control (BBR) keeps an ssthresh only for loss recovery's bookkeeping
  // and never reads it: its protocols do not declare the series, and the page does
  // not draw it. (A declaration only: the run records the same series either way.)
  bool uses_ssthresh = true;
  // Applies a new value of one of its live parameters (declared .Live() in `params`)
  // to the running control; only for a control that has live parameters.
  std::function<void(CongestionControl&, const std::string& relative_path, double value)> set_live;
  // Whether it works only on ECN marks (DCTCP): its flows negotiate ECN whatever
  // tcp.ecn says (RFC 8257 §3: DCTCP relies on ECN), and need a queue that marks.
  bool needs_ecn = false;
  // Whether it is a scalable (L4S) control: its data goes out ECT(1), the L4S
  // identifier (RFC 9331 §4.1), so an L4S-aware queue (DualPI2) puts it in its
  // low-latency queue; a queue that is not L4S-aware treats ECT(1) as ECT(0) (§5).
  bool l4s = false;
  // Whether its ns-2 agent sends on an early duplicate ACK as Agent/TCP does
  // (ns-default.tcl: "Agent/TCP set singledup_ 1"). Read only under tcp.ns2_agents.
  bool ns2_limited_transmit = true;
};

struct LossRecoveryEntry {
  std::string name;
  std::string label;
  std::string help;
  bool needs_sack = false;  // reads the receiver's SACK blocks
  std::function<std::unique_ptr<LossRecovery>()> make;
  std::vector<std::string> series;  // what it reports beyond every TCP's (kTcpSeries)
  // As CongestionControlEntry's: whether its ns-2 agent honours singledup_.
  bool ns2_limited_transmit = true;
};

const std::vector<ProtocolEntry>& Protocols();
// The protocol a flow runs unless the scenario names another.
const std::string& DefaultProtocol();
const std::vector<CongestionControlEntry>& CongestionControls();
const std::vector<LossRecoveryEntry>& LossRecoveries();

// nullptr when there is no such name (the schema's enums prevent that after validation).
const ProtocolEntry* FindProtocol(const std::string& name);
const CongestionControlEntry* FindCongestionControl(const std::string& name);
const LossRecoveryEntry* FindLossRecovery(const std::string& name);

// The names of the protocols whose sender uses this congestion control.
std::vector<std::string> ProtocolsUsingCongestionControl(const std::string& cc);

}  // namespace plab
