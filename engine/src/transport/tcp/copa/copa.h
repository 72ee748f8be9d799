// Copa (Arun & Balakrishnan, "Copa: Practical Delay-Based Congestion Control for the
// Internet", NSDI 2018, §2), default mode. From two RTT filters it reads the queuing
// delay its own packets see, and steers its rate toward a target inversely proportional
// to it:
//   RTTmin      = least RTT over the last 10 s (§2.1: the propagation delay)
//   RTTstanding = least RTT over the last srtt / 2 (§2.1: the "standing" queue, not
//                 the burst of the last few packets)
//   dq = RTTstanding - RTTmin,  target rate lambda_t = 1 / (delta x dq)  packets / s
//   current rate lambda = cwnd / RTTstanding
//   on each ACK: cwnd += v / (delta x cwnd) if lambda <= lambda_t, else cwnd -= it
// v, the velocity, is 1 and doubles once per window after the window has moved in one
// direction for 3 windows (reset to 1 when the direction changes). Slow start doubles
// cwnd each RTT until lambda exceeds lambda_t. Packets are paced at 2 cwnd / RTTstanding.
// At equilibrium each flow keeps about 1/delta packets queued (§2.2).
//
// Not implemented: the competitive mode (§2.3: delta adapted when a buffer-filling flow is
// detected), so beside CUBIC or Reno this Copa yields as a pure delay-based flow does.
// Loss: the default mode has no loss rule; a fast-recovery loss leaves cwnd to the delay
// law (SACK repairs the data), a timeout restarts from 2 segments in slow start.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

// The least RTT sample of a sliding time window (a monotone deque).
class WindowedMinRtt {
 public:
  void Add(Time now, Time rtt, Time window);
  // The minimum of the samples within `window` of `now` (Infinite when none).
  Time Get(Time now, Time window);

 private:
  std::deque<std::pair<Time, Time>> samples_;  // (time, rtt), rtt increasing
};

class Copa final : public CongestionControl {
 public:
  struct Params {
    double delta = 0.5;                           // §2.1 default mode
    Time min_rtt_window = Time::FromSeconds(10);  // §2.1
    int min_cwnd_segments = 2;
  };

  explicit Copa(const Params& params) : params_(params) {}

  void OnAck(const TcpState&, uint64_t, Time) override {}  // the window moves per ACK below
  void OnAckReceived(const TcpState& state, const RateSample& rs, Time now) override;
  void OnRttUpdated(Time now) override;
  void EnterRecovery(const TcpState& state, int inflation_segments) override;
  void ExitRecovery(uint64_t cap) override;
  int64_t PacingRateBps() const override;

  Time min_rtt() const { return min_rtt_; }
  Time standing_rtt() const { return standing_rtt_; }
  double velocity() const { return velocity_; }
  bool in_slow_start() const { return slow_start_; }
  // lambda_t of §2.1 in bytes per second (infinite when dq = 0).
  double TargetRateBytesPerSecond() const;

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& state) override;

 private:
  void UpdateVelocity(const TcpState& state);

  Params params_;
  WindowedMinRtt min_filter_;
  WindowedMinRtt standing_filter_;
  Time min_rtt_ = Time::Infinite();
  Time standing_rtt_ = Time::Infinite();
  bool slow_start_ = true;
  double cwnd_bytes_ = 0;  // cwnd with its fraction of a byte

  // Velocity (§2.1): once per window of data.
  double velocity_ = 1;
  uint64_t window_end_ = 0;  // snd_nxt when the window began
  double window_start_cwnd_ = 0;
  int direction_ = 0;  // +1 up, -1 down, 0 none yet
  int same_direction_windows_ = 0;
  // Slow start doubles once per RTT: cwnd at the window's start, grown by what is ACKed.
};

}  // namespace plab
