// TCP Westwood+ (Mascolo et al. 2001; Grieco & Mascolo 2004; Linux tcp_westwood.c).
// The sender estimates the bandwidth it gets from the ACK stream, once per RTT:
//   sample = bytes acknowledged in the last RTT / that RTT      (at least 50 ms)
//   bwe_ns = 7/8 bwe_ns + 1/8 sample;  bwe = 7/8 bwe + 1/8 bwe_ns   (two low-pass stages)
// Duplicate ACKs count as one segment delivered each (and are taken back from the
// cumulative ACK that follows). After a loss it does not halve blindly:
//   ssthresh = max(bwe x RTTmin, 2 SMSS)
// so a random (non-congestion) loss costs little when the pipe was not over-full.
// Window growth is Reno's.
#pragma once

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

class Westwood final : public CongestionControl {
 public:
  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void OnAckReceived(const TcpState& state, const RateSample& rs, Time now) override;
  int64_t BandwidthEstimateBps() const override { return static_cast<int64_t>(bwe_bytes_per_s_ * 8); }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;

 private:
  static constexpr Time kMinWindow = Time::FromMilliseconds(50);  // Linux TCP_WESTWOOD_RTT_MIN

  double bwe_bytes_per_s_ = 0;
  double bwe_ns_bytes_per_s_ = 0;
  bool first_sample_ = true;
  uint64_t snd_una_ = 0;
  uint64_t accounted_ = 0;  // bytes already credited by duplicate ACKs
  uint64_t window_bytes_ = 0;
  Time window_start_ = Time::Zero();
};

}  // namespace plab
