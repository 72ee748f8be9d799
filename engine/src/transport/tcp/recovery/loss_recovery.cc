#include "transport/tcp/recovery/loss_recovery.h"

#include <algorithm>

namespace plab {

SendChoice WindowedNextSegment(TcpState& state, const Scoreboard& scoreboard, const SendLimits& limits) {
  // A go-back-N resend never repeats what the receiver has SACKed.
  while (state.snd_nxt < state.snd_max && scoreboard.IsSacked(state.snd_nxt)) {
    state.snd_nxt = std::min<uint64_t>(state.snd_nxt + state.mss, state.snd_max);
  }
  if (state.snd_nxt >= limits.total_bytes) return {};
  const uint64_t len = std::min<uint64_t>(state.mss, limits.total_bytes - state.snd_nxt);
  if (state.snd_nxt + len > state.snd_una + limits.window) return {};
  return {true, state.snd_nxt};
}

bool FineGrainedTimeoutExpired(const TcpState& state, RecoveryActions& actions) {
  const RttStats& rtt = actions.rtt_stats();
  if (!rtt.has_sample()) return false;
  const auto sent_at = actions.scoreboard().SentAt(state.snd_una);
  if (!sent_at.has_value()) return false;
  const Time fine_rto = rtt.srtt() + std::max(Time::FromMilliseconds(1), rtt.rttvar() * 4);
  return actions.now() - *sent_at > fine_rto;
}

}  // namespace plab
