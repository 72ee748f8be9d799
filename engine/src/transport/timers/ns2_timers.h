// ns-2's Agent/TCP timers (the LE, Ng & Chan and TCP-ER papers' simulator, and the
// RRTP thesis's, §4.1 Table 4.1: ns-2.32). Sources: ns-2 tcp/tcp.cc rtt_update(),
// rtt_timeout(), rtt_backoff(), output() and newack(); tcl/lib/ns-default.tcl.
//   tcpTick_ (tcp.ns2_tick_ms): 0.01 s since 2002/03/07 (ns-2.1b9 on), 0.1 s before.
//   One timed segment per round trip (rtt_active_, rtt_seq_, rtt_ts_), cleared by any
//   retransmission (reset_rtx_timer); its RTT in ticks, at least 1:
//     t_rtt = int((tao + fmod(sendtime + boot_time_, tick)) / tick)  (boot_time_ = 0 here)
//     with timestamps: int(tao / tick + 0.5)
//   t_srtt_ x8 (T_SRTT_BITS 3), t_rttvar_ x4 (T_RTTVAR_BITS 2):
//     first:  srtt = rtt << 3, rttvar = rtt << 1
//     later:  delta = rtt - (srtt >> 3); srtt += delta (>= 1);
//             rttvar += |delta| - (rttvar >> 2) (>= 1)
//     t_rtxcur_ = (((rttvar << (rttvar_exp_ + 1)) + srtt) >> 3) * tick,  rttvar_exp_ 2
//   rtt_timeout() with rfc2988_ (true since 2002/03/07): minrto_ * t_backoff_ when
//   t_rtxcur_ < minrto_, else t_rtxcur_ * t_backoff_; at most maxrto_; at least 2 ticks.
//   rtt_backoff(): double t_backoff_ while below 64 or the timeout is below maxrto_;
//   past 8, srtt is folded into rttvar and cleared. The timer fires exactly (resched).
//   A timed sample resets t_backoff_ to 1.
//   Entering fast recovery restarts the timer (dupack_action's reset_rtx_timer(1, 0):
//   no back-off, no go-back), so the fast retransmission has a whole RTO to return.
// The flow's bounds map to ns-2's: tcp.min_rto_ms -> minrto_ (0.2 s in ns-2.35, 1 s in
// 2001-2004), tcp.initial_rto_ms -> rtxcur_init_ (3 s; 6 s before 2006),
// tcp.max_rto_ms -> maxrto_ (60 s). ns-2's delayed ACK (Agent/TCPSink/DelAck,
// interval_ 100 ms) is a per-segment timer, as the engine's: tcp.delayed_ack_timeout_ms.
#pragma once

#include "transport/timer_profile.h"

namespace plab {

class Ns2Timers final : public TimerProfile {
 public:
  static constexpr int kRttvarExp = 2;  // rttvar_exp_

  explicit Ns2Timers(Time tick) : tick_(tick) {}

  bool TimesOneSegmentPerRtt() const override { return true; }
  void OnTimedSample(Time rtt, Time now, bool timestamp, RtoState& state) const override;
  Time Rto(const RtoState& state, const RtoBounds& bounds) const override;
  void Backoff(RtoState& state, const RtoBounds& bounds) const override;
  Time TimerExpiry(Time now, Time rto) const override { return now + rto; }
  // tcp.cc / tcp-newreno.cc / tcp-sack1.cc dupack_action(): reset_rtx_timer(1, 0).
  bool RestartsTimerOnFastRetransmit() const override { return true; }
  Time DelayedAckAt(Time now, Time timeout) const override { return now + timeout; }

  Time tick() const { return tick_; }

 private:
  Time tick_;
};

}  // namespace plab
