// The transport registry: the one place that knows protocol names (QUICHE
// SendAlgorithmInterface::Create, as a table). Each protocol is an entry: its name and
// label, its family, what it is made of, the factories of its two endpoints, its own
// declared parameters, and the series it reports. The schema, validation, the
// simulation and the page all read these entries; none of them branches on a name.
//
// Adding a protocol = a folder of files for its endpoints (or its congestion control
// or loss recovery) + one entry in registry.cc.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "metrics/transport_probe.h"
#include "scenario/param_decl.h"
#include "sim/random.h"
#include "transport/data_source.h"
#include "transport/endpoint.h"

namespace plab {

class CongestionControl;
class LossRecovery;
class PacketPool;
class ParamView;
class Scheduler;

// Everything a factory gets to build one endpoint of one flow.
struct FlowEnv {
  Scheduler* scheduler = nullptr;
  PacketPool* pool = nullptr;
  uint32_t flow = 0;             // the flow's id on the wire
  const ParamView* params = nullptr;  // the flow's parameters, by relative path
  DataSource* source = nullptr;  // the application above the sender
  Random rng{0};                 // a stream of its own
  // Measure the sender with the family's probe (explicit flows; not background).
  const ProbeOptions* probe = nullptr;
  // Registers how a live parameter of this flow (relative path, "manual.cwnd_segments")
  // reaches the endpoint while the run goes on (Simulation::Set); unset = no live mode.
  std::function<void(const std::string& relative_path, std::function<void(double)> set)> register_live;
};

// A sender and, when FlowEnv::probe asked for one, the family's probe attached to it.
struct SenderParts {
  std::unique_ptr<SenderEndpoint> sender;
  std::unique_ptr<TransportProbe> probe;
};

// A window-based TCP sender is a congestion control paired with a loss recovery.
struct TcpComposition {
  std::string congestion_control;
  std::string loss_recovery;
};

struct ProtocolEntry {
  std::string name;
  std::string label;
  std::string family;  // "tcp" or "rate"
  std::string help;
  std::string source;
  std::optional<TcpComposition> tcp;
  std::function<SenderParts(const FlowEnv&)> make_sender;
  std::function<std::unique_ptr<ReceiverEndpoint>(const FlowEnv&)> make_receiver;
  // Rules between the flow's parameters for this protocol; `prefix` is the flow's.
  std::function<void(const ParamView&, const std::string& prefix, std::vector<ValidationError>&)> validate;
  // The per-flow series it reports (names of the schema's declared series).
  std::vector<std::string> series;
  // Its own tunables, relative to the flow ("rrtp.mode"); shown when a flow runs it.
  std::vector<ParamDecl> params;
  // In the page's compare view until a person picks others (and for links that name none).
  bool compare_by_default = false;
};

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
};

struct LossRecoveryEntry {
  std::string name;
  std::string label;
  std::string help;
  bool needs_sack = false;  // reads the receiver's SACK blocks
  std::function<std::unique_ptr<LossRecovery>()> make;
  std::vector<std::string> series;  // what it reports beyond every TCP's (kTcpSeries)
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
