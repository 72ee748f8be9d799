// "You are the congestion control" (issue 9): the window is whatever the student sets
// (manual.cwnd_segments, a live parameter), by a slider or by "back off" and "grow"
// while the run plays. Like a fixed window it ignores loss signals for its size:
// backing off after a loss is the student's call. Fast recovery may still inflate it
// while duplicate ACKs arrive (the recovery's ACK clock), and returns to it.
#pragma once

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

class ManualWindow final : public CongestionControl {
 public:
  explicit ManualWindow(uint64_t window_segments) : window_segments_(window_segments) {}

  // A new window from now on (Simulation::Set). Any recovery inflation is dropped: the
  // student asked for this many segments, and a smaller window must bound the flight.
  void SetWindowSegments(uint64_t segments);

  void OnAck(const TcpState& /*state*/, uint64_t /*acked_bytes*/, Time /*now*/) override {}
  void RestartAfterLoss(const TcpState& state) override;
  void EnterRecovery(const TcpState& state, int inflation_segments) override;
  void ExitRecovery(uint64_t cap) override;

 protected:
  void AfterInit() override { cwnd_ = Window(); }
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& /*state*/) override { cwnd_ = Window(); }

 private:
  uint64_t Window() const { return window_segments_ * mss_; }
  uint64_t window_segments_;
};

}  // namespace plab
