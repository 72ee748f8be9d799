// Today's engine (RFC 6298), the default profile: the arithmetic RttStats always had,
// kept bit for bit (the compatibility tests pin it).
#include "transport/timer_profile.h"

#include <algorithm>

namespace plab {
namespace {

class Rfc6298 final : public TimerProfile {
 public:
  // Every ACK of data never retransmitted gives a sample (Karn), fed to the fine
  // estimate by the sender (RttStats::OnSample).
  bool TimesOneSegmentPerRtt() const override { return false; }
  void OnTimedSample(Time, Time, bool, RtoState&) const override {}

  // §2.1-2.5: RTO = max(min_rto, SRTT + max(G, 4 RTTVAR)) (initial_rto before a
  // sample), times the §5.5 back-off, at most max_rto.
  Time Rto(const RtoState& s, const RtoBounds& b) const override {
    Time base = b.initial_rto;
    if (s.has_sample) {
      base = s.srtt + std::max(b.granularity, s.rttvar * 4);
      base = std::max(base, b.min_rto);
    }
    const Time backed = base.ns() > b.max_rto.ns() / s.backoff ? b.max_rto : base * s.backoff;
    return std::min(backed, b.max_rto);
  }
  // §5.5: double the timer, until it reaches the cap.
  void Backoff(RtoState& s, const RtoBounds& b) const override {
    if (Rto(s, b) < b.max_rto) s.backoff *= 2;
  }
  // A fine clock: the timer runs out exactly RTO later.
  Time TimerExpiry(Time now, Time rto) const override { return now + rto; }
  // RFC 1122 §4.2.3.2: a per-segment timer, started by the first unacknowledged segment.
  Time DelayedAckAt(Time now, Time timeout) const override { return now + timeout; }
};

}  // namespace

const TimerProfile& Rfc6298Timers() {
  static const Rfc6298 profile;
  return profile;
}

}  // namespace plab
