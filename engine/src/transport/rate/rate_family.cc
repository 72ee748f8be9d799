#include "transport/rate/rate_family.h"

#include "params/param_view.h"
#include "transport/rate/rate_probe.h"
#include "transport/rate/tfrc_receiver.h"
#include "transport/rate/tfrc_sender.h"
#include "transport/timers/timer_profiles.h"

namespace plab {
const std::vector<std::string>& RateFamilyReadsOfTcp() {
  static const std::vector<std::string> paths = {"tcp.mss_bytes",  "tcp.header_bytes",   "tcp.max_window_segments",
                                                 "tcp.min_rto_ms", "tcp.initial_rto_ms", "tcp.max_rto_ms"};
  return paths;
}

SenderParts MakeTfrcSender(const FlowEnv& env, RateEquation equation) {
  const ParamView& v = *env.params;
  TfrcSender::Params p;
  p.flow = env.flow;
  p.segment_bytes = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
  p.header_bytes = static_cast<uint32_t>(v.Integer("tcp.header_bytes"));
  p.equation = equation;
  return WithRateProbe(env, std::make_unique<TfrcSender>(env.scheduler, env.pool, p, env.source));
}

SenderParts MakeNgChanSender(const FlowEnv& env, NgChanEquation equation) {
  const ParamView& v = *env.params;
  NgChanSender::Params p;
  p.flow = env.flow;
  p.segment_bytes = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
  p.header_bytes = static_cast<uint32_t>(v.Integer("tcp.header_bytes"));
  p.equation = equation;
  p.round_loss_rate = v.Enum("ngchan.loss_rate") == "round";
  p.rtt.min_rto = Time::FromMillisecondsDouble(v.Number("tcp.min_rto_ms"));
  p.rtt.initial_rto = Time::FromMillisecondsDouble(v.Number("tcp.initial_rto_ms"));
  p.rtt.max_rto = Time::FromMillisecondsDouble(v.Number("tcp.max_rto_ms"));
  p.rtt.timers = FindTimerProfile(v.Enum("tcp.timers"))->make(v);
  return WithRateProbe(env, std::make_unique<NgChanSender>(env.scheduler, env.pool, p, env.source));
}

ReceiverParts MakeNgChanReceiver(const FlowEnv& env) {
  const ParamView& v = *env.params;
  return ReceiverParts{std::make_unique<NgChanReceiver>(env.scheduler, env.pool, env.flow,
                                                        static_cast<uint32_t>(v.Integer("tcp.header_bytes")))};
}

ReceiverParts MakeTfrcReceiver(const FlowEnv& env, RateEquation equation) {
  const ParamView& v = *env.params;
  TfrcReceiver::Params p;
  p.flow = env.flow;
  p.segment_bytes = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
  p.feedback_bytes = static_cast<uint32_t>(v.Integer("tcp.header_bytes"));
  p.equation = equation;
  return ReceiverParts{std::make_unique<TfrcReceiver>(env.scheduler, env.pool, p)};
}

}  // namespace plab
