// Copa (Arun & Balakrishnan, "Copa: Practical Delay-Based Congestion Control for the
// Internet", NSDI 2018, §2), its default mode and its mode switching. From two RTT filters it reads the queuing
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
//
// Mode switching (§2.3, `copa.mode = switching`; the lab's default stays the default mode
// alone, as every Copa link before it ran): a Copa flow alone empties the queue
// every few RTTs (its window oscillates around the target); a buffer-filling flow beside
// it keeps the queue up. So the queue is "nearly empty" when dq <= 0.1 (RTTmax - RTTmin),
// RTTmax the greatest RTT over the last 4 RTTs; when it has not been for 5 RTTs, the
// flow turns competitive: delta is then adapted by AIMD on 1/delta (+1 per RTT, halved
// on a loss, delta at most the default mode's), as Reno adapts its window; the queue
// nearly empty again, it returns to the default mode and its delta. `copa.mode =
// default` keeps the default mode always (beside CUBIC or Reno it then yields, as any
// purely delay-based flow does).
// Loss: the default mode has no loss rule; a fast-recovery loss leaves cwnd to the delay
// law (SACK repairs the data), a timeout restarts from 2 segments in slow start.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

// The least (kMax: the greatest) RTT sample of a sliding time window (a monotone deque).
template <bool kMax>
class WindowedRtt {
 public:
  void Add(Time now, Time rtt, Time window) {
    while (!samples_.empty() && !Beats(samples_.back().second, rtt)) samples_.pop_back();
    samples_.emplace_back(now, rtt);
    Get(now, window);
  }
  // The extreme of the samples within `window` of `now` (Infinite when none). Samples
  // older than the window go, except the newest (a window shorter than the spacing of
  // samples keeps the latest one).
  Time Get(Time now, Time window) {
    while (samples_.size() > 1 && samples_.front().first < now - window) samples_.pop_front();
    return samples_.empty() ? Time::Infinite() : samples_.front().second;
  }

 private:
  static bool Beats(Time a, Time b) { return kMax ? a > b : a < b; }
  std::deque<std::pair<Time, Time>> samples_;  // (time, rtt), each beating those after it
};
using WindowedMinRtt = WindowedRtt<false>;
using WindowedMaxRtt = WindowedRtt<true>;

class Copa final : public CongestionControl {
 public:
  struct Params {
    double delta = 0.5;                           // §2.1 default mode
    Time min_rtt_window = Time::FromSeconds(10);  // §2.1
    int min_cwnd_segments = 2;
    bool switching = false;  // §2.3 mode switching (copa.mode = switching); false: the default mode always
  };
  enum class Mode { kDefault, kCompetitive };

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
  Mode mode() const { return mode_; }
  double delta() const { return delta_; }  // in force: the default mode's, or adapted (§2.3)
  Time max_rtt() const { return max_rtt_; }
  // lambda_t of §2.1 in bytes per second (infinite when dq = 0).
  double TargetRateBytesPerSecond() const;

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& state) override;

 private:
  void UpdateVelocity(const TcpState& state, Time now);
  void OnLoss();

  Params params_;
  WindowedMinRtt min_filter_;
  WindowedMinRtt standing_filter_;
  WindowedMaxRtt max_filter_;
  Time min_rtt_ = Time::Infinite();
  Time standing_rtt_ = Time::Infinite();
  Time max_rtt_ = Time::Infinite();

  // Mode switching (§2.3).
  Mode mode_ = Mode::kDefault;
  double delta_ = params_.delta;
  Time last_nearly_empty_ = Time::Zero();
  bool loss_in_window_ = false;
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
