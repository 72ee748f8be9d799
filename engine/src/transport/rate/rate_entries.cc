#include "transport/rate/rate_entries.h"

#include "params/param_decl.h"
#include "transport/rate/rate_family.h"

namespace plab {
namespace {

// One of Ng & Chan's rate-based protocols (ngchan_rate.h).
ProtocolEntry NgChanProtocol(std::string name, std::string label, NgChanEquation equation, std::string help) {
  ProtocolEntry e = RateProtocol(std::move(name), std::move(label), RateEquation::kRfc5348, std::move(help),
                                 "Ng & Chan §3.2 (MRP: §5-6)");
  e.make_sender = [equation](const FlowEnv& env) { return MakeNgChanSender(env, equation); };
  e.make_receiver = [](const FlowEnv& env) { return MakeNgChanReceiver(env); };
  // §3.2: "RTT and Rto are estimated based on the Jacobson/Karn algorithm as in standard
  // TCP": on the flow's tcp.timers profile.
  e.reads_tcp_timers = true;
  return e;
}

// The three protocols' shared tunables, declared once (on SRP's entry) for all three.
std::vector<ParamDecl> NgChanParams() {
  std::vector<ParamDecl> p;
  p.push_back(EnumParam("ngchan.loss_rate", "Loss rate fed to the equation", "Ng & Chan", {"since_start", "round"},
                        "since_start",
                        "The p a round with losses puts into the equation: the loss indications per packet since "
                        "the connection began (one per round with losses), or the round's own fraction of lost "
                        "packets (§3.2: \"the error rate and other relevant parameters in the round\")")
                  .Labels({"Since the start (indications per packet)", "The round's own (lost / sent in the round)"})
                  .Source("Ng & Chan §3.2")
                  .When("protocol", {"srp", "crp", "mrp"}));
  return p;
}

}  // namespace

ProtocolEntry RateProtocol(std::string name, std::string label, RateEquation equation, std::string help,
                           std::string source) {
  ProtocolEntry e;
  e.name = std::move(name);
  e.label = std::move(label);
  e.family = Family::kRate;
  e.help = std::move(help);
  e.source = std::move(source);
  e.make_sender = [equation](const FlowEnv& env) { return MakeTfrcSender(env, equation); };
  e.make_receiver = [equation](const FlowEnv& env) { return MakeTfrcReceiver(env, equation); };
  e.series = {"allowed_rate", "equation_rate", "loss_event_rate", "srtt"};
  return e;
}

ProtocolEntry TfrcEntry() {
  return RateProtocol("tfrc", "TFRC", RateEquation::kRfc5348,
                      "Equation-based: the receiver measures the loss event rate over the last eight loss intervals, "
                      "the sender paces at the TCP throughput equation's rate for it (slow start before the first "
                      "loss)",
                      "RFC 5348");
}

ProtocolEntry TfrcModifiedEntry() {
  return RateProtocol("tfrc_modified", "TFRC (modified equation)", RateEquation::kModified,
                      "TFRC following Ng & Chan's modified throughput equation, which models timeouts after several "
                      "losses in one window",
                      "RFC 5348 with Ng & Chan §5");
}

ProtocolEntry SrpEntry() {
  ProtocolEntry e = NgChanProtocol("srp", "SRP", NgChanEquation::kSimple,
                                   "Rate-based, no retransmission: once per RTT the packet interval follows the "
                                   "simple (Mathis) TCP equation at the round's loss rate, or adds one packet per "
                                   "round below it");
  e.params = NgChanParams();
  return e;
}

ProtocolEntry CrpEntry() {
  return NgChanProtocol("crp", "CRP", NgChanEquation::kComplex,
                        "SRP's protocol following the complex (Padhye) equation, which models timeouts with the "
                        "measured RTO");
}

ProtocolEntry MrpEntry() {
  return NgChanProtocol("mrp", "MRP", NgChanEquation::kModified,
                        "SRP's protocol following Ng & Chan's modified equation (a better timeout probability for "
                        "lossy links)");
}

}  // namespace plab
