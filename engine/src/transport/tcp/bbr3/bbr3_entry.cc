// BBR v3 (draft-ietf-ccwg-bbr-01): its control with the bbr3.* parameters, SACK repairing
// its losses as BBR v1's do.
#include "transport/tcp/bbr3/bbr3_entry.h"

#include "params/param_decl.h"
#include "params/param_view.h"
#include "transport/tcp/bbr3/bbr3.h"
#include "transport/tcp/tcp_entries.h"

namespace plab {

ProtocolEntry Bbr3Entry() {
  return TcpProtocol(
      "bbr3", "BBR v3", "bbr3", "sack",
      "BBR's model (bottleneck bandwidth x min RTT) plus bounds from loss: once more than 2 % of a "
      "flight is lost it keeps inflight under inflight_hi (probed upward slowly) and cuts its short-term "
      "bounds by 0.7, so on shallow buffers it loses far less than v1. ProbeBW cycles DOWN, CRUISE, "
      "REFILL, UP; ProbeRTT every 5 s at half a BDP",
      "draft-ietf-ccwg-bbr-01 (Cardwell, Swett, Beshay, 2024) §5");
}

CongestionControlEntry Bbr3Control() {
  CongestionControlEntry bbr3{"bbr3",
                              "BBR v3",
                              "Model-based with loss bounds (inflight_hi, inflight_lo, bw_lo)",
                              {},
                              [](const ParamView& v) {
                                Bbr3::Params p;
                                p.loss_thresh = v.Number("bbr3.loss_thresh");
                                p.beta = v.Number("bbr3.beta");
                                p.headroom = v.Number("bbr3.headroom");
                                p.probe_wait = Time::FromMillisecondsDouble(v.Number("bbr3.probe_wait_ms"));
                                return std::make_unique<Bbr3>(p);
                              },
                              nullptr};
  const std::string g = "TCP";
  bbr3.params.push_back(NumberParam("bbr3.loss_thresh", "BBR v3 loss threshold", g, "", 0.001, 0.5, 0.02,
                                    "BBRLossThresh: a flight losing more than this fraction sets inflight_hi (and "
                                    "ends Startup or a bandwidth probe)")
                            .Source("draft-ietf-ccwg-bbr-01 §2.7, §5.5.6: BBRLossThresh = 2 %")
                            .Advanced());
  bbr3.params.push_back(NumberParam("bbr3.beta", "BBR v3 beta", g, "", 0.1, 1, 0.7,
                                    "BBRBeta: the factor bw_lo and inflight_lo are cut by on a round with loss, and "
                                    "inflight_hi's floor as a fraction of the target inflight")
                            .Source("draft-ietf-ccwg-bbr-01 §2.7, §5.5.10.3: BBRBeta = 0.7")
                            .Advanced());
  bbr3.params.push_back(NumberParam("bbr3.headroom", "BBR v3 headroom", g, "", 0, 0.9, 0.15,
                                    "BBRHeadroom: in ProbeBW_CRUISE and ProbeRTT the window stays this fraction "
                                    "below inflight_hi, room for other flows")
                            .Source("draft-ietf-ccwg-bbr-01 §2.7, §5.3.3.6: BBRHeadroom = 0.15")
                            .Advanced());
  bbr3.params.push_back(NumberParam("bbr3.probe_wait_ms", "BBR v3 probe wait", g, "ms", 100, 60000, 2500,
                                    "Time from ProbeBW_DOWN to the next bandwidth probe (REFILL then UP), unless "
                                    "Reno's coexistence rule calls it earlier")
                            .Source("draft-ietf-ccwg-bbr-01 §5.3.3.5.3: 2 s + random 0-1 s (fixed here, for "
                                    "deterministic runs)")
                            .Advanced());
  bbr3.uses_ssthresh = false;  // bbr3.cc: BBR never reads ssthresh
  return bbr3;
}

}  // namespace plab
