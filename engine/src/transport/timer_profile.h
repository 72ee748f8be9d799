// The clock a TCP connection's timers run on: how the retransmission timeout is
// estimated, backed off and scheduled, and when a delayed ACK goes out. Much of what
// separates the papers' numbers from today's stacks is this clock, so a flow names its
// profile (`tcp.timers`) and the sender's RTO estimator and the receiver's delayed-ACK
// timer ask the profile instead of hard-coding one platform:
//   rfc6298  today's engine: a fine clock (1 ms G), every Karn-valid ACK a sample,
//            RTO = max(min_rto, SRTT + max(G, 4 RTTVAR)), doubled per timeout (RFC 6298)
//   bsd      4.4BSD / x-kernel: a 500 ms slow timer, one timed segment per RTT counted
//            in ticks, srtt x8 / rttvar x4 fixed point, RTO in whole ticks, a back-off
//            table, the timer firing on tick boundaries; a 200 ms fast timer for ACKs
//   ns2      ns-2's Agent/TCP: tcpTick_ ticks, the same fixed point (T_SRTT_BITS 3,
//            T_RTTVAR_BITS 2, rttvar_exp_ 2), rtt_timeout()'s rfc2988_ clamping and
//            2-tick floor, the timer firing exactly; DelAckSink's per-segment timer
// The flow's tcp.min_rto_ms, tcp.initial_rto_ms, tcp.max_rto_ms and delayed-ACK fields
// stay in force under every profile (RtoBounds): the profile is the clock and the
// arithmetic, the fields are the platform's constants (BSD t_rttmin / TCPTV_REXMTMAX,
// ns-2 minrto_ / rtxcur_init_ / maxrto_), which a preset sets with the profile.
#pragma once

#include <cstdint>

#include "sim/time.h"

namespace plab {

// The bounds a flow sets (tcp.*_rto_ms), in force under every profile.
struct RtoBounds {
  Time initial_rto;
  Time min_rto;
  Time max_rto;
  Time granularity;  // RFC 6298's G
};

// A tick-based estimator's state, in the platforms' own units: BSD's t_srtt / t_rttvar,
// ns-2's t_srtt_ / t_rttvar_ (ticks, scaled by 8 and by 4; srtt 0 means "no estimate",
// after which the next sample starts afresh, as both do after a long back-off).
struct TickEstimate {
  bool valid = false;        // a timed sample has arrived at least once
  int64_t srtt_x8 = 0;       // ticks << 3
  int64_t rttvar_x4 = 0;     // ticks << 2
  int64_t rtxcur_ticks = 0;  // ns-2's t_rtxcur_ (in ticks) as of the last sample
  int shift = 0;             // BSD t_rxtshift: timeouts since the last sample
  int64_t backoff = 1;       // ns-2 t_backoff_
};

// What a sender's RTT statistics hold for the profile: RFC 6298's fine estimate (every
// profile keeps it; algorithms such as Vegas and TCP-ER's fine-grained timer read it)
// and the tick estimate (only the tick profiles use it).
struct RtoState {
  bool has_sample = false;
  Time srtt;
  Time rttvar;
  int64_t backoff = 1;  // RFC 6298 §5.5's multiplier, reset by every fine sample
  TickEstimate ticks;
};

class TimerProfile {
 public:
  virtual ~TimerProfile() = default;

  // True: the RTO comes from one timed segment per round trip (BSD t_rtt / t_rtseq,
  // ns-2 rtt_active_ / rtt_seq_), cancelled by any retransmission (Karn), fed to
  // OnTimedSample. False: from every ACK of never-retransmitted data (the fine estimate).
  virtual bool TimesOneSegmentPerRtt() const = 0;
  // The timed segment sent at `now - rtt` was acknowledged at `now`.
  virtual void OnTimedSample(Time rtt, Time now, bool timestamp, RtoState& state) const = 0;
  // The timeout now in force, backed off.
  virtual Time Rto(const RtoState& state, const RtoBounds& bounds) const = 0;
  // A retransmission timeout fired.
  virtual void Backoff(RtoState& state, const RtoBounds& bounds) const = 0;
  // When a timer armed at `now` for `rto` fires.
  virtual Time TimerExpiry(Time now, Time rto) const = 0;
  // True: entering fast recovery restarts the retransmission timer, so the fast
  // retransmission gets a whole RTO (ns-2's dupack_action: reset_rtx_timer(1, 0)).
  // False: RFC 6298 §5.1, the running timer is left alone.
  virtual bool RestartsTimerOnFastRetransmit() const { return false; }
  // When the receiver's delayed ACK for data that arrived at `now` goes out, given the
  // flow's delayed-ACK timer `timeout` (tcp.delayed_ack_timeout_ms).
  virtual Time DelayedAckAt(Time now, Time timeout) const = 0;
};

// Today's engine, the default: RttStats without a profile uses it.
const TimerProfile& Rfc6298Timers();

}  // namespace plab
