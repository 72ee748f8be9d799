// LEDBAT (RFC 6817): its control with the ledbat.* parameters (§2.5), a receiver that
// returns one-way delays in the ACKs (§2.3), and a probe that draws the queuing-delay
// and base-delay estimates. SACK repairs its losses, as CUBIC's do.
#include "transport/tcp/ledbat/ledbat_entry.h"

#include "params/param_decl.h"
#include "params/param_view.h"
#include "transport/tcp/ledbat/ledbat.h"
#include "transport/tcp/ledbat/ledbat_probe.h"
#include "transport/tcp/ledbat/ledbat_receiver.h"
#include "transport/tcp/tcp_entries.h"
#include "transport/tcp/tcp_family.h"
#include "transport/tcp/tcp_probe.h"
#include "transport/tcp/tcp_sender.h"

namespace plab {

ProtocolEntry LedbatEntry() {
  ProtocolEntry e = TcpProtocol("ledbat", "LEDBAT", "ledbat", "sack",
                                "A scavenger: from one-way delays it keeps the queue it adds near ledbat.target_ms "
                                "and backs off as soon as other traffic queues more, so it yields to standard TCP",
                                "RFC 6817 §2.4.2 (the sender), §2.3 (the receiver), §2.5 (parameters)");
  const TcpComposition composition = *e.tcp;
  e.make_sender = [composition](const FlowEnv& env) {
    return ExtendTcpProbe<LedbatProbe>(MakeTcpSender(env, composition), env.probe);
  };
  e.make_receiver = [composition](const FlowEnv& env) {
    return ReceiverParts{MakeTcpReceiver(env, composition, std::make_unique<LedbatReceiver>())};
  };
  e.series.push_back("queuing_delay_estimate");
  e.series.push_back("base_delay");
  e.series_fields.after = "rtt_sample";
  e.series_fields.fields = {
      {"queuing_delay_estimate", "Queuing delay estimate", "ms", "line", "flow",
       "What LEDBAT believes its packets wait in queues: the least of its last few one-way delays minus the "
       "base delay; it grows its window below TARGET and shrinks it above",
       "RFC 6817 §2.4.2"},
      {"base_delay", "Base delay", "ms", "line", "flow",
       "The least one-way delay LEDBAT measured over its base history (one bucket per minute): its estimate of the "
       "path without queues",
       "RFC 6817 §2.4.2, §3.1.1"}};
  e.summary_fields.after = "mean_srtt_ms";
  e.summary_fields.fields = {{"mean_queuing_delay_estimate_ms", "Mean queuing delay estimate", "ms",
                              "LEDBAT's queuing-delay estimate, time-weighted mean over the run"}};
  return e;
}

CongestionControlEntry LedbatControl() {
  CongestionControlEntry ledbat{"ledbat",
                                "LEDBAT",
                                "RFC 6817: one-way delay kept near a target; halves on loss",
                                {},
                                [](const ParamView& v) {
                                  Ledbat::Params p;
                                  p.target = Time::FromMillisecondsDouble(v.Number("ledbat.target_ms"));
                                  p.gain = v.Number("ledbat.gain");
                                  p.base_history = static_cast<int>(v.Integer("ledbat.base_history_minutes"));
                                  p.current_filter = static_cast<int>(v.Integer("ledbat.current_filter"));
                                  p.allowed_increase = static_cast<int>(v.Integer("ledbat.allowed_increase_segments"));
                                  p.min_cwnd = static_cast<int>(v.Integer("ledbat.min_cwnd_segments"));
                                  return std::make_unique<Ledbat>(p);
                                },
                                nullptr};
  const std::string g = "TCP";
  ledbat.params.push_back(NumberParam("ledbat.target_ms", "LEDBAT target", g, "ms", 0, 10000, 100,
                                      "TARGET: the queuing delay LEDBAT aims to add; it grows its window below it "
                                      "and shrinks it above, in proportion to the distance")
                              .Source("RFC 6817 §2.5: TARGET MUST be 100 ms or less (here larger is allowed, to "
                                      "experiment)"));
  ledbat.params.push_back(NumberParam("ledbat.gain", "LEDBAT gain", g, "", 0, 1, 1,
                                      "GAIN: how fast the window moves toward the target; at 1 it grows at most one "
                                      "segment per RTT, as fast as Reno's congestion avoidance")
                              .Source("RFC 6817 §2.5: GAIN MUST be 1 or less"));
  ledbat.params.push_back(IntegerParam("ledbat.base_history_minutes", "LEDBAT base history", g, "minutes", 1, 1000, 10,
                                       "BASE_HISTORY: the base delay is the least one-way delay of this many "
                                       "one-minute buckets; an older minute is forgotten")
                              .Source("RFC 6817 §2.5: SHOULD be 10; §3.1.1")
                              .Advanced());
  ledbat.params.push_back(IntegerParam("ledbat.current_filter", "LEDBAT current filter", g, "samples", 1, 1000, 4,
                                       "CURRENT_FILTER: the current delay is the least of this many latest one-way "
                                       "delays (a MIN filter against noise)")
                              .Source("RFC 6817 §2.4.2, §3.1.2 (MIN filter); ns-3 TcpLedbat NoiseFilterLen 4")
                              .Advanced());
  ledbat.params.push_back(IntegerParam("ledbat.allowed_increase_segments", "LEDBAT allowed increase", g, "segments", 1,
                                       100, 1,
                                       "ALLOWED_INCREASE: cwnd never exceeds the flight size before the ACK plus "
                                       "this many segments")
                              .Source("RFC 6817 §2.5: SHOULD be 1, MUST be greater than 0")
                              .Advanced());
  ledbat.params.push_back(IntegerParam("ledbat.min_cwnd_segments", "LEDBAT minimum window", g, "segments", 1, 100, 2,
                                       "MIN_CWND: the window never falls below this (but to one segment after a "
                                       "retransmission timeout)")
                              .Source("RFC 6817 §2.5: SHOULD be 2")
                              .Advanced());
  ledbat.validate = [](const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors) {
    for (const char* field : {"ledbat.target_ms", "ledbat.gain"}) {
      const double x = v.Number(field);
      if (x <= 0) {
        errors.push_back(
            {prefix + field, prefix + field + " must be greater than 0 (RFC 6817 §2.5), got " + FormatNumber(x)});
      }
    }
  };
  return ledbat;
}

}  // namespace plab
