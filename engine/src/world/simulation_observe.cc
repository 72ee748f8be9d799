// Simulation::Observe: one explicit flow's state now, read from its sender, its
// metrics and its family's probe (a Gymnasium observation, RunSession::Observe).
// Reading changes nothing: a run observed at every step is the run unobserved.
#include "world/explicit_flow.h"
#include "world/simulation.h"

namespace plab {

FlowState Simulation::Observe(int flow) const {
  FlowState state;
  if (flow < 0 || flow >= static_cast<int>(flows_.size())) return state;
  const ExplicitFlow& f = *flows_[static_cast<size_t>(flow)];
  const SenderEndpoint& sender = f.flow->sender();
  state.valid = true;
  state.t_s = now().seconds();
  const RttStats& rtt = sender.rtt();
  state.rtt_samples = rtt.samples();
  if (rtt.has_sample()) state.srtt_s = rtt.srtt().seconds();
  if (!rtt.min_rtt().IsInfinite()) {
    state.min_rtt_s = rtt.min_rtt().seconds();
    state.latest_rtt_s = rtt.latest_rtt().seconds();
  }
  state.rto_s = rtt.rto().seconds();
  const SenderCounts counts = sender.counts();
  state.delivered_bytes = f.metrics->delivered_bytes();
  state.data_packets_sent = counts.data_packets_sent;
  state.retransmissions = counts.retransmissions;
  state.feedback_received = counts.feedback_received;
  state.completed = sender.completed();
  if (f.flow->probe() != nullptr) f.flow->probe()->Observe(state);
  return state;
}

}  // namespace plab
