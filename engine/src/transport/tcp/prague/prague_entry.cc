#include "transport/tcp/prague/prague_entry.h"

#include "params/param_view.h"
#include "transport/tcp/dctcp/dctcp_receiver.h"
#include "transport/tcp/prague/prague_control.h"
#include "transport/tcp/prague/prague_probe.h"
#include "transport/tcp/tcp_entries.h"
#include "transport/tcp/tcp_family.h"

namespace plab {
namespace {
const char kDraft[] = "draft-briscoe-iccrg-prague-congestion-control";
}  // namespace

// SACK recovery (Linux Prague runs over SACK) under the Prague control; the receiver
// echoes CE per segment as DCTCP's does (dctcp_receiver.h), where Linux uses Accurate
// ECN: both tell the sender which bytes were marked. ECN is always on (needs_ecn), and
// its data is ECT(1) (the control's `l4s`).
ProtocolEntry PragueEntry() {
  ProtocolEntry e = TcpProtocol("prague", "TCP Prague", "prague", "sack",
                                "L4S: sends ECT(1), so a DualPI2 queue keeps it in its shallow L4S queue; cuts its "
                                "window by alpha / 2 once per window of marks as DCTCP, grows by a segment per round "
                                "trip (scaled to a 25 ms RTT when rtt_scaling is on), paces at 2 (slow start) or 1.2 "
                                "x cwnd / srtt, and falls back to Reno on loss. Always uses ECN",
                                std::string(kDraft) + " §2; RFC 9331 §4");
  const TcpComposition composition = *e.tcp;
  e.make_sender = [composition](const FlowEnv& env) {
    return ExtendTcpProbe<PragueProbe>(MakeTcpSender(env, composition), env.probe);
  };
  e.make_receiver = [composition](const FlowEnv& env) {
    return ReceiverParts{MakeTcpReceiver(env, composition, std::make_unique<DctcpReceiver>())};
  };
  e.series.push_back("prague_alpha");
  e.series_fields.after = "ssthresh";
  e.series_fields.fields = {{"prague_alpha", "Prague alpha", "", "line", "flow",
                             "TCP Prague's estimate of the fraction of its bytes marked CE, updated once per window "
                             "of data (EWMA with gain g = 1/16)",
                             std::string(kDraft) + " §2.3"}};
  return e;
}

CongestionControlEntry PragueControlEntry() {
  CongestionControlEntry prague{"prague",
                                "TCP Prague",
                                "DCTCP-like window cut by alpha / 2 on ECN marks, RTT-independent increase, paced",
                                {},
                                [](const ParamView& v) {
                                  Prague::Params p;
                                  p.g = v.Number("prague.g");
                                  p.rtt_scaling = v.Bool("prague.rtt_scaling");
                                  p.target_rtt = Time::FromMillisecondsDouble(v.Number("prague.target_rtt_ms"));
                                  return std::make_unique<Prague>(p);
                                },
                                nullptr};
  prague.params.push_back(NumberParam("prague.g", "Prague gain g", "TCP", "", 0.0001, 1, 1.0 / 16,
                                      "Weight of the last window's marked fraction in alpha")
                              .Source(std::string(kDraft) + " §2.3: g = 1/16, as DCTCP")
                              .Advanced());
  prague.params.push_back(BoolParam("prague.rtt_scaling", "Prague RTT independence", "TCP", true,
                                    "Below the target RTT, grow the window by (srtt / target)^2 segments per round "
                                    "trip instead of one, so a short-RTT flow gains rate no faster than one at the "
                                    "target RTT (on by default, as Linux's rate mode)")
                              .Source(std::string(kDraft) + " §2.5; Linux tcp_prague.c prague_rtt_scaling = 1")
                              .Advanced());
  prague.params.push_back(NumberParam("prague.target_rtt_ms", "Prague target RTT", "TCP", "ms", 1, 1000, 25,
                                      "The RTT whose rate growth a shorter-RTT flow follows under RTT independence")
                              .Source(std::string(kDraft) + " §2.5; Linux prague_rtt_target 25 ms")
                              .Advanced()
                              .When("prague.rtt_scaling", {"true"}));
  prague.needs_ecn = true;
  prague.l4s = true;
  return prague;
}

}  // namespace plab
