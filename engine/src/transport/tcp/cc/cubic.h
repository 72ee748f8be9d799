// CUBIC (RFC 9438). After a congestion event at window W_max (segments), the window
// follows a cubic function of the time t since the event, flat around W_max:
//   W_cubic(t) = C (t - K)^3 + W_max,   K = cbrt((W_max - cwnd_epoch) / C)     (§4.2)
// with C = 0.4 and beta = 0.7 (§4.6: ssthresh = cwnd = beta x cwnd at the event).
// Each ACK moves cwnd toward target = W_cubic(t + RTT), clamped to [cwnd, 1.5 cwnd]
// (§4.4), but never below the Reno-friendly estimate W_est, which grows by
// alpha = 3 (1 - beta) / (1 + beta) segments per window (§4.3). Fast convergence
// (§4.7): a loss below the last W_max remembers less, W_max = cwnd (1 + beta) / 2.
// Slow start is standard. The cube root is our own Newton iteration: native and WASM
// libm may differ in the last bit.
#pragma once

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

class Cubic final : public CongestionControl {
 public:
  struct Params {
    double c = 0.4;     // RFC 9438 §5.1
    double beta = 0.7;  // RFC 9438 §4.6
    bool fast_convergence = true;
  };
  explicit Cubic(const Params& params) : params_(params) {}

  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;

  // W_cubic(t) in segments for the current epoch (for tests and plots).
  double WindowAt(Time since_epoch) const;
  double w_max() const { return w_max_; }
  double k_seconds() const { return k_; }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& state) override;
  // K for an epoch starting at cwnd_epoch segments.
  double KFor(double cwnd_epoch) const;

 private:
  Params params_;
  double w_max_ = 0;  // segments
  double k_ = 0;      // seconds
  double w_est_ = 0;  // segments
  bool epoch_started_ = false;
  Time epoch_start_;
};

// Cube root by Newton's method: deterministic across platforms.
double DeterministicCbrt(double x);

}  // namespace plab
