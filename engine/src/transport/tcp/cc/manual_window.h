// The manual protocol's control (issue 9, "You are the congestion control"; issue 19
// finding 2.4): the window is exactly what the student set (manual.cwnd_segments, a
// live parameter moved through SetWindowSegments while the run plays), always. Loss
// recovery may retransmit, but it does not move this window: no inflation per
// duplicate ACK, no deflation on a partial ACK, no cap on leaving recovery, no loss
// window of one segment after a timeout. Backing off, after a loss or before one, is
// the student's call, and the window drawn is the window used.
//
// FixedWindow (fixed_window.h) is the LE paper's fixed window, where fast recovery's
// ACK clock inflates and deflates cwnd as the paper's ns-2 did; this is not that: a
// student who doubles to 80 segments would otherwise see hundreds drawn while a
// recovery inflates it, and a window near zero when it deflates. The manual protocol
// pairs it with SACK recovery (RFC 6675), whose pipe keeps at most this many
// segments in the network during a recovery too (tcp_entries.cc).
#pragma once

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

class ManualWindow final : public CongestionControl {
 public:
  explicit ManualWindow(uint64_t window_segments) : window_segments_(window_segments) {}

  // A new window from now on (Simulation::Set, live mode).
  void SetWindowSegments(uint64_t segments) {
    window_segments_ = segments;
    Hold();
  }

  // Nothing but the student grows or shrinks it.
  void OnAck(const TcpState& /*state*/, uint64_t /*acked_bytes*/, Time /*now*/) override {}
  void RestartAfterLoss(const TcpState& /*state*/) override { Hold(); }
  void EnterRecovery(const TcpState& /*state*/, int /*inflation_segments*/) override { Hold(); }
  void InflateForDupAck() override {}
  void DeflateOnPartialAck(uint64_t /*acked_bytes*/) override {}
  void ExitRecovery(uint64_t /*cap*/) override { Hold(); }
  void OnEcnEcho(const TcpState& /*state*/) override {}

 protected:
  void AfterInit() override { Hold(); }
  // The student's window is no slow-start threshold either (the protocol declares no
  // ssthresh series); it is kept equal to the window so that nothing reads it as
  // slow start.
  uint64_t SsthreshAfterLoss(const TcpState& /*state*/, uint64_t /*flight_size*/) override { return Window(); }
  // OnRetransmissionTimeout set the loss window of one segment: undone.
  void AfterRetransmissionTimeout(const TcpState& /*state*/) override { Hold(); }

 private:
  uint64_t Window() const { return window_segments_ * mss_; }
  void Hold() {
    cwnd_ = Window();
    ssthresh_ = Window();
  }
  uint64_t window_segments_;
};

}  // namespace plab
