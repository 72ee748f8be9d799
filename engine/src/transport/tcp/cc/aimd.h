// Slow start + congestion avoidance, AIMD (RFC 5681 §3.1; Jacobson 1988). The window
// law of Tahoe, Reno and NewReno alike: they differ only in loss recovery.
//
//   slow start (cwnd < ssthresh):  cwnd += min(acked, SMSS)         per ACK
//   congestion avoidance:          cwnd += SMSS * SMSS / cwnd       per ACK (eq. 3)
//   after a loss:                  ssthresh = max(FlightSize / 2, 2 * SMSS)   (eq. 4)
// With hystart_pp, the initial slow start may end earlier by RFC 9406 HyStart++
// (hystart_pp.h), as CUBIC's can.
#pragma once

#include <optional>

#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/cc/hystart_pp.h"

namespace plab {

class Aimd final : public CongestionControl {
 public:
  struct Params {
    bool hystart_pp = false;  // aimd.hystart = rfc9406
  };
  Aimd() = default;
  explicit Aimd(const Params& params) : params_(params) {}

  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void OnRttUpdated(Time now) override;
  void OnAckReceived(const TcpState& state, const RateSample& rs, Time now) override;
  const HyStartPlusPlus& hystart_pp() const { return hspp_; }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;

 private:
  Params params_;
  HyStartPlusPlus hspp_;
  std::optional<Time> pending_rtt_;  // the RTT sample of the ACK being processed
};

}  // namespace plab
