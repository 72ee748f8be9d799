// The congestion controls a TCP protocol can be made of (registry.cc lists them;
// TCP-Real's is in tcp/real/real_entry.cc), each with its own tunables.
#include "transport/tcp/cc/cc_entries.h"

#include "params/param_decl.h"
#include "params/param_view.h"
#include "transport/tcp/cc/aimd.h"
#include "transport/tcp/cc/bbr.h"
#include "transport/tcp/cc/cubic.h"
#include "transport/tcp/cc/fixed_window.h"
#include "transport/tcp/cc/manual_window.h"
#include "transport/tcp/cc/vegas.h"
#include "transport/tcp/cc/westwood.h"

namespace plab {

CongestionControlEntry AimdControl() {
  CongestionControlEntry aimd{"aimd",
                              "AIMD",
                              "Slow start + additive increase, multiplicative decrease (RFC 5681 §3.1)",
                              {},
                              [](const ParamView& v) {
                                const uint64_t rwnd = static_cast<uint64_t>(v.Integer("tcp.max_window_segments")) *
                                                      static_cast<uint64_t>(v.Integer("tcp.mss_bytes"));
                                return std::make_unique<Aimd>(Aimd::Params{v.Enum("aimd.hystart") == "rfc9406",
                                                                           v.Enum("aimd.loss_halves") == "cwnd", rwnd});
                              },
                              nullptr};
  aimd.params.push_back(
      EnumParam("aimd.hystart", "Slow-start exit", "TCP", {"none", "rfc9406"}, "none",
                "How the first slow start ends. none: at the first loss (RFC 5681). rfc9406: also earlier, by "
                "HyStart++: once a round's least RTT (of 8 samples or more) rises by clamp(last round's / 8, 4 ms, "
                "16 ms), Conservative Slow Start grows a quarter as fast; back to slow start if the RTT falls below "
                "where CSS began, congestion avoidance (ssthresh = cwnd) after 5 rounds of CSS, or on a loss")
          .Labels({"At the first loss", "HyStart++ (RFC 9406)"})
          .Source("RFC 9406 §4.2-4.3: MIN_RTT_THRESH 4 ms, MAX_RTT_THRESH 16 ms, MIN_RTT_DIVISOR 8, N_RTT_SAMPLE 8, "
                  "CSS_GROWTH_DIVISOR 4, CSS_ROUNDS 5")
          .Advanced());
  aimd.params.push_back(
      EnumParam("aimd.loss_halves", "Loss halves", "TCP", {"flight_size", "cwnd"}, "flight_size",
                "What a loss (fast retransmit or timeout) halves into ssthresh. flight_size: the data outstanding "
                "(RFC 5681 eq. 4). cwnd: the window, min(cwnd, receiver window) in whole segments, as ns-2's "
                "Agent/TCP does; they differ when the flight is not the window (an application-limited stream, "
                "segments sent by limited transmit)")
          .Labels({"FlightSize (RFC 5681)", "cwnd (ns-2)"})
          .Source("RFC 5681 §3.1 eq. 4; ns-2 tcp.cc slowdown(): ssthresh_ = int(window() / 2), at least 2")
          .Advanced());
  return aimd;
}

CongestionControlEntry VegasControl() {
  CongestionControlEntry vegas{"vegas",
                               "Vegas",
                               "Brakmo & Peterson 1995: queue-length based avoidance",
                               {},
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
  // ns-2.35 tcp-vegas.cc: VegasTcpAgent::recv counts duplicate ACKs itself (for its
  // early retransmission) and reads no singledup_.
  vegas.ns2_limited_transmit = false;
  vegas.validate = [](const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors) {
    if (v.Number("vegas.beta") < v.Number("vegas.alpha")) {
      errors.push_back({prefix + "vegas.beta", prefix + "vegas.beta must be at least vegas.alpha (" +
                                                   FormatNumber(v.Number("vegas.alpha")) + "), got " +
                                                   FormatNumber(v.Number("vegas.beta"))});
    }
  };
  return vegas;
}

CongestionControlEntry WestwoodControl() {
  return {"westwood",
          "Westwood+",
          "Bandwidth estimate from the ACK stream sets ssthresh after a loss",
          {},
          [](const ParamView&) { return std::make_unique<Westwood>(); },
          nullptr};
}

CongestionControlEntry CubicControl() {
  CongestionControlEntry cubic{"cubic",
                               "CUBIC",
                               "RFC 9438",
                               {},
                               [](const ParamView& v) {
                                 Cubic::Params params;
                                 if (v.Enum("cubic.hystart") == "ns3") params.hystart = Cubic::Params::HyStart::kNs3;
                                 if (v.Enum("cubic.hystart") == "rfc9406") {
                                   params.hystart = Cubic::Params::HyStart::kRfc9406;
                                 }
                                 if (v.Enum("cubic.law") == "ns3") params.law = Cubic::Params::Law::kNs3;
                                 return std::make_unique<Cubic>(params);
                               },
                               nullptr};
  cubic.params.push_back(
      EnumParam("cubic.hystart", "CUBIC HyStart", "TCP", {"none", "ns3", "rfc9406"}, "none",
                "How slow start ends. none: at the first loss (RFC 9438). ns3: also earlier, by hybrid slow "
                "start as ns-3.44's TcpCubic runs it by default (Linux / Ha & Rhee 2008, not RFC 9406 "
                "HyStart++): from 16 segments on, slow start ends (ssthresh = cwnd) on an ACK train (ACKs 2 ms "
                "apart or less for longer than the least smoothed RTT since the round began) or on a delay "
                "increase (the least of a round's first 8 smoothed RTTs above the least seen plus "
                "clamp(it, 4 ms, 1 s)). rfc9406: HyStart++ in the first slow start: once a round's least RTT "
                "(of 8 samples or more) rises by clamp(last round's / 8, 4 ms, 16 ms), Conservative Slow Start "
                "grows a quarter as fast; back to slow start if the RTT falls below where CSS began, congestion "
                "avoidance (ssthresh = cwnd) after 5 rounds of CSS, or on a loss")
          .Labels({"None", "ns-3 HyStart", "HyStart++ (RFC 9406)"})
          .Source("ns-3.44 src/internet/model/tcp-cubic.cc: HyStart=true, HyStartLowWindow=16, "
                  "HyStartDetect=BOTH, HyStartMinSamples=8, HyStartAckDelta=2ms, HyStartDelayMin=4ms, "
                  "HyStartDelayMax=1000ms, CubicDelta=10ms; RFC 9406 §4.2-4.3: MIN_RTT_THRESH 4 ms, "
                  "MAX_RTT_THRESH 16 ms, MIN_RTT_DIVISOR 8, N_RTT_SAMPLE 8, CSS_GROWTH_DIVISOR 4, CSS_ROUNDS 5"));
  cubic.params.push_back(
      EnumParam("cubic.law", "CUBIC window law", "TCP", {"rfc9438", "ns3"}, "rfc9438",
                "How the window grows. rfc9438: W_cubic(t + RTT) and the Reno-friendly estimate in fractions of "
                "a segment (RFC 9438 §4). ns3: as ns-3.44's TcpCubic (Linux bictcp's integer arithmetic): slow "
                "start adds every segment an ACK covers; in avoidance one segment per cnt acked, cnt = cwnd / "
                "(target - cwnd) in whole segments at t + the least smoothed RTT, at most 20 before the first "
                "loss, at least 2")
          .Source("ns-3.44 src/internet/model/tcp-cubic.cc IncreaseWindow, Update, GetSsThresh: C=0.4, "
                  "Beta=0.7, CntClamp=20, FastConvergence=true, TcpFriendliness=true"));
  return cubic;
}

CongestionControlEntry FixedControl() {
  CongestionControlEntry fixed{
      "fixed",
      "Fixed window",
      "cwnd stays at fixed.window_segments",
      {},
      [](const ParamView& v) {
        return std::make_unique<FixedWindow>(static_cast<uint64_t>(v.Integer("fixed.window_segments")));
      },
      nullptr};
  fixed.params.push_back(IntegerParam("fixed.window_segments", "Fixed window", "TCP", "segments", 1, 100000, 32,
                                      "The congestion window, whatever happens")
                             .Source("LE paper §3.3: 32 packets (Fig. 6b); §5: 10")
                             .Log());
  return fixed;
}

CongestionControlEntry ManualControl() {
  CongestionControlEntry manual{
      "manual",
      "Manual",
      "cwnd is what the student sets while the run plays; loss recovery never moves it",
      {},
      [](const ParamView& v) {
        return std::make_unique<ManualWindow>(static_cast<uint64_t>(v.Integer("manual.cwnd_segments")));
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
    static_cast<ManualWindow&>(cc).SetWindowSegments(static_cast<uint64_t>(value));
  };
  return manual;
}

CongestionControlEntry BbrControl() {
  CongestionControlEntry bbr{"bbr",
                             "BBR v1",
                             "Model-based: bottleneck bandwidth and round-trip propagation time",
                             {},
                             [](const ParamView& v) {
                               Bbr::Params params;
                               params.rounds_on_valid_samples = v.Enum("bbr.rounds") == "valid_samples";
                               params.ns3_window_extras = v.Enum("bbr.window_extras") == "ns3";
                               return std::make_unique<Bbr>(params);
                             },
                             nullptr};
  bbr.params.push_back(
      EnumParam("bbr.rounds", "BBR round counting", "TCP", {"every_ack", "valid_samples"}, "every_ack",
                "Which ACKs count BBR's round trips (the unit of its 10-round bandwidth filter and of Startup's "
                "3 rounds without growth). every_ack: every ACK that delivers data, as the draft's "
                "BBRUpdateBtlBw calls BBRUpdateRound first. valid_samples: only ACKs whose delivery-rate sample is "
                "valid, as Linux and ns-3.44 return before the round on a void sample (an interval below the min "
                "RTT), so rounds without a sample do not age the filter")
          .Source("draft-cardwell-iccrg-bbr-congestion-control-00 §4.1.1 BBRUpdateBtlBw; Linux tcp_bbr.c "
                  "bbr_update_bw; ns-3.44 src/internet/model/tcp-bbr.cc UpdateBottleneckBandwidth")
          .Advanced());
  bbr.params.push_back(
      EnumParam("bbr.window_extras", "BBR window extras", "TCP", {"none", "ns3"}, "none",
                "What BBR's window target adds to cwnd_gain x BDP + 3 segments. none: nothing (the 2016 paper "
                "and the draft). ns3: as ns-3.44's TcpBbr, 2 segments in ProbeBW's 1.25 phase and, once the "
                "pipe is full, its ACK aggregation estimate: the most bytes ACKed beyond BtlBw x the epoch's "
                "age in the last two 5-round windows, at most 100 ms of BtlBw, where ns-3 counts the age in "
                "whole seconds and restarts the epoch at 4096 bytes, so the estimate is the last 4 segments "
                "ACKed")
          .Source("ns-3.44 src/internet/model/tcp-bbr.cc InFlight, UpdateAckAggregation, AckAggregationCwnd "
                  "(ExtraAckedRttWindowLength 5, AckEpochAckedResetThresh 4096, m_extraAckedGain 1); Linux "
                  "tcp_bbr.c bbr_quantization_budget, bbr_update_ack_aggregation")
          .Advanced());
  bbr.uses_ssthresh = false;  // bbr.cc: "BBR never reads ssthresh"
  return bbr;
}

}  // namespace plab
