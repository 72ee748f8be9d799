#include "transport/tcp/prague/prague_control.h"

#include <algorithm>
#include <cmath>

namespace plab {

double Prague::AdditiveIncreaseSegments() const {
  // Draft §2.5: below the target RTT the window grows by (srtt / target)^2 per round,
  // so the rate (window / RTT) grows per second as a flow's at the target RTT.
  if (!params_.rtt_scaling || !rtt().has_sample() || rtt().srtt() >= params_.target_rtt) return 1;
  const double ratio = rtt().srtt().seconds() / params_.target_rtt.seconds();
  return ratio * ratio;
}

void Prague::OnAck(const TcpState& state, uint64_t acked_bytes, Time) {
  if (InSlowStart()) {
    RenoIncrease(state, acked_bytes);
    return;
  }
  if (!state.cwnd_limited) return;
  // RFC 5681 eq. 3 scaled: SMSS^2 / cwnd per ACK of a segment adds ~1 SMSS per round.
  const double mss = mss_;
  increase_carry_ += mss * mss * AdditiveIncreaseSegments() / static_cast<double>(cwnd_);
  const double whole = std::floor(increase_carry_);
  cwnd_ += static_cast<uint64_t>(whole);
  increase_carry_ -= whole;
}

void Prague::OnEcnAck(const TcpState& state, uint64_t acked_bytes, bool ece) {
  // Draft §2.3 (RFC 8257 §3.3): the marked fraction over each window, into the EWMA.
  estimate_.OnAck(state.snd_una, state.snd_max, acked_bytes, ece);
}

void Prague::OnEcnEcho(const TcpState& state) {
  // Draft §2.4: cwnd x (1 - alpha / 2) once per window of marks (the sender's rule).
  ssthresh_ = estimate_.Reduced(cwnd_, state.mss);
  cwnd_ = ssthresh_;
  increase_carry_ = 0;
}

int64_t Prague::PacingRateBps() const {
  // The draft's pacing, as Linux tcp_update_pacing_rate: ratio x cwnd / srtt; none before an RTT.
  if (!rtt().has_sample() || rtt().srtt() <= Time::Zero()) return 0;
  const double ratio = InSlowStart() ? params_.pacing_ss_ratio : params_.pacing_ca_ratio;
  return PacingBps(ratio * static_cast<double>(cwnd_) * 8 / rtt().srtt().seconds());
}

uint64_t Prague::SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) {
  // Draft §2.4: a loss is answered as Reno (RFC 5681 eq. 4), the classic fallback.
  return std::max<uint64_t>(flight_size / 2, 2ULL * state.mss);
}

}  // namespace plab
