// Congestion control: the axis that decides how big the window is (QUICHE
// SendAlgorithmInterface / ns-3 TcpCongestionOps). The sender owns reliability and
// the RTT estimate; an algorithm owns how cwnd grows and how far ssthresh falls.
// Optional hooks have no-op defaults.
#pragma once

#include <cstdint>

#include "sim/time.h"
#include "transport/tcp/rate_sample.h"
#include "transport/tcp/tcp_state.h"

namespace plab {

class CongestionControl {
 public:
  virtual ~CongestionControl() = default;
  virtual const char* name() const = 0;

  // Newly acknowledged bytes outside loss recovery: grow cwnd.
  virtual void OnAck(TcpState& state, uint64_t acked_bytes, Time now) = 0;

  // The ssthresh to use after a loss detected with `flight_size` bytes outstanding.
  virtual uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) = 0;

  // A valid (Karn) RTT sample was taken.
  virtual void OnRttSample(Time /*rtt*/, Time /*now*/) {}

  // Every ACK, new or duplicate, after the sender has updated snd_una and the
  // scoreboard, with the ACK's delivery-rate sample (bandwidth estimators count
  // delivered data here, also during loss recovery; BBR sets its window here).
  virtual void OnAckReceived(TcpState& /*state*/, const RateSample& /*rs*/, Time /*now*/) {}

  // Estimated bottleneck bandwidth, bits per second; 0 if the algorithm has none.
  virtual int64_t BandwidthEstimateBps() const { return 0; }
  // Pacing rate in bits per second; 0 = send as the window allows (no pacing).
  virtual int64_t PacingRateBps() const { return 0; }

  // The retransmission timer fired; the sender has already set ssthresh and cwnd.
  virtual void OnRetransmissionTimeout(TcpState& /*state*/) {}
};

}  // namespace plab
