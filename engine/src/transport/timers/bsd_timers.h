// 4.4BSD's TCP timers (and the x-kernel's TCP, a port of the BSD code: the TCP-Real
// paper's platform, §3 "implemented using the x-kernel protocol framework").
// Sources: 4.4BSD-Lite netinet/tcp_input.c tcp_xmit_timer(), tcp_timer.c tcp_timers()
// and tcp_slowtimo()/tcp_fasttimo(), tcp_timer.h, tcp_var.h TCP_REXMTVAL; Stevens,
// TCP/IP Illustrated vol. 2, ch. 25.
//   Slow timer: every 500 ms (PR_SLOWHZ 2). The RTT of one timed segment per round trip
//   (t_rtt, t_rtseq) is counted in slow ticks starting at 1; any retransmission stops
//   the timing (Karn). tcp_xmit_timer, ticks scaled: srtt x8 (TCP_RTT_SHIFT 3), rttvar
//   x4 (TCP_RTTVAR_SHIFT 2):
//     first:  srtt = rtt << 3,  rttvar = rtt << 1
//     later:  delta = rtt - 1 - (srtt >> 3); srtt += delta (>= 1);
//             rttvar += |delta| - (rttvar >> 2) (>= 1)
//     RTO = RANGESET((srtt >> 3) + rttvar, t_rttmin, TCPTV_REXMTMAX)   [whole ticks]
//   A timeout: t_rxtshift++, RTO = RANGESET(REXMTVAL * tcp_backoff[t_rxtshift], ...),
//   tcp_backoff = {1, 2, 4, 8, 16, 32, 64, 64, ...}; past TCP_MAXRXTSHIFT / 4 (3)
//   timeouts srtt is folded into rttvar and cleared, so the next sample starts afresh.
//   The timer is a countdown of slow ticks: set to n ticks, it fires on the n-th tick
//   boundary, between (n - 1) and n ticks later (Stevens vol. 2 §25.1: why the floor
//   TCPTV_MIN is 2 ticks, a timeout of 0.5-1 s).
//   Fast timer: every 200 ms (PR_FASTHZ 5) tcp_fasttimo sends the ACK of every
//   connection with TF_DELACK set, a heartbeat rather than a per-segment timer.
// The flow's bounds map to BSD's: tcp.min_rto_ms -> t_rttmin (TCPTV_MIN = 1 s),
// tcp.max_rto_ms -> TCPTV_REXMTMAX (64 s), tcp.initial_rto_ms -> the RTO before any
// sample (BSD's is 6 s, but there the SYN exchange gives a sample first; our flows
// start without a handshake), each in ticks, rounded up; tcp.delayed_ack_timeout_ms is
// the fast timer's period. Not modelled: dropping the connection after 12 timeouts (it
// keeps retrying at the cap).
#pragma once

#include "transport/timer_profile.h"

namespace plab {

class BsdTimers final : public TimerProfile {
 public:
  static constexpr Time kSlowTick = Time::FromMilliseconds(500);  // PR_SLOWHZ 2
  static constexpr int kMaxShift = 12;                            // TCP_MAXRXTSHIFT

  bool TimesOneSegmentPerRtt() const override { return true; }
  void OnTimedSample(Time rtt, Time now, bool timestamp, RtoState& state) const override;
  Time Rto(const RtoState& state, const RtoBounds& bounds) const override;
  void Backoff(RtoState& state, const RtoBounds& bounds) const override;
  Time TimerExpiry(Time now, Time rto) const override;
  Time DelayedAckAt(Time now, Time timeout) const override;
};

}  // namespace plab
