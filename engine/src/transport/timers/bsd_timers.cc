#include "transport/timers/bsd_timers.h"

#include <algorithm>

#include "transport/timers/tick_clock.h"

namespace plab {
namespace {

// tcp_timer.c: the RTO multiplier after each timeout.
constexpr int64_t kBackoff[BsdTimers::kMaxShift + 1] = {1, 2, 4, 8, 16, 32, 64, 64, 64, 64, 64, 64, 64};

// TCPT_RANGESET: the floor first, then the cap.
int64_t RangeSet(int64_t value, int64_t min, int64_t max) {
  if (value < min) return min;
  if (value > max) return max;
  return value;
}

}  // namespace

void BsdTimers::OnTimedSample(Time rtt, Time now, bool /*timestamp*/, RtoState& state) const {
  TickEstimate& e = state.ticks;
  // t_rtt starts at 1 when the segment leaves and grows on each slow tick (tcp_slowtimo);
  // with timestamps it is tcp_now - tsecr + 1, the same count on the same clock.
  const int64_t t_rtt = 1 + TicksCrossed(now - rtt, now, kSlowTick);
  if (e.srtt_x8 != 0) {
    int64_t delta = t_rtt - 1 - (e.srtt_x8 >> 3);  // "Adjust rtt to origin 0"
    e.srtt_x8 += delta;
    if (e.srtt_x8 <= 0) e.srtt_x8 = 1;
    if (delta < 0) delta = -delta;
    delta -= e.rttvar_x4 >> 2;
    e.rttvar_x4 += delta;
    if (e.rttvar_x4 <= 0) e.rttvar_x4 = 1;
  } else {
    e.srtt_x8 = t_rtt << 3;
    e.rttvar_x4 = t_rtt << 1;  // rttvar = rtt / 2, "so our first retransmit happens at 3*rtt"
  }
  e.valid = true;
  e.shift = 0;  // t_rxtshift = 0
}

Time BsdTimers::Rto(const RtoState& state, const RtoBounds& bounds) const {
  const TickEstimate& e = state.ticks;
  // TCP_REXMTVAL: srtt + 4 rttvar, since rttvar is kept x4.
  const int64_t rexmtval = e.valid ? (e.srtt_x8 >> 3) + e.rttvar_x4 : CeilTicks(bounds.initial_rto, kSlowTick);
  const int64_t min_ticks = std::max<int64_t>(1, CeilTicks(bounds.min_rto, kSlowTick));
  const int64_t max_ticks = std::max<int64_t>(1, bounds.max_rto.ns() / kSlowTick.ns());
  return kSlowTick * RangeSet(rexmtval * kBackoff[e.shift], min_ticks, max_ticks);
}

void BsdTimers::Backoff(RtoState& state, const RtoBounds&) const {
  TickEstimate& e = state.ticks;
  e.shift = std::min(e.shift + 1, kMaxShift);
  // tcp_timers: "if we backed off this far, our srtt estimate is probably bogus".
  if (e.shift > kMaxShift / 4) {
    e.rttvar_x4 += e.srtt_x8 >> 3;
    e.srtt_x8 = 0;
  }
}

Time BsdTimers::TimerExpiry(Time now, Time rto) const {
  return TickBoundaryAfter(now, CeilTicks(rto, kSlowTick), kSlowTick);
}

Time BsdTimers::DelayedAckAt(Time now, Time timeout) const {
  // tcp_fasttimo runs every `timeout` (200 ms); the first run after the data went in
  // sends the ACK, 0-200 ms later.
  return TickBoundaryAfter(now, 1, timeout);
}

}  // namespace plab
