// The registry's tables. A protocol of the TCP family names the congestion control
// and the loss recovery it is made of; both are entries of their own, so any control
// pairs with any recovery (`recovery` per flow), as the LE paper pairs them.
#include "transport/registry.h"

#include <algorithm>

#include "scenario/param_view.h"
#include "scenario/scenario.h"
#include "transport/tcp/cc/aimd.h"
#include "transport/tcp/cc/bbr.h"
#include "transport/tcp/cc/cubic.h"
#include "transport/tcp/cc/fixed_window.h"
#include "transport/tcp/cc/vegas.h"
#include "transport/tcp/cc/westwood.h"
#include "transport/tcp/recovery/le_recovery.h"
#include "transport/tcp/recovery/newreno_recovery.h"
#include "transport/tcp/recovery/ns2_sack1_recovery.h"
#include "transport/tcp/recovery/reno_recovery.h"
#include "transport/tcp/recovery/sack_recovery.h"
#include "transport/tcp/real/real_control.h"
#include "transport/tcp/real/real_receiver.h"
#include "transport/tcp/recovery/tahoe_recovery.h"
#include "transport/tcp/tcp_family.h"
#include "transport/rate/rate_family.h"

namespace plab {
namespace {

// What a TCP sender reports per flow (names of the schema's declared series).
const std::vector<std::string> kTcpSeries = {"cwnd", "ssthresh", "flight_size", "srtt", "rto",
                                             "fast_retransmit", "partial_ack", "timeout"};

ProtocolEntry Tcp(std::string name, std::string label, std::string congestion_control, std::string loss_recovery,
                  std::string help, std::string source) {
  ProtocolEntry e;
  e.name = std::move(name);
  e.label = std::move(label);
  e.family = "tcp";
  e.help = std::move(help);
  e.source = std::move(source);
  e.tcp = TcpComposition{std::move(congestion_control), std::move(loss_recovery)};
  const TcpComposition composition = *e.tcp;
  e.make_sender = [composition](const FlowEnv& env) { return MakeTcpSender(env, composition); };
  e.make_receiver = [composition](const FlowEnv& env) { return MakeTcpReceiver(env, composition); };
  e.validate = [composition](const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors) {
    ValidateTcpFlow(v, composition, prefix, errors);
    const CongestionControlEntry* cc = FindCongestionControl(composition.congestion_control);
    if (cc->validate) cc->validate(v, prefix, errors);
  };
  e.series = kTcpSeries;
  if (!FindCongestionControl(composition.congestion_control)->uses_ssthresh)
    e.series.erase(std::find(e.series.begin(), e.series.end(), "ssthresh"));
  for (const std::string& extra : FindLossRecovery(e.tcp->loss_recovery)->series) e.series.push_back(extra);
  return e;
}

// TCP-Real: Reno's sender with a receiver that decides the window (tcp/real/).
ProtocolEntry Real() {
  ProtocolEntry e = Tcp("real", "TCP-Real", "real", "reno",
                        "The receiver measures each wave's receiving rate and sets the sender's window "
                        "(2 x wave level segments) before losses; random losses and lost ACKs do not shrink it",
                        "Zhang & Tsaoussidis, NOSSDAV 2001, §2");
  const TcpComposition composition = *e.tcp;
  e.make_receiver = [composition](const FlowEnv& env) {
    const ParamView& v = *env.params;
    RealReceiver::Params p;
    p.mss = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
    p.max_level = static_cast<int>(v.Integer("real.max_wave_level"));
    p.initial_threshold = v.Number("real.initial_threshold_level");
    return MakeTcpReceiver(env, composition, std::make_unique<RealReceiver>(p));
  };
  return e;
}

// A rate-based protocol (transport/rate/): TFRC's sender and receiver following one of
// the throughput equations.
ProtocolEntry Rate(std::string name, std::string label, RateEquation equation, std::string help, std::string source) {
  ProtocolEntry e;
  e.name = std::move(name);
  e.label = std::move(label);
  e.family = "rate";
  e.help = std::move(help);
  e.source = std::move(source);
  e.make_sender = [equation](const FlowEnv& env) { return MakeTfrcSender(env, equation); };
  e.make_receiver = [equation](const FlowEnv& env) { return MakeTfrcReceiver(env, equation); };
  e.series = {"allowed_rate", "equation_rate", "loss_event_rate", "srtt"};
  return e;
}

// One of Ng & Chan's rate-based protocols (transport/rate/ngchan_rate.h).
ProtocolEntry NgChan(std::string name, std::string label, NgChanEquation equation, std::string help) {
  ProtocolEntry e = Rate(std::move(name), std::move(label), RateEquation::kRfc5348, std::move(help),
                         "Ng & Chan §3.2 (MRP: §5-6)");
  e.make_sender = [equation](const FlowEnv& env) { return MakeNgChanSender(env, equation); };
  e.make_receiver = [](const FlowEnv& env) { return MakeNgChanReceiver(env); };
  return e;
}

// RRTP (transport/rate/rrtp_*.h): reliable, rate-based, with its own tunables.
ProtocolEntry Rrtp() {
  ProtocolEntry e = Rate("rrtp", "RRTP", RateEquation::kRfc5348,
                         "Reliable rate-based transport over UDP: a cookie handshake, a probe pair for the first "
                         "rate, bounded LIMD on the send/receive interval ratio each 10-packet epoch, CACK every 32 "
                         "packets with NACK/SACK, and loss differentiation (Biaz, Spike) for wireless paths",
                         "RRTP thesis ch. 3");
  e.make_sender = [](const FlowEnv& env) { return MakeRrtpSender(env); };
  e.make_receiver = [](const FlowEnv& env) { return MakeRrtpReceiver(env); };
  e.series = {"allowed_rate", "loss_event_rate", "srtt"};
  e.params = RrtpParams();
  e.validate = ValidateRrtp;
  return e;
}

ProtocolEntry Compared(ProtocolEntry e) {
  e.compare_by_default = true;
  return e;
}

std::vector<ProtocolEntry> DeclareProtocols() {
  return {
      Tcp("tahoe", "Tahoe", "aimd", "tahoe",
          "Slow start + AIMD; on three duplicate ACKs, retransmit and slow-start again from one segment",
          "Jacobson 1988; RFC 5681 §3.2 without fast recovery"),
      Tcp("reno", "Reno", "aimd", "reno", "Slow start + AIMD with fast retransmit and fast recovery", "RFC 5681"),
      Compared(Tcp("newreno", "NewReno", "aimd", "newreno",
                   "Reno whose partial ACKs keep fast recovery going: one lost segment repaired per RTT", "RFC 6582")),
      Compared(Tcp("sack", "SACK", "aimd", "sack",
                   "Slow start + AIMD with SACK-based loss recovery: several holes repaired in one RTT",
                   "RFC 2018, RFC 6675")),
      Tcp("fack", "FACK", "aimd", "fack",
          "SACK recovery that counts every un-SACKed segment below the forward-most SACK as lost",
          "Mathis & Mahdavi, SIGCOMM 1996"),
      Tcp("vegas", "Vegas", "vegas", "newreno_er",
          "Keeps between alpha and beta packets queued by comparing expected and actual rates; "
          "fine-grained early retransmission",
          "Brakmo & Peterson, JSAC 1995; TCP-ER paper §II-B"),
      Tcp("westwood", "Westwood+", "westwood", "newreno",
          "After a loss, ssthresh = the bandwidth it measured x the minimum RTT, not half the window",
          "Mascolo et al. 2001; Grieco & Mascolo 2004"),
      Compared(Tcp("cubic", "CUBIC", "cubic", "sack",
                   "The window follows a cubic function of the time since the last loss", "RFC 9438")),
      Tcp("bbr", "BBR v1", "bbr", "sack",
          "Paces at its model of the bottleneck bandwidth and keeps about one BDP in flight",
          "Cardwell et al., ACM Queue 2016"),
      Real(),
      Tcp("le", "LE", "aimd", "le",
          "Loss recovery in transmission order: each packet counts its own duplicate ACKs, lost ones are "
          "resent first, one window cut per RTT; no recovery state, no timeout for a lost retransmission",
          "Kang, Park & Mo, EURASIP JWCN 2012, §2"),
      Tcp("ns2_sack1", "SACK (ns-2)", "aimd", "ns2_sack1",
          "SACK as the papers' ns-2 ran it (Agent/TCP/Sack1): it counts the packets in flight down by "
          "duplicate ACKs, so after a large loss it resumes sending later than RFC 6675 SACK",
          "Fall & Floyd 1996; ns-2.35 tcp-sack1.cc"),
      Tcp("tcp_er", "TCP-ER", "aimd", "tcp_er",
          "NewReno that retransmits on the first duplicate ACK once Vegas's fine-grained timer has expired, and "
          "keeps at least 2 packets plus 2 of inflation in its window then, so small windows avoid timeouts",
          "Yin, Alnuweiri & Reddy, TCP-ER, §II-B, §III (Algorithm 1)"),
      Tcp("sack_er", "SACK-ER", "aimd", "sack_er",
          "SACK with TCP-ER's early retransmission and Algorithm 1: a lost packet, or a lost retransmission, is "
          "resent as soon as its fine-grained timer expires",
          "Yin, Alnuweiri & Reddy, TCP-ER, §III-IV"),
      Rate("tfrc", "TFRC", RateEquation::kRfc5348,
           "Equation-based: the receiver measures the loss event rate over the last eight loss intervals, the "
           "sender paces at the TCP throughput equation's rate for it (slow start before the first loss)",
           "RFC 5348"),
      Rate("tfrc_modified", "TFRC (modified equation)", RateEquation::kModified,
           "TFRC following Ng & Chan's modified throughput equation, which models timeouts after several losses "
           "in one window",
           "RFC 5348 with Ng & Chan §5"),
      NgChan("srp", "SRP", NgChanEquation::kSimple,
             "Rate-based, no retransmission: once per RTT the packet interval follows the simple (Mathis) TCP "
             "equation at the round's loss rate, or adds one packet per round below it"),
      NgChan("crp", "CRP", NgChanEquation::kComplex,
             "SRP's protocol following the complex (Padhye) equation, which models timeouts with the measured RTO"),
      NgChan("mrp", "MRP", NgChanEquation::kModified,
             "SRP's protocol following Ng & Chan's modified equation (a better timeout probability for lossy links)"),
      Rrtp(),
      Tcp("fixed", "Fixed window", "fixed", "newreno",
          "The window never moves (fixed.window_segments): what a loss recovery does, without congestion "
          "control",
          "LE paper §3.3 (Fig. 6b: 32 packets)"),
      Tcp("manual", "You (manual)", "manual", "newreno",
          "You are the congestion control: in live mode you set the window (manual.cwnd_segments) while the "
          "packets flow, or press back off and grow; losses are repaired by NewReno but never shrink it",
          "Issue 9 (teaching); RFC 5681 §3 is what Reno would do instead"),
  };
}

std::vector<CongestionControlEntry> DeclareCongestionControls() {
  std::vector<CongestionControlEntry> out;
  out.push_back({"aimd", "AIMD", "Slow start + additive increase, multiplicative decrease (RFC 5681 §3.1)", {},
                 [](const ParamView&) { return std::make_unique<Aimd>(); }, nullptr});

  CongestionControlEntry vegas{"vegas", "Vegas", "Brakmo & Peterson 1995: queue-length based avoidance", {},
                               [](const ParamView& v) {
                                 return std::make_unique<Vegas>(Vegas::Params{
                                     v.Number("vegas.alpha"), v.Number("vegas.beta"), v.Number("vegas.gamma")});
                               },
                               nullptr};
  vegas.params.push_back(NumberParam("vegas.alpha", "Vegas alpha", "TCP", "packets", 0, 100, 1,
                                     "Vegas grows the window when fewer than alpha packets are queued")
                             .Source("Brakmo & Peterson; ns-2 default 1"));
  vegas.params.push_back(NumberParam("vegas.beta", "Vegas beta", "TCP", "packets", 0, 100, 3,
                                     "Vegas shrinks the window when more than beta packets are queued")
                             .Source("Brakmo & Peterson; ns-2 default 3"));
  vegas.params.push_back(NumberParam("vegas.gamma", "Vegas gamma", "TCP", "packets", 0, 100, 1,
                                     "Vegas leaves slow start when more than gamma packets are queued")
                             .Source("Brakmo & Peterson; ns-2 default 1"));
  vegas.validate = [](const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors) {
    if (v.Number("vegas.beta") < v.Number("vegas.alpha")) {
      errors.push_back({prefix + "vegas.beta", prefix + "vegas.beta must be at least vegas.alpha (" +
                                                   FormatNumber(v.Number("vegas.alpha")) + "), got " +
                                                   FormatNumber(v.Number("vegas.beta"))});
    }
  };
  out.push_back(std::move(vegas));

  out.push_back({"westwood", "Westwood+", "Bandwidth estimate from the ACK stream sets ssthresh after a loss", {},
                 [](const ParamView&) { return std::make_unique<Westwood>(); }, nullptr});
  out.push_back({"cubic", "CUBIC", "RFC 9438", {},
                 [](const ParamView&) { return std::make_unique<Cubic>(Cubic::Params{}); }, nullptr});
  CongestionControlEntry real{"real", "TCP-Real", "Receiver-decided wave levels over Reno's growth", {},
                              [](const ParamView& v) {
                                return std::make_unique<RealControl>(RealControl::Params{
                                    static_cast<int>(v.Integer("real.max_wave_level")), v.Bool("real.cancel_backoff"),
                                    v.Bool("real.recovery_inflation"), v.Bool("real.grow_between_decisions")});
                              },
                              nullptr};
  real.params.push_back(IntegerParam("real.max_wave_level", "Largest wave level", "TCP", "levels", 1, 10000, 24,
                                     "The window is 2 x level segments; the largest level is the largest window")
                            .Source("TCP-Real §3: \"we used 24 wave levels, ranging from 1 to 24\"")
                            .Advanced());
  real.params.push_back(NumberParam("real.initial_threshold_level", "Initial wave level threshold", "TCP", "levels",
                                    0, 10000, 24,
                                    "Fig. 1's threshold before the first wave-decision timeout sets it to half the "
                                    "level; above it a falling rate is answered conservatively")
                            .Source("TCP-Real §2.2 (initial value not given: the lab starts at the largest level, "
                                    "like an unset ssthresh)")
                            .Advanced());
  real.params.push_back(BoolParam("real.cancel_backoff", "Cancel the RTO back-off", "TCP", true,
                                  "A timeout after duplicate ACKs (the DACK bit: wave information arrived) keeps "
                                  "the window and does not double the RTO; off: the RTO doubles on every timeout "
                                  "(RFC 6298 §5.5), as Reno's")
                            .Source("TCP-Real abstract: \"rate and timeout adjustments are cancelled whenever the "
                                    "receiving rate indicates sufficient availability of bandwidth\"; §2.1: \"the "
                                    "timeout can be extended [from RTT measurements], but the window size could "
                                    "remain the same\"")
                            .Advanced());
  real.params.push_back(BoolParam("real.recovery_inflation", "Inflate the window in fast recovery", "TCP", false,
                                  "On: Reno's +1 segment per duplicate ACK during fast recovery, past the largest "
                                  "wave while a lost retransmission waits for its timeout; off: the window stays "
                                  "the wave the receiver set")
                            .Source("TCP-Real §1: a wave's size \"is fixed during each RTT ... not based on the "
                                    "acknowledgements received by the sender\"; §3: \"the maximum wave level "
                                    "corresponds to the maximum congestion window\"")
                            .Advanced());
  real.params.push_back(BoolParam("real.grow_between_decisions", "Grow like Reno between decisions", "TCP", true,
                                  "On: slow start and congestion avoidance raise the window between the receiver's "
                                  "decisions, up to the largest wave; off: the window stays the last decided wave")
                            .Source("TCP-Real §2.2: \"TCP-Real extends TCP-Reno\"; abstract: \"Slow Start ... "
                                    "used whenever congestion avoidance fails\"; the growth between decisions is "
                                    "not stated (WWP's wave is \"fixed during each RTT\", §1)")
                            .Advanced());
  out.push_back(std::move(real));
  CongestionControlEntry fixed{"fixed", "Fixed window", "cwnd stays at fixed.window_segments", {},
                               [](const ParamView& v) {
                                 return std::make_unique<FixedWindow>(
                                     static_cast<uint64_t>(v.Integer("fixed.window_segments")));
                               },
                               nullptr};
  fixed.params.push_back(IntegerParam("fixed.window_segments", "Fixed window", "TCP", "segments", 1, 100000, 32,
                                      "The congestion window, whatever happens")
                             .Source("LE paper §3.3: 32 packets (Fig. 6b); §5: 10")
                             .Log());
  out.push_back(std::move(fixed));
  CongestionControlEntry manual{"manual", "Manual", "cwnd is what the student sets while the run plays", {},
                                [](const ParamView& v) {
                                  return std::make_unique<FixedWindow>(
                                      static_cast<uint64_t>(v.Integer("manual.cwnd_segments")));
                                },
                                nullptr};
  manual.params.push_back(IntegerParam("manual.cwnd_segments", "Your window", "TCP", "segments", 1, 1000, 10,
                                       "The congestion window you choose; change it while the run plays (live "
                                       "mode) and watch the queue and the RTT answer")
                              .Source("Issue 9: \"You are the congestion control\"; 10 = RFC 6928's initial window")
                              .Live());
  // The student's window is not a slow-start threshold: no ssthresh line to explain it.
  manual.uses_ssthresh = false;
  manual.set_live = [](CongestionControl& cc, const std::string&, double value) {
    // The only live parameter of this control; the registry built `cc` from this entry.
    static_cast<FixedWindow&>(cc).SetWindowSegments(static_cast<uint64_t>(value));
  };
  out.push_back(std::move(manual));
  CongestionControlEntry bbr{"bbr", "BBR v1", "Model-based: bottleneck bandwidth and round-trip propagation time", {},
                             [](const ParamView&) { return std::make_unique<Bbr>(Bbr::Params{}); }, nullptr};
  bbr.uses_ssthresh = false;  // bbr.cc: "BBR never reads ssthresh"
  out.push_back(std::move(bbr));
  return out;
}

std::vector<LossRecoveryEntry> DeclareLossRecoveries() {
  return {
      {"tahoe", "Tahoe", "Fast retransmit, then slow start from one segment (go-back-N)", false,
       [] { return std::make_unique<TahoeRecovery>(); }, {}},
      {"reno", "Reno", "Fast retransmit and fast recovery (RFC 5681 §3.2)", false,
       [] { return std::make_unique<RenoRecovery>(); }, {}},
      {"newreno", "NewReno", "Partial ACKs keep recovery going (RFC 6582)", false,
       [] { return std::make_unique<NewRenoRecovery>(); }, {}},
      {"newreno_er", "NewReno + early retransmit (Vegas)",
       "NewReno, and a duplicate ACK retransmits at once when the fine-grained timer has expired (Vegas)", false,
       [] { return std::make_unique<NewRenoRecovery>(EarlyRetransmit::kVegas); },
       {"early_retransmit"}},
      {"tcp_er", "TCP-ER",
       "NewReno with early retransmission on the fine-grained timer and Algorithm 1's window (TCP-ER §III)", false,
       [] { return std::make_unique<NewRenoRecovery>(EarlyRetransmit::kAlgorithm1); },
       {"early_retransmit"}},
      {"sack", "SACK (RFC 6675)", "Conservative SACK-based recovery: pipe, NextSeg, rescue retransmission", true,
       [] { return std::make_unique<SackRecovery>(); }, {}},
      {"sack_er", "SACK-ER",
       "RFC 6675 SACK with early retransmission on the fine-grained timer and Algorithm 1's window (TCP-ER §III)",
       true, [] { return std::make_unique<SackRecovery>(EarlyRetransmit::kAlgorithm1); },
       {"early_retransmit"}},
      {"fack", "FACK", "Forward acknowledgment: un-SACKed segments below the highest SACK are lost", true,
       [] { return std::make_unique<FackRecovery>(); }, {}},
      {"le", "LE", "Per-packet duplicate counts in transmission order; lost packets resent first (LE paper §2)",
       true, [] { return std::make_unique<LeRecovery>(); }, {}},
      {"ns2_sack1", "SACK (ns-2 Sack1)",
       "SACK as ns-2 ran it: pipe counted down by duplicate ACKs, not recomputed from the SACK blocks", true,
       [] { return std::make_unique<Ns2Sack1Recovery>(); }, {}},
  };
}

template <typename Entry>
const Entry* FindIn(const std::vector<Entry>& entries, const std::string& name) {
  const auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.name == name; });
  return it == entries.end() ? nullptr : &*it;
}

}  // namespace

