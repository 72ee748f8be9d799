// A fixed window (LE paper §3.3, Fig. 6b: "the congestion window was set to 32
// packets"; §5: a fixed window of 10 as an upper bound): cwnd never moves, so what a
// loss recovery does shows without any congestion control on top. Fast recovery may
// still inflate it while duplicate ACKs arrive (Reno's ACK clock), and returns to it.
// NewReno's full ACK may leave it at FlightSize + SMSS to avoid a burst (RFC 6582 §3.2
// step 3, option 1), which is only safe because the control then slow-starts back up
// to ssthresh: so does this one, to its window (ssthresh is the window here). Without
// that, a flight the receiver window kept small during recovery left it at 2 segments
// until a timeout (issue H §1 defect 1).
//
// The manual protocol's window is not this one (manual_window.h): a student's window
// is exactly what they set, with no recovery inflation.
#pragma once

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

class FixedWindow final : public CongestionControl {
 public:
  explicit FixedWindow(uint64_t window_segments) : window_segments_(window_segments) {}

  // A new window from now on. Any recovery inflation is dropped: a smaller window must
  // bound the flight.
  void SetWindowSegments(uint64_t segments);

  // Below the window only after NewReno's full ACK capped it (ExitRecovery): slow
  // start back to it, as the cap presumes of every control (RFC 6582 §3.2 step 3).
  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void RestartAfterLoss(const TcpState& state) override;
  void EnterRecovery(const TcpState& state, int inflation_segments) override;
  void ExitRecovery(uint64_t cap) override;
  // A fixed window does not answer congestion signals, marks included.
  void OnEcnEcho(const TcpState& /*state*/) override {}

 protected:
  void AfterInit() override { cwnd_ = Window(); }
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& /*state*/) override { cwnd_ = Window(); }

 private:
  uint64_t Window() const { return window_segments_ * mss_; }
  uint64_t window_segments_;
};

}  // namespace plab
