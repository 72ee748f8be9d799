// Slow start + congestion avoidance, AIMD (RFC 5681 §3.1; Jacobson 1988). The window
// law of Tahoe, Reno and NewReno alike: they differ only in loss recovery.
//
//   slow start (cwnd < ssthresh):  cwnd += min(acked, SMSS)         per ACK
//   congestion avoidance:          cwnd += SMSS * SMSS / cwnd       per ACK (eq. 3)
//   after a loss:                  ssthresh = max(FlightSize / 2, 2 * SMSS)   (eq. 4)
#pragma once

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

class Aimd final : public CongestionControl {
 public:
  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
};

}  // namespace plab
