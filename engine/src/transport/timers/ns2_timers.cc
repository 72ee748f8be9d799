#include "transport/timers/ns2_timers.h"

#include "transport/timers/tick_clock.h"

namespace plab {

void Ns2Timers::OnTimedSample(Time rtt, Time now, bool timestamp, RtoState& state) const {
  TickEstimate& e = state.ticks;
  // rtt_update(): the ticks of the tick clock crossed, or the rounded span with timestamps.
  int64_t t_rtt = timestamp ? (2 * rtt.ns() + tick_.ns()) / (2 * tick_.ns()) : TicksCrossed(now - rtt, now, tick_);
  if (t_rtt < 1) t_rtt = 1;
  if (e.srtt_x8 != 0) {
    int64_t delta = t_rtt - (e.srtt_x8 >> 3);  // d = (m - a0)
    e.srtt_x8 += delta;                        // a1 = 7/8 a0 + 1/8 m
    if (e.srtt_x8 <= 0) e.srtt_x8 = 1;
    if (delta < 0) delta = -delta;
    delta -= e.rttvar_x4 >> 2;
    e.rttvar_x4 += delta;  // var1 = 3/4 var0 + 1/4 |d|
    if (e.rttvar_x4 <= 0) e.rttvar_x4 = 1;
  } else {
    e.srtt_x8 = t_rtt << 3;
    e.rttvar_x4 = t_rtt << 1;
  }
  // T_SRTT_BITS - T_RTTVAR_BITS = 1: rttvar (x4) << (rttvar_exp_ + 1) is 2^rttvar_exp_ rttvar, x8.
  e.rtxcur_ticks = ((e.rttvar_x4 << (kRttvarExp + 1)) + e.srtt_x8) >> 3;
  e.valid = true;
  e.backoff = 1;  // newack(): t_backoff_ = 1 when the timed segment is acknowledged
}

Time Ns2Timers::Rto(const RtoState& state, const RtoBounds& bounds) const {
  const TickEstimate& e = state.ticks;
  const Time rtxcur = e.valid ? tick_ * e.rtxcur_ticks : bounds.initial_rto;  // rtxcur_init_ before a sample
  // rtt_timeout(), rfc2988_: the floor applies before the back-off (Tom Kelly's fix).
  const Time base = rtxcur < bounds.min_rto ? bounds.min_rto : rtxcur;
  Time timeout = base.ns() > bounds.max_rto.ns() / e.backoff ? bounds.max_rto : base * e.backoff;
  if (timeout > bounds.max_rto) timeout = bounds.max_rto;
  if (timeout < tick_ * 2) timeout = tick_ * 2;
  return timeout;
}

void Ns2Timers::Backoff(RtoState& state, const RtoBounds& bounds) const {
  TickEstimate& e = state.ticks;
  if (e.backoff < 64 || Rto(state, bounds) < bounds.max_rto) e.backoff <<= 1;
  // "If backed off this far, clobber the srtt value, storing it in the mean deviation."
  if (e.backoff > 8) {
    e.rttvar_x4 += e.srtt_x8 >> 3;
    e.srtt_x8 = 0;
  }
}

}  // namespace plab
