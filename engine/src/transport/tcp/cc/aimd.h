// Slow start + congestion avoidance, AIMD (RFC 5681 §3.1; Jacobson 1988). The window
// law of Tahoe, Reno and NewReno alike: they differ only in loss recovery.
//
//   slow start (cwnd < ssthresh):  cwnd += min(acked, SMSS)         per ACK
//   congestion avoidance:          cwnd += SMSS * SMSS / cwnd       per ACK (eq. 3)
//   after a loss:                  ssthresh = max(FlightSize / 2, 2 * SMSS)   (eq. 4)
// or, with halve_window (aimd.loss_halves = cwnd), as ns-2's Agent/TCP slowdown() does
// (tcp.cc: halfwin = int(window() / 2), window() = int(min(cwnd_, wnd_))):
//                                  ssthresh = max(floor(min(cwnd, rwnd) / 2) segments, 2 * SMSS)
// which differs from eq. 4 when the flight is not the window: an application-limited
// stream's window above its flight, limited transmit's segments past cwnd.
// With hystart_pp, the initial slow start may end earlier by RFC 9406 HyStart++
// (hystart_pp.h), as CUBIC's can.
#pragma once

#include <cstdint>
#include <optional>

#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/cc/hystart_pp.h"

namespace plab {

class Aimd final : public CongestionControl {
 public:
  struct Params {
    bool hystart_pp = false;           // aimd.hystart = rfc9406
    bool halve_window = false;         // aimd.loss_halves = cwnd (ns-2's slowdown())
    uint64_t rwnd_bytes = UINT64_MAX;  // the receiver window ns-2's window() caps cwnd at
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
