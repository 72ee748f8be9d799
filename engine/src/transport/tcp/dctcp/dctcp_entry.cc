#include "transport/tcp/dctcp/dctcp_entry.h"

#include "params/param_view.h"
#include "transport/tcp/dctcp/dctcp_control.h"
#include "transport/tcp/dctcp/dctcp_probe.h"
#include "transport/tcp/dctcp/dctcp_receiver.h"
#include "transport/tcp/tcp_entries.h"
#include "transport/tcp/tcp_family.h"

namespace plab {

// NewReno's recovery (RFC 8257 §3.4: loss as a conventional TCP) under the DCTCP
// control; the receiver echoes CE per segment (dctcp_receiver.h). ECN is always on
// for it (the control's needs_ecn): asking for DCTCP means asking for ECN. On a path
// with no queue that marks it still runs, on losses alone as NewReno would (RFC 8257
// §3.4), so that every protocol runs on every link; validation refuses only tcp.ecn
// asked for there (scenario/ecn_rules.cc).
ProtocolEntry DctcpEntry() {
  ProtocolEntry e = TcpProtocol("dctcp", "DCTCP", "dctcp", "newreno",
                                "ECN-based: the sender estimates the fraction of its bytes marked CE (alpha) and "
                                "cuts its window by alpha / 2 once per window, so a step-marking queue stays near "
                                "its threshold K with full throughput. Always uses ECN; needs a queue that marks",
                                "Alizadeh et al., SIGCOMM 2010; RFC 8257 §3");
  const TcpComposition composition = *e.tcp;
  e.make_sender = [composition](const FlowEnv& env) {
    return ExtendTcpProbe<DctcpProbe>(MakeTcpSender(env, composition), env.probe);
  };
  e.make_receiver = [composition](const FlowEnv& env) {
    return ReceiverParts{MakeTcpReceiver(env, composition, std::make_unique<DctcpReceiver>())};
  };
  e.series.push_back("dctcp_alpha");
  e.series_fields.after = "ssthresh";  // beside the window it scales
  e.series_fields.fields = {{"dctcp_alpha", "DCTCP alpha", "", "line", "flow",
                             "DCTCP's estimate of the fraction of its bytes marked CE, updated once per window of "
                             "data (EWMA with gain g)",
                             "RFC 8257 §3.3"}};
  return e;
}

CongestionControlEntry DctcpControlEntry() {
  CongestionControlEntry dctcp{"dctcp",
                               "DCTCP",
                               "Window cut by alpha / 2 on ECN marks, alpha the EWMA of the marked fraction",
                               {},
                               [](const ParamView& v) {
                                 Dctcp::Params p;
                                 p.g = v.Number("dctcp.g");
                                 p.initial_alpha = v.Number("dctcp.initial_alpha");
                                 p.cwr = v.Enum("dctcp.reduction") == "cwr";
                                 p.cwr_ns3 = v.Enum("dctcp.reduction") == "cwr_ns3";
                                 return std::make_unique<Dctcp>(p);
                               },
                               nullptr};
  dctcp.params.push_back(NumberParam("dctcp.g", "DCTCP gain g", "TCP", "", 0.0001, 1, 1.0 / 16,
                                     "Weight of the last window's marked fraction in alpha")
                             .Source("RFC 8257 §4.2: g = 1/16; Alizadeh et al. §3.4: g < 1.386 / sqrt(2 (C x "
                                     "RTT + K))")
                             .Advanced());
  dctcp.params.push_back(NumberParam("dctcp.initial_alpha", "DCTCP initial alpha", "TCP", "", 0, 1, 1,
                                     "alpha before the first window is measured: 1 makes the first marks halve "
                                     "the window, as classic ECN")
                             .Source("RFC 8257 §3.3; Linux dctcp_alpha_on_init = 1024 (alpha 1)")
                             .Advanced());
  dctcp.params.push_back(
      EnumParam("dctcp.reduction", "DCTCP cut", "TCP", {"at_once", "cwr", "cwr_ns3"}, "at_once",
                "How the window comes down on a mark. at_once: cwnd = cwnd (1 - alpha / 2) on the ACK, as RFC "
                "8257 §3.3 words it. cwr: as Linux's CWR state and ns-3.44 do, over the next round: cwnd falls in "
                "proportion to the data delivered (RFC 6937's PRR with nothing lost) and does not grow until the "
                "round ends, then cwnd = ssthresh; marks still arriving then cut again at once. cwr_ns3: the same "
                "round with ns-3.44's own arithmetic, for comparing with ns-3: the marked ACK counted twice (the "
                "flight grows 2 segments), the flight held, then cut to ssthresh when PRR's 32-bit product wraps")
          .Labels({"At once (RFC 8257 §3.3)", "Over a round (Linux, ns-3 CWR)", "Over a round, ns-3.44's arithmetic"})
          .Source("RFC 8257 §3.3; Linux tcp_enter_cwr / tcp_cwnd_reduction; ns-3.44 TcpSocketBase::EnterCwr, "
                  "TcpPrrRecovery::DoRecovery")
          .Advanced());
  dctcp.needs_ecn = true;
  return dctcp;
}

}  // namespace plab
