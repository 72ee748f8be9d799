// Copa (NSDI 2018), default mode: its control with the copa.* parameters; SACK repairs
// its losses.
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
                     "faster the longer it keeps one direction; each flow keeps about 1/delta packets queued. Default "
                     "mode only (no competitive mode): beside loss-based TCP it yields",
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
  copa.uses_ssthresh = false;  // the delay law sets the window; no slow-start threshold
  return copa;
}

}  // namespace plab
