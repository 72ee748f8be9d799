// TCP Prague (draft-briscoe-iccrg-prague-congestion-control; Linux tcp_prague.c), the
// reference scalable (L4S) congestion control: its data goes out ECT(1) (RFC 9331
// §4.1, set by its entry's `l4s`), and it answers the share of its bytes marked CE as
// DCTCP does, so a DualPI2 queue's L4S side (RFC 9332) stays at about 1 ms.
//
//   every ACK (draft §2.3, as RFC 8257 §3.3):  acked += bytes; ECE: marked += bytes
//   once per window of data (an ACK past the window's end):
//       alpha = (1 - g) alpha + g (marked / acked)        g = 1/16
//   ECE, at most once per window (the sender's RFC 3168 §6.1.2 rule; draft §2.4):
//       ssthresh = max(cwnd (1 - alpha / 2), 2 SMSS);  cwnd = ssthresh
//   growth: Reno's slow start; in congestion avoidance an additive increase of
//       1 SMSS per round trip, times (srtt / target_rtt)^2 below target_rtt when
//       rtt_scaling is on (draft §2.5, RTT independence: a short-RTT flow then gains
//       rate as fast as one at target_rtt = 25 ms, Linux's RTT_CONTROL_RATE)
//   pacing (the draft's pacing rule; Linux sk_pacing_ss_ratio 200, sk_pacing_ca_ratio 120):
//       rate = 2 cwnd / srtt in slow start, 1.2 cwnd / srtt after
//   loss (draft §2.4, the classic fallback): as Reno, ssthresh = max(FlightSize / 2, 2 SMSS)
//
// rtt_scaling is on by default, as Linux ships it (prague_rtt_scaling = 1, the rate
// mode): the lab's Prague is the deployed one. Above target_rtt it changes nothing.
// Not modelled: Accurate ECN feedback (the receiver echoes CE per segment as DCTCP's
// does, which tells the sender the same marked bytes on a path without ACK loss), the
// fractional window below 2 segments, and the RTT-independent EWMA timescale.
#pragma once

#include <cstdint>

#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/dctcp/dctcp_alpha.h"

namespace plab {

class Prague final : public CongestionControl {
 public:
  struct Params {
    double g = 1.0 / 16;                           // draft §2.3: the EWMA gain, as DCTCP's (RFC 8257 §4.2)
    double initial_alpha = 1;                      // as DCTCP (RFC 8257 §3.3): the first marks halve the window
    bool rtt_scaling = true;                       // draft §2.5; Linux default on
    Time target_rtt = Time::FromMilliseconds(25);  // draft §2.5, Linux prague_rtt_target 25 ms
    double pacing_ss_ratio = 2.0;                  // Linux sk_pacing_ss_ratio 200 %
    double pacing_ca_ratio = 1.2;                  // Linux sk_pacing_ca_ratio 120 %
  };

  explicit Prague(const Params& params) : params_(params), estimate_(params.g, params.initial_alpha) {}

  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void OnEcnAck(const TcpState& state, uint64_t acked_bytes, bool ece) override;
  void OnEcnEcho(const TcpState& state) override;
  int64_t PacingRateBps() const override;

  double alpha() const { return estimate_.alpha(); }
  int64_t alpha_updates() const { return estimate_.updates(); }
  // The congestion-avoidance increase per round trip, in SMSS: 1, or (srtt /
  // target_rtt)^2 below target_rtt with rtt_scaling.
  double AdditiveIncreaseSegments() const;

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;

 private:
  Params params_;
  DctcpAlpha estimate_;        // DCTCP's (§2.3)
  double increase_carry_ = 0;  // bytes of additive increase not yet whole
};

}  // namespace plab
