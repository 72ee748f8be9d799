// Copa (NSDI 2018), its default mode and its mode switching: its control with the copa.*
// parameters; SACK repairs its losses.
#include "transport/tcp/copa/copa_entry.h"

#include "params/param_decl.h"
#include "params/param_view.h"
#include "transport/tcp/copa/copa.h"
#include "transport/tcp/tcp_entries.h"

namespace plab {

ProtocolEntry CopaEntry() {
  return TcpProtocol("copa", "Copa", "copa", "sack",
                     "Delay-based: from its standing RTT (least over half an RTT) and its min RTT (least over 10 s) "
                     "it estimates the queuing delay dq and moves its window toward the target rate 1 / (delta x dq), "
                     "faster the longer it keeps one direction; each flow keeps about 1/delta packets queued. With "
                     "copa.mode = switching, when the queue has not been nearly empty for 5 RTTs (a buffer-filling "
                     "flow shares it) it turns competitive: AIMD on 1/delta, as Reno on its window",
                     "Arun & Balakrishnan, NSDI 2018, §2");
}

CongestionControlEntry CopaControl() {
  CongestionControlEntry copa{"copa",
                              "Copa",
                              "Rate toward 1 / (delta x queuing delay), window moved with a velocity",
                              {},
                              [](const ParamView& v) {
                                Copa::Params p;
                                p.delta = v.Number("copa.delta");
                                p.min_rtt_window = Time::FromSecondsDouble(v.Number("copa.min_rtt_window_s"));
                                p.switching = v.Enum("copa.mode") == "switching";
                                return std::make_unique<Copa>(p);
                              },
                              nullptr};
  copa.params.push_back(NumberParam("copa.delta", "Copa delta", "TCP", "", 0.001, 1, 0.5,
                                    "delta: the target rate is 1 / (delta x queuing delay); each flow keeps about "
                                    "1/delta packets in the queue. Smaller is more aggressive")
                            .Source("Arun & Balakrishnan, NSDI 2018, §2.1 (default mode delta = 0.5), §2.2"));
  copa.params.push_back(NumberParam("copa.min_rtt_window_s", "Copa min RTT window", "TCP", "s", 0.1, 600, 10,
                                    "RTTmin is the least RTT over this long a window: the path's propagation delay "
                                    "as Copa sees it")
                            .Source("Arun & Balakrishnan, NSDI 2018, §2.1: 10 s")
                            .Advanced());
  copa.params.push_back(
      EnumParam("copa.mode", "Copa mode", "TCP", {"default", "switching"}, "default",
                "default: the default mode always (delta as set); beside CUBIC or Reno it yields, as any "
                "delay-based flow does. switching: the paper's whole Copa: the default mode until the queue has "
                "not been nearly empty (queuing delay at most a tenth of the greatest over the last 4 RTTs) for 5 "
                "RTTs, which a buffer-filling flow beside it causes; then competitive: 1/delta grows by one per "
                "RTT and halves on a loss (delta at most the set one) until the queue is nearly empty again. The "
                "rule assumes the default delta 0.5: with delta 0.1 or less a Copa flow's own standing queue "
                "never nearly empties and it turns competitive alone")
          .Labels({"Default mode only", "Mode switching (paper)"})
          .Source("Arun & Balakrishnan, NSDI 2018, §2.3 (competing with buffer-filling schemes)"));
  copa.uses_ssthresh = false;  // the delay law sets the window; no slow-start threshold
  return copa;
}

}  // namespace plab
