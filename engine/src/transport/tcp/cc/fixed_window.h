// A fixed window (LE paper §3.3, Fig. 6b: "the congestion window was set to 32
// packets"; §5: a fixed window of 10 as an upper bound): cwnd never moves, so what a
// loss recovery does shows without any congestion control on top. Fast recovery may
// still inflate it while duplicate ACKs arrive (Reno's ACK clock), and returns to it.
#pragma once

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

class FixedWindow final : public CongestionControl {
 public:
  explicit FixedWindow(uint64_t window_segments) : window_segments_(window_segments) {}

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
