#include "transport/rate/rate_family.h"

#include "metrics/rate_probe.h"
#include "scenario/param_view.h"
#include "transport/rate/tfrc_receiver.h"
#include "transport/rate/tfrc_sender.h"

namespace plab {
namespace {

// The sender, and the family's probe on it when the flow is measured.
template <typename Sender>
SenderParts WithRateProbe(const FlowEnv& env, std::unique_ptr<Sender> sender) {
  SenderParts parts;
  if (env.probe != nullptr) {
    auto probe = std::make_unique<RateProbe>(*env.probe);
    sender->set_rate_observer(probe.get());
    parts.probe = std::move(probe);
  }
  parts.sender = std::move(sender);
  return parts;
}

}  // namespace

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
  p.rtt.min_rto = Time::FromMillisecondsDouble(v.Number("tcp.min_rto_ms"));
  p.rtt.initial_rto = Time::FromMillisecondsDouble(v.Number("tcp.initial_rto_ms"));
  p.rtt.max_rto = Time::FromMillisecondsDouble(v.Number("tcp.max_rto_ms"));
  return WithRateProbe(env, std::make_unique<NgChanSender>(env.scheduler, env.pool, p, env.source));
}

std::unique_ptr<ReceiverEndpoint> MakeNgChanReceiver(const FlowEnv& env) {
  const ParamView& v = *env.params;
  return std::make_unique<NgChanReceiver>(env.scheduler, env.pool, env.flow,
                                          static_cast<uint32_t>(v.Integer("tcp.header_bytes")));
}

std::unique_ptr<ReceiverEndpoint> MakeTfrcReceiver(const FlowEnv& env, RateEquation equation) {
  const ParamView& v = *env.params;
  TfrcReceiver::Params p;
  p.flow = env.flow;
  p.segment_bytes = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
  p.feedback_bytes = static_cast<uint32_t>(v.Integer("tcp.header_bytes"));
  p.equation = equation;
  return std::make_unique<TfrcReceiver>(env.scheduler, env.pool, p);
}

}  // namespace plab