const std::vector<ProtocolEntry>& Protocols() {
  static const std::vector<ProtocolEntry> entries = DeclareProtocols();
  return entries;
}

const std::string& DefaultProtocol() {
  static const std::string name = "newreno";  // the papers' baseline and ns-3's default
  return name;
}

const std::vector<CongestionControlEntry>& CongestionControls() {
  static const std::vector<CongestionControlEntry> entries = DeclareCongestionControls();
  return entries;
}

const std::vector<LossRecoveryEntry>& LossRecoveries() {
  static const std::vector<LossRecoveryEntry> entries = DeclareLossRecoveries();
  return entries;
}

const ProtocolEntry* FindProtocol(const std::string& name) { return FindIn(Protocols(), name); }
const CongestionControlEntry* FindCongestionControl(const std::string& name) {
  return FindIn(CongestionControls(), name);
}
const LossRecoveryEntry* FindLossRecovery(const std::string& name) { return FindIn(LossRecoveries(), name); }

std::vector<std::string> ProtocolsUsingCongestionControl(const std::string& cc) {
  std::vector<std::string> names;
  for (const ProtocolEntry& p : Protocols()) {
    if (p.tcp && p.tcp->congestion_control == cc) names.push_back(p.name);
  }
  return names;
}

}  // namespace plab
