#include "transport/tcp/cc/westwood.h"

#include <algorithm>

#include "transport/tcp/cc/aimd.h"

namespace plab {

void Westwood::OnAck(TcpState& state, uint64_t acked_bytes, Time) { RenoWindowIncrease(state, acked_bytes); }

void Westwood::OnRttSample(Time rtt, Time) {
  last_rtt_ = rtt;
  min_rtt_ = std::min(min_rtt_, rtt);
}

void Westwood::OnAckReceived(TcpState& state, const RateSample&, Time now) {
  // Linux westwood_acked_count.
  uint64_t cumul = state.snd_una - snd_una_;
  if (cumul == 0) {
    accounted_ += state.mss;
    cumul = state.mss;
  } else if (cumul > state.mss) {
    if (accounted_ >= cumul) {
      accounted_ -= cumul;
      cumul = state.mss;
    } else {
      cumul -= accounted_;
      accounted_ = 0;
    }
  }
  snd_una_ = state.snd_una;
  window_bytes_ += cumul;

  const Time elapsed = now - window_start_;
  if (elapsed > std::max(last_rtt_, kMinWindow) && last_rtt_ > Time::Zero()) {
    const double sample = static_cast<double>(window_bytes_) / elapsed.seconds();
    if (first_sample_) {
      bwe_ns_bytes_per_s_ = bwe_bytes_per_s_ = sample;
      first_sample_ = false;
    } else {
      bwe_ns_bytes_per_s_ = (7 * bwe_ns_bytes_per_s_ + sample) / 8;
      bwe_bytes_per_s_ = (7 * bwe_bytes_per_s_ + bwe_ns_bytes_per_s_) / 8;
    }
    window_bytes_ = 0;
    window_start_ = now;
  }
}

uint64_t Westwood::SsthreshAfterLoss(const TcpState& state, uint64_t) {
  if (min_rtt_.IsInfinite() || first_sample_) return std::max<uint64_t>(state.cwnd / 2, 2ULL * state.mss);
  const auto bdp = static_cast<uint64_t>(bwe_bytes_per_s_ * min_rtt_.seconds());
  return std::max<uint64_t>(bdp, 2ULL * state.mss);
}

}  // namespace plab
