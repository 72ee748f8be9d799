// What one protocol exports: everything the rest of the engine and the page learn
// about it, in one value. Its folder builds the entry (tcp/tcp_entries.cc,
// rate/rrtp_entry.cc, ...); the registry (registry.cc) only lists the entries, one
// line each; nothing else branches on a protocol. docs/adding-a-protocol.md walks
// through writing one.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "net/route.h"
#include "params/param_decl.h"
#include "record/series_fields.h"
#include "record/summary_fields.h"
#include "sim/random.h"
#include "transport/data_source.h"
#include "transport/endpoint.h"
#include "transport/family.h"
#include "transport/transport_probe.h"

namespace plab {

class PacketPool;
class ParamView;
class Scheduler;

// Everything a factory gets to build one endpoint of one flow.
struct FlowEnv {
  Scheduler* scheduler = nullptr;
  PacketPool* pool = nullptr;
  uint32_t flow = 0;                  // the flow's id on the wire
  const ParamView* params = nullptr;  // the flow's parameters, by relative path
  DataSource* source = nullptr;       // the application above the sender
  Random rng{0};                      // a stream of its own
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

// A receiver and what the protocol measures at it, beside what every receiver gives.
struct ReceiverParts {
  std::unique_ptr<ReceiverEndpoint> receiver;
  // Told where the flow's packets were really lost (set on the forward route): a
  // receiver that diagnoses its losses (RRTP's loss differentiation) grades itself.
  LossWitness* witness = nullptr;
  // Adds the receiver's own figures to the flow's summary (declared in the entry's
  // summary_fields); unset = none.
  std::function<void(nlohmann::ordered_json& summary)> append_summary;
};

// A window-based TCP sender is a congestion control paired with a loss recovery.
struct TcpComposition {
  std::string congestion_control;
  std::string loss_recovery;
};

// Declarations of series or summary figures a protocol alone reports, for the
// schema. `after` names the declared field they follow in the schema's list (whose
// order the page shows); empty = after the last per-flow field.
template <typename Field>
struct OwnFields {
  std::string after;
  std::vector<Field> fields;
};

struct ProtocolEntry {
  std::string name;
  std::string label;
  Family family = Family::kTcp;
  std::string help;
  std::string source;
  std::optional<TcpComposition> tcp;
  std::function<SenderParts(const FlowEnv&)> make_sender;
  std::function<ReceiverParts(const FlowEnv&)> make_receiver;
  // Rules between the flow's parameters for this protocol; `prefix` is the flow's.
  std::function<void(const ParamView&, const std::string& prefix, std::vector<ValidationError>&)> validate;
  // The per-flow series it reports (names of the schema's declared series): the page
  // draws these for its flows.
  std::vector<std::string> series;
  // Its own tunables, relative to the flow ("rrtp.mode"); shown when a flow runs it.
  std::vector<ParamDecl> params;
  // Applies a new value of one of its own live parameters (declared .Live() in
  // `params`) to what its sender factory made, while the run goes on (live mode); only
  // for a protocol with live parameters. (A congestion control's live parameters are
  // its CongestionControlEntry's.)
  std::function<void(SenderParts& sender, const std::string& relative_path, double value)> set_live;
  // Series and figures no shared declaration covers (record/series_fields.cc and
  // summary_fields.cc hold those every flow or family reports).
  OwnFields<SeriesField> series_fields;
  OwnFields<SummaryField> summary_fields;
  // In the page's compare view until a person picks others (and for links that name none).
  bool compare_by_default = false;
  // A protocol of another family that still estimates its RTO on the flow's tcp.timers
  // profile (Ng & Chan §3.2: "as in standard TCP"): the page shows that setting for it.
  bool reads_tcp_timers = false;
};

// Adds a protocol to the registry's list from outside it (a test's own protocol):
// declare one at namespace scope, `const ProtocolRegistration kMine(MyEntry);`, in a
// file linked into the program. It must run before the registry is first read
// (static initialization does), and it goes after the built-in protocols.
class ProtocolRegistration {
 public:
  explicit ProtocolRegistration(ProtocolEntry (*make)());
};

}  // namespace plab
