// RRTP's entry (the thesis, ch. 3): its sender and receiver with the flow's rrtp.*
// parameters, the rules between them, and its receiver's loss verdicts as figures.
#include "transport/rate/rrtp_entry.h"

#include "params/param_decl.h"
#include "params/param_view.h"
#include "transport/rate/rate_entries.h"
#include "transport/rate/rate_family.h"
#include "transport/rate/rrtp_receiver.h"
#include "transport/rate/rrtp_sender.h"

namespace plab {
namespace {

RrtpMode Mode(const ParamView& v) {
  return v.Enum("rrtp.mode") == "wireless_last_hop" ? RrtpMode::kWirelessLastHop : RrtpMode::kLimd;
}

LdaScheme Lda(const ParamView& v) {
  const std::string lda = v.Enum("rrtp.lda");
  return lda == "biaz" ? LdaScheme::kBiaz : lda == "spike" ? LdaScheme::kSpike : LdaScheme::kNone;
}

// RRTP's own timer bounds (rrtp.*), not the flow's TCP block: a comparison that swaps the
// flow to a TCP (views.ts withProtocol, sweep.cc) then runs the TCP block a paper's
// platform sets (ns-2's 200 ms floor) while RRTP keeps its own reading.
RttStats::Params RttParams(const ParamView& v) {
  RttStats::Params p;
  p.min_rto = Time::FromMillisecondsDouble(v.Number("rrtp.min_rto_ms"));
  p.initial_rto = Time::FromMillisecondsDouble(v.Number("rrtp.initial_rto_ms"));
  p.max_rto = Time::FromMillisecondsDouble(v.Number("rrtp.max_rto_ms"));
  return p;
}

// The receiver's loss verdicts against where the losses really happened (thesis
// Table 3.2); only a receiver that diagnoses has them.
void AppendVerdicts(const RrtpReceiver& receiver, nlohmann::ordered_json& s) {
  const LossVerdicts* lda = receiver.verdicts();
  if (lda == nullptr) return;
  s["lda_losses"] = lda->classified;
  s["lda_congestive_as_wireless"] = lda->congestive_as_wireless;
  s["lda_wireless_as_congestive"] = lda->wireless_as_congestive;
  const int64_t wrong = lda->congestive_as_wireless + lda->wireless_as_congestive;
  s["lda_misclassification_pct"] =
      lda->classified > 0
          ? nlohmann::ordered_json(100.0 * static_cast<double>(wrong) / static_cast<double>(lda->classified))
          : nlohmann::ordered_json();
}

// The figures AppendVerdicts reports, for the schema: after the family's rate figures.
OwnFields<SummaryField> VerdictFields() {
  return {"mean_equation_rate_mbps",
          {{"lda_losses", "Losses diagnosed", "packets",
            "Loss differentiation (RRTP): lost packets the receiver classified whose real cause is known"},
           {"lda_congestive_as_wireless", "C-to-W misclassifications", "packets",
            "Queue drops the receiver called wireless losses (RRTP thesis Table 3.2)"},
           {"lda_wireless_as_congestive", "W-to-C misclassifications", "packets",
            "Error losses the receiver called congestive (RRTP thesis Table 3.2)"},
           {"lda_misclassification_pct", "Misclassification rate", "%",
            "Misclassified losses over the losses diagnosed (RRTP thesis Table 3.2)"}}};
}

}  // namespace

SenderParts MakeRrtpSender(const FlowEnv& env) {
  const ParamView& v = *env.params;
  RrtpSender::Params p;
  p.flow = env.flow;
  p.segment_bytes = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
  p.header_bytes = static_cast<uint32_t>(v.Integer("tcp.header_bytes"));
  p.max_unacked = static_cast<uint64_t>(v.Integer("tcp.max_window_segments"));
  p.mode = Mode(v);
  p.alpha_segments = v.Number("rrtp.alpha_segments");
  p.alpha_prorated = v.Bool("rrtp.alpha_prorated");
  p.characteristic_bps = v.Number("rrtp.send_rate_kbps") * 1000 / 8;
  p.characteristic_rtt = Time::FromMillisecondsDouble(v.Number("rrtp.rtt_ms"));
  p.characteristic_loss = v.Number("rrtp.loss_rate");
  p.grow_when_holding = v.Bool("rrtp.grow_when_holding");
  p.restore_after_cut = v.Bool("rrtp.restore_after_cut");
  p.handshake_backoff = v.Bool("rrtp.handshake_backoff");
  p.rtt = RttParams(v);
  return WithRateProbe(env, std::make_unique<RrtpSender>(env.scheduler, env.pool, p, env.source));
}

ReceiverParts MakeRrtpReceiver(const FlowEnv& env) {
  const ParamView& v = *env.params;
  RrtpReceiver::Params p;
  p.flow = env.flow;
  p.feedback_bytes = static_cast<uint32_t>(v.Integer("tcp.header_bytes"));
  p.lda = Lda(v);
  p.biaz_sigma = v.Number("rrtp.biaz_sigma");
  p.biaz_phi = v.Number("rrtp.biaz_phi");
  p.nack_timeout_rtts = v.Number("rrtp.nack_timeout_rtts");
  p.discrepancy = v.Number("rrtp.discrepancy");
  p.loss_in_ratio = v.Bool("rrtp.loss_in_ratio");
  Random rng = env.rng;
  p.secret = rng.NextU64();
  auto receiver = std::make_unique<RrtpReceiver>(env.scheduler, env.pool, p);
  ReceiverParts parts;
  parts.witness = receiver.get();
  parts.append_summary = [r = receiver.get()](nlohmann::ordered_json& s) { AppendVerdicts(*r, s); };
  parts.receiver = std::move(receiver);
  return parts;
}

std::vector<ParamDecl> RrtpParams() {
  const std::string g = "RRTP";
  std::vector<ParamDecl> p;
  p.push_back(EnumParam("rrtp.mode", "Network type", g, {"limd", "wireless_last_hop"}, "limd",
                        "Shared paths: bounded LIMD on the send/receive rate ratio. Wireless last hop: the "
                        "channel is the flow's alone, so the rate follows what it delivers and only a congestive "
                        "loss brings LIMD back")
                  .Labels({"Shared path (bounded LIMD)", "Wireless last hop (dedicated channel)"})
                  .Source("RRTP thesis §3.4.1, §3.4.2"));
  p.push_back(EnumParam("rrtp.lda", "Loss differentiation", g, {"none", "biaz", "spike"}, "none",
                        "How the receiver tells a wireless loss (leave the rate alone) from a congestive one: none "
                        "(every loss is congestive), Biaz (inter-arrival times; wireless last hop) or Spike "
                        "(relative one-way trip times; wireless LAN)")
                  .Labels({"None (every loss congestive)", "Biaz (inter-arrival)", "Spike (one-way delay)"})
                  .Source("RRTP thesis §3.6"));
  p.push_back(NumberParam("rrtp.biaz_sigma", "Biaz sigma", g, "", 0, 10, 1,
                          "A loss of n packets is wireless when (n + sigma) Tmin <= Tseparation < (n + phi) Tmin")
                  .Source("RRTP thesis Table 3.2: sigma = 1")
                  .When("rrtp.lda", {"biaz"}));
  p.push_back(NumberParam("rrtp.biaz_phi", "Biaz phi", g, "", 0, 10, 2,
                          "The upper bound of the wireless window, in Tmin beyond the n lost packets")
                  .Source("RRTP thesis Table 3.2: phi = 2")
                  .When("rrtp.lda", {"biaz"}));
  p.push_back(NumberParam("rrtp.alpha_segments", "Additive increase alpha", g, "MSS/RTT", 0, 1000, 1,
                          "Each epoch below capacity (ratio < 0.95) adds alpha x MSS / SRTT to the send rate")
                  .Source("RRTP thesis §3.4.1 (alpha's values not given: one segment per RTT, as Reno)"));
  p.push_back(BoolParam("rrtp.alpha_prorated", "Alpha per RTT of the epoch", g, false,
                        "Off: alpha is added once per epoch (SendRate_new = SendRate_prev + alpha). On: alpha is "
                        "added per RTT the epoch's packets took to send, so a slow flow's long epoch grows it "
                        "by many alphas at once (the lab's earlier reading)")
                  .Source("RRTP thesis §3.4.1")
                  .Advanced());
  p.push_back(BoolParam("rrtp.grow_when_holding", "Grow while the rate holds", g, true,
                        "A paced flow below capacity receives as fast as it sends (ratio 1), so the thesis's rule "
                        "alone never finds spare capacity: on, alpha is also added from the third epoch in a row "
                        "that holds; off, the rate grows only when the ratio falls below 0.95")
                  .Source("RRTP thesis §3.4.1 (the lab's reading; off = the literal rule)"));
  p.push_back(BoolParam("rrtp.restore_after_cut", "Restore the rate after a loss cut", g, false,
                        "Off: a congestive loss halves the characteristic rate with the send rate, and the rate "
                        "grows back by alpha (Reno's fast recovery). On: the second holding epoch after the cut "
                        "restores the characteristic rate averaged before it, within 20 packets (the lab's "
                        "earlier reading)")
                  .Source("RRTP thesis §3.4.1 (\"in a similar manner as TCP Reno would by aggressively reducing "
                          "the send rate\")")
                  .Advanced());
  p.push_back(BoolParam("rrtp.handshake_backoff", "Back off the handshake's timer", g, false,
                        "Off: a lost SYN or START is sent again each RTO (the initial RTO before any RTT), as "
                        "the thesis's one retry rule, the NACK's, repeats until the packet gets through. On: the "
                        "timer doubles on each retry, as TCP's SYN and SCTP's INIT do")
                  .Source("RRTP thesis §3.2, §3.5 (no handshake retry rule given; the lab's reading)")
                  .Advanced());
  p.push_back(BoolParam("rrtp.loss_in_ratio", "Losses slow the receive rate", g, false,
                        "Off: the receive interval is divided by the packets sent between two arrivals, so the "
                        "send/receive ratio sees the queue (incipient congestion) and losses act through the "
                        "Reno-like cut. On: it is the interval between packets received, so a congestive loss "
                        "lowers the receive rate and raises the ratio (5 % loss alone reads as congestion)")
                  .Source("RRTP thesis §3.4.1 (\"send/receive rate ratio\", \"incipient congestion\"; §3.5: "
                          "losses recovered \"without frequent triggering of the congestion control\")")
                  .Advanced());
  p.push_back(NumberParam("rrtp.send_rate_kbps", "SendRate_char", g, "kb/s", 0, 100000000, 0,
                          "The application's characteristic send rate: the connection starts at it instead of "
                          "probing. 0 = probe with the packet pair")
                  .Source("RRTP thesis §3.3, Table 3.1")
                  .Log());
  p.push_back(NumberParam("rrtp.rtt_ms", "RoundTripTime_char", g, "ms", 0, 100000, 0,
                          "The characteristic RTT: the first RTT estimate instead of the handshake's. 0 = measure")
                  .Source("RRTP thesis §3.2-3.3, Table 3.1"));
  p.push_back(NumberParam("rrtp.loss_rate", "LossRate_char", g, "", 0, 1, 0,
                          "The characteristic loss rate: while the measured loss rate stays at or below it, losses "
                          "do not cut the rate (the thesis gives no rule; this is the lab's reading)")
                  .Source("RRTP thesis §3.3, Table 3.1"));
  p.push_back(NumberParam("rrtp.nack_timeout_rtts", "NACK timer", g, "RTTs", 0.5, 100, 2,
                          "The receiver asks again for a missing packet after this many RTTs")
                  .Source("RRTP thesis §3.5: \"the RTT value as the base unit\" (factor not given)")
                  .Advanced());
  p.push_back(NumberParam("rrtp.discrepancy", "Short/long discrepancy", g, "", 0.01, 10, 0.25,
                          "The short-term interval averages replace the long-term ones when they differ by more "
                          "than this fraction")
                  .Source("RRTP thesis §3.4.1 (\"significant discrepancy\" not quantified)")
                  .Advanced());
  // The thesis states no bounds for the sender's timeouts (the handshake's retry, the
  // sender's own timeout): RFC 6298's, as TCP's defaults, kept apart from the TCP block.
  p.push_back(NumberParam("rrtp.min_rto_ms", "Minimum RTO", g, "ms", 1, 60000, 1000,
                          "Lower bound of RRTP's timeout (the handshake's retry and the sender's own timeout); "
                          "the flow's TCP block is not read, so a comparison with TCP keeps both")
                  .Source("RRTP thesis §3.5 (\"the RTT value as the base unit\"; no bound given): RFC 6298 §2.4")
                  .Log()
                  .Advanced());
  p.push_back(NumberParam("rrtp.initial_rto_ms", "Initial RTO", g, "ms", 1, 60000, 1000,
                          "RRTP's timeout before the first RTT sample (the handshake's, without RoundTripTime_char)")
                  .Source("RRTP thesis §3.2 (not given): RFC 6298 §2.1")
                  .Log()
                  .Advanced());
  p.push_back(NumberParam("rrtp.max_rto_ms", "Maximum RTO", g, "ms", 100, 600000, 60000,
                          "Upper bound of RRTP's backed-off timeout")
                  .Source("RRTP thesis (not given): RFC 6298 §2.5")
                  .Log()
                  .Advanced());
  return p;
}

void ValidateRrtp(const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors) {
  if (v.Enum("rrtp.lda") == "biaz" && v.Number("rrtp.biaz_phi") <= v.Number("rrtp.biaz_sigma")) {
    errors.push_back({prefix + "rrtp.biaz_phi", prefix + "rrtp.biaz_phi must be above rrtp.biaz_sigma (" +
                                                    FormatNumber(v.Number("rrtp.biaz_sigma")) + "), got " +
                                                    FormatNumber(v.Number("rrtp.biaz_phi"))});
  }
}

ProtocolEntry RrtpEntry() {
  ProtocolEntry e = RateProtocol("rrtp", "RRTP", RateEquation::kRfc5348,
                                 "Reliable rate-based transport over UDP: a cookie handshake, a probe pair for the "
                                 "first rate, bounded LIMD on the send/receive interval ratio each 10-packet epoch, "
                                 "CACK every 32 packets with NACK/SACK, and loss differentiation (Biaz, Spike) for "
                                 "wireless paths",
                                 "RRTP thesis ch. 3");
  e.make_sender = [](const FlowEnv& env) { return MakeRrtpSender(env); };
  e.make_receiver = [](const FlowEnv& env) { return MakeRrtpReceiver(env); };
  e.series = {"allowed_rate", "loss_event_rate", "srtt"};
  e.params = RrtpParams();
  e.validate = ValidateRrtp;
  e.summary_fields = VerdictFields();
  return e;
}

}  // namespace plab
