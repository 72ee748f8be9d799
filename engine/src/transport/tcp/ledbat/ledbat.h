// LEDBAT, Low Extra Delay Background Transport (RFC 6817): a scavenger that keeps the
// queue it builds near TARGET and yields to standard TCP, which fills the queue past
// that. From the one-way delays the ACKs carry (ledbat_receiver.h):
//   queuing_delay = FILTER(current_delays) - MIN(base_delays)        (§2.4.2)
//   off_target    = (TARGET - queuing_delay) / TARGET
//   cwnd         += GAIN x off_target x bytes_newly_acked x MSS / cwnd
//   cwnd          = min(cwnd, flightsize + ALLOWED_INCREASE x MSS)   (no bursts when
//                                                                     application-limited)
//   cwnd          = max(cwnd, MIN_CWND x MSS)
// so it grows at most one MSS per RTT (GAIN = 1, empty queue), holds still at TARGET
// and shrinks in proportion above it. On a loss, cwnd = min(cwnd, max(cwnd / 2,
// MIN_CWND x MSS)), at most once per RTT (§2.4.2 "on data loss", §3.2.2); on a
// retransmission timeout, cwnd = 1 MSS (the base class's). No slow start: the window
// starts at INIT_CWND (tcp.initial_window_segments, §2.5: 2) and grows by the rule above.
// The delay estimates are ledbat_delays.h's; parameter values §2.5.
#pragma once

#include <optional>

#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/ledbat/ledbat_delays.h"

namespace plab {

class Ledbat final : public CongestionControl {
 public:
  struct Params {
    Time target = Time::FromMilliseconds(100);  // TARGET: §2.5, MUST be 100 ms or less
    double gain = 1;                            // GAIN: §2.5, MUST be 1 or less
    int base_history = 10;                      // BASE_HISTORY, one-minute buckets: §2.5
    Time base_bucket = Time::FromSeconds(60);   // §2.4.2: round_to_minute
    int current_filter = 4;                     // CURRENT_FILTER samples (ns-3 TcpLedbat's NoiseFilterLen 4)
    int allowed_increase = 1;                   // ALLOWED_INCREASE segments: §2.5, SHOULD be 1
    int min_cwnd = 2;                           // MIN_CWND segments: §2.5, SHOULD be 2
  };
  explicit Ledbat(const Params& params);

  // One-way delays arrive in the ACKs' option bytes.
  void OnAckHeader(const TcpHeader& header, Time now) override;
  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;

  // A one-way delay sample measured at `now` (what OnAckHeader does with an ACK's).
  void OnDelaySample(Time delay, Time now);

  // What the estimates say now (for the probe and tests); nullopt before any sample.
  std::optional<Time> queuing_delay() const;
  std::optional<Time> base_delay() const;
  const Params& params() const { return params_; }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;

 private:
  Time Now() const;

  Params params_;
  BaseDelayHistory base_;
  CurrentDelayFilter current_;
  double carry_bytes_ = 0;        // the window's fraction of a byte, in [0, 1)
  Time last_ack_time_;            // of the ACK being processed (a loss is detected on one)
  std::optional<Time> last_cut_;  // when the window was last halved
};

}  // namespace plab
