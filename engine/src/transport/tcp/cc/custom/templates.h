// The templates a student starts from (language.cc lists them for the schema), each a
// complete program with comments. The reno template gives the built-in reno's run
// bit for bit (custom_control_test.cc).
#pragma once

namespace plab::cclang {

inline constexpr const char* kRenoProgram = R"(# Reno (RFC 5681): grow by one segment per ACK in slow start, by one
# segment per round trip after; halve on a loss.
on_ack {
  if cwnd < ssthresh { cwnd = cwnd + min(acked, mss) }      # slow start
  else { cwnd = cwnd + max(1, mss * mss / cwnd) }         # congestion avoidance
}
on_loss    { ssthresh = max(in_flight / 2, 2 * mss) }
on_timeout { ssthresh = max(in_flight / 2, 2 * mss); cwnd = mss }
)";

inline constexpr const char* kAimdProgram = R"(# AIMD: add `a` segments per round trip, multiply by `b` on a loss.
# Reno is a = 1, b = 0.5. Try a = 2 or b = 0.8 and race it against Reno.
var a = 1      # additive increase, segments per round trip
var b = 0.5    # multiplicative decrease, fraction kept after a loss

on_ack {
  if cwnd < ssthresh { cwnd = cwnd + min(acked, mss) }        # slow start
  else { cwnd = cwnd + max(1, a * mss * mss / cwnd) }       # + a segments per RTT
}
on_loss    { ssthresh = max(cwnd * b, 2 * mss) }
on_timeout { ssthresh = max(cwnd * b, 2 * mss); cwnd = mss }
)";

inline constexpr const char* kVegasProgram = R"(# Vegas (Brakmo & Peterson 1995): with no queue the RTT is min_rtt; the
# rest of it is time spent waiting in queues. cwnd * (rtt - min_rtt) / rtt
# is how much of the window is queued. Keep between alpha and beta segments there.
var alpha = 2     # segments: grow while fewer are queued
var beta = 4      # segments: shrink while more are queued
var queued = 0    # segments queued, measured once per round

on_ack {
  if cwnd < ssthresh { cwnd = cwnd + min(acked, mss) }   # slow start
}
on_round {
  if min_rtt > 0 and rtt > 0 {
    queued = cwnd / mss * (rtt - min_rtt) / rtt
    if cwnd < ssthresh {
      if queued > 1 { ssthresh = cwnd }                   # a queue builds: leave slow start
    } else if queued < alpha {
      cwnd = cwnd + mss
    } else if queued > beta {
      cwnd = cwnd - mss
    }
  }
}
on_loss    { ssthresh = max(in_flight / 2, 2 * mss) }
on_timeout { ssthresh = max(in_flight / 2, 2 * mss); cwnd = mss }
)";

inline constexpr const char* kDelayProgram = R"(# A delay target, after LEDBAT (RFC 6817): rtt - min_rtt is the queueing
# delay. Grow while it is below the target, shrink while above, in
# proportion to how far off it is.
var target = 0.010   # s of queueing delay to aim for
var gain = 1         # segments per RTT when there is no queue at all
var off = 0          # (target - delay) / target: 1 = empty queue, < 0 = too much

on_ack {
  if min_rtt > 0 {
    off = (target - (rtt - min_rtt)) / target
    if cwnd < ssthresh and off > 0.5 {
      cwnd = cwnd + min(acked, mss)                        # slow start while the queue is short
    } else {
      if cwnd < ssthresh { ssthresh = cwnd }
      cwnd = cwnd + gain * clamp(off, -1, 1) * mss * acked / cwnd
    }
  }
}
on_loss    { ssthresh = max(cwnd / 2, 2 * mss) }
on_timeout { ssthresh = max(cwnd / 2, 2 * mss); cwnd = mss }
)";

inline constexpr const char* kBbrLikeProgram =
    R"(# BBR-like (Cardwell et al. 2016): measure the bottleneck's rate (the largest
# delivery rate lately) and the path's delay (min_rtt); pace at the rate and
# keep two of their products (BDP) in flight. Start by doubling each round.
var bw = 0          # bytes/s: the bottleneck rate estimate
var round_bw = 0    # bytes/s: the largest sample in this round
var last_bw = 0     # bytes/s: the estimate when it last grew by 25 %
var stalled = 0     # rounds since it last grew by 25 %
var gain = 2.885    # pacing gain: 2/ln 2 while starting up

on_ack {
  round_bw = max(round_bw, delivery_rate)
  if bw > 0 and min_rtt > 0 {
    pacing_rate = gain * bw
    cwnd = max(2 * bw * min_rtt, 4 * mss)
  }
}
on_round {
  bw = max(round_bw, bw * 0.95)      # a slowly forgetting maximum
  round_bw = 0
  if stalled < 3 {                   # startup: until the rate stops growing
    if bw >= last_bw * 1.25 { last_bw = bw; stalled = 0 } else { stalled = stalled + 1 }
  } else if round % 8 == 0 {
    gain = 1.25                      # probe for more bandwidth one round in eight
  } else if round % 8 == 1 {
    gain = 0.75                      # then drain the queue the probe made
  } else {
    gain = 1
  }
}
on_loss { ssthresh = cwnd }          # a loss is not a signal here: no cut
)";

inline constexpr const char* kCubicLikeProgram =
    R"(# CUBIC-like (RFC 9438): after a loss the window, in segments, follows
#   W(t) = c * (t - k)^3 + w_max,  k = cbrt(w_max * (1 - beta) / c)
# t seconds after the loss: fast far from w_max, flat near it, then probing.
var c = 0.4        # segments / s^3
var beta = 0.7     # fraction of the window kept after a loss
var w_max = 0      # segments: the window when the last loss came
var epoch = -1     # s: when the last loss came (-1 = none yet)
var k = 0          # s: when W(t) is back at w_max
var w = 0          # segments: W(t) now

on_ack {
  if cwnd < ssthresh { cwnd = cwnd + min(acked, mss) }                    # slow start
  else {
    if epoch < 0 { epoch = now; w_max = cwnd / mss; k = 0 }
    w = c * pow(now - epoch - k, 3) + w_max
    cwnd = cwnd + max(1, (w * mss - cwnd) * acked / cwnd, mss * acked / (100 * cwnd))
  }
}
on_loss {
  w_max = cwnd / mss
  epoch = now
  k = cbrt(w_max * (1 - beta) / c)
  ssthresh = max(cwnd * beta, 2 * mss)
}
on_timeout { epoch = -1; ssthresh = max(cwnd * beta, 2 * mss); cwnd = mss }
)";

}  // namespace plab::cclang
