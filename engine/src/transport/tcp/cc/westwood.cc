#include "transport/tcp/cc/westwood.h"

#include <algorithm>

namespace plab {

void Westwood::OnAck(const TcpState& state, uint64_t acked_bytes, Time) { RenoIncrease(state, acked_bytes); }

void Westwood::OnAckReceived(const TcpState& state, const RateSample&, Time now) {
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
  const Time last_rtt = rtt().latest_rtt();
  if (elapsed > std::max(last_rtt, kMinWindow) && last_rtt > Time::Zero()) {
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
  const Time min_rtt = rtt().min_rtt();
  if (min_rtt.IsInfinite() || first_sample_) return std::max<uint64_t>(cwnd_ / 2, 2ULL * state.mss);
  const auto bdp = static_cast<uint64_t>(bwe_bytes_per_s_ * min_rtt.seconds());
  return std::max<uint64_t>(bdp, 2ULL * state.mss);
}

}  // namespace plab
