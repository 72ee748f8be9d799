// TCP Vegas congestion avoidance (Brakmo & Peterson, JSAC 1995; the rules as tabled
// in the TCP-ER paper, Table I and §II-B; constants as ns-2 and Linux tcp_vegas.c).
//
// Once per RTT, with BaseRTT the smallest RTT ever seen and RTT the smallest sample of
// the round just ended:
//   expected = cwnd / BaseRTT, actual = cwnd / RTT
//   diff = (expected - actual) x BaseRTT  = packets this flow keeps queued
//   congestion avoidance: diff < alpha: cwnd += 1;  diff > beta: cwnd -= 1;  else hold
//   slow start: grow (one segment per ACK) only every other RTT, so the round in
//     between measures an undisturbed RTT; leave slow start when diff > gamma.
// On a loss the window falls by a quarter (ssthresh = 3/4 cwnd), not by half. The
// fine-grained early retransmission is on the loss-recovery side (NewReno + ER).
#pragma once

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

class Vegas final : public CongestionControl {
 public:
  struct Params {
    double alpha = 1;  // packets; ns-2 / Linux default
    double beta = 3;
    double gamma = 1;
  };
  explicit Vegas(const Params& params) : params_(params) {}

  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void OnRttUpdated(Time now) override;

  // Debug state for tests and metrics.
  double last_diff() const { return last_diff_; }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& state) override;

 private:
  void EndRound(const TcpState& state);

  Params params_;
  // BaseRTT is the connection's smallest RTT: rtt().min_rtt().
  Time round_min_rtt_ = Time::Infinite();
  int round_samples_ = 0;
  uint64_t round_end_ = 0;  // the round ends when snd_una passes this
  bool grow_this_round_ = true;
  double last_diff_ = 0;
};

}  // namespace plab
