// Congestion control: the axis that decides how big the window is (QUICHE
// SendAlgorithmInterface / ns-3 TcpCongestionOps). It is the one owner of cwnd and
// ssthresh: the sender and loss recovery tell it what happened and ask it what the
// window is now; nobody else writes them. The sender owns reliability and the RTT
// statistics (RttStats, shared and read-only here).
//
// Loss recovery asks the window to answer a loss in one of a few classic ways, each
// a method below with the RFC rule as its default; an algorithm overrides the ones it
// answers differently (BBR keeps its model; a fixed window ignores them all):
//   RestartAfterLoss        Tahoe: ssthresh from the algorithm, cwnd = 1 SMSS
//   EnterRecovery(k)        Reno/NewReno: cwnd = ssthresh + k SMSS (k dupacks); SACK: k = 0
//   InflateForDupAck        Reno fast recovery: cwnd += SMSS per further dupack
//   DeflateOnPartialAck(n)  NewReno partial ACK (RFC 6582 §3.2 step 5)
//   ExitRecovery(cap)       cwnd = min(ssthresh, cap); a cap below ssthresh (NewReno's
//                           burst guard) presumes the control slow-starts back up
//   ExitRecoveryKeeping(x)  cwnd = ssthresh + x: TCP-ER's Algorithm 1 below 4 packets
//   OnRetransmissionTimeout RFC 5681 §3.1 eq. 4 and a loss window of 1 SMSS
// A rate-based algorithm has no window and does not implement this interface.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>

#include <nlohmann/json_fwd.hpp>

#include "sim/time.h"
#include "transport/rtt_stats.h"
#include "transport/tcp/cc/hystart_pp.h"
#include "transport/tcp/rate_sample.h"
#include "transport/tcp/tcp_header.h"
#include "transport/tcp/tcp_state.h"

namespace plab {

class Scheduler;

class CongestionControl {
 public:
  static constexpr uint64_t kNoSsthresh = std::numeric_limits<uint64_t>::max();

  virtual ~CongestionControl() = default;

  // Called once by the sender before anything else: the shared RTT statistics, the
  // segment size and the initial window (RFC 5681 §3.1 / RFC 6928), in bytes.
  void Init(const RttStats* rtt, uint32_t mss, uint64_t initial_cwnd) {
    rtt_ = rtt;
    mss_ = mss;
    cwnd_ = initial_cwnd;
    AfterInit();
  }

  // The simulation's clock, set by the sender before Init, for an algorithm that says
  // when something happened although the call does not carry the time (the `custom`
  // control's trace of a round times its on_loss and on_timeout calls by it).
  void SetClock(const Scheduler* clock) { clock_ = clock; }

  uint64_t cwnd() const { return cwnd_; }
  // "Arbitrarily high" (kNoSsthresh) until the first loss (RFC 5681 §3.1).
  uint64_t ssthresh() const { return ssthresh_; }
  bool ssthresh_set() const { return ssthresh_ != kNoSsthresh; }
  bool InSlowStart() const { return cwnd_ < ssthresh_; }

  // Estimated bottleneck bandwidth, bits per second; 0 if the algorithm has none.
  virtual int64_t BandwidthEstimateBps() const { return 0; }
  // Pacing rate in bits per second; 0 = send as the window allows (no pacing).
  virtual int64_t PacingRateBps() const { return 0; }

  // ---- what the sender reports ------------------------------------------------------

  // Newly acknowledged bytes outside loss recovery: grow cwnd.
  virtual void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) = 0;
  // Every ACK, new or duplicate, after the sender has updated snd_una and the
  // scoreboard, with the ACK's delivery-rate sample (bandwidth estimators count
  // delivered data here, also during loss recovery; BBR sets its window here).
  virtual void OnAckReceived(const TcpState& /*state*/, const RateSample& /*rs*/, Time /*now*/) {}
  // The RTT statistics took a valid (Karn) sample: rtt().latest_rtt().
  virtual void OnRttUpdated(Time /*now*/) {}
  // The fields a receiver wrote into an ACK, before the sender acts on it: a
  // receiver-driven algorithm (TCP-Real) reads its decisions from header.option. Only
  // called when reads_ack_header() (set in the algorithm's constructor).
  virtual void OnAckHeader(const TcpHeader& /*header*/, Time /*now*/) {}
  bool reads_ack_header() const { return reads_ack_header_; }
  // Fields of this algorithm on every data segment (TCP-Real announces its window).
  // Only called when writes_data_header().
  virtual void WriteDataHeader(TcpHeader& /*header*/) const {}
  bool writes_data_header() const { return writes_data_header_; }
  // The retransmission timer fired: ssthresh from the algorithm (RFC 5681 §3.1 eq. 4),
  // or the one set before with `hold_ssthresh` (once set), cwnd = 1 SMSS; then
  // AfterRetransmissionTimeout.
  void OnRetransmissionTimeout(const TcpState& state, bool hold_ssthresh = false);
  // Asked right after OnRetransmissionTimeout: whether the sender doubles its RTO
  // (RFC 6298 §5.5). TCP-Real cancels the back-off of a timeout its DACK bit excuses.
  virtual bool BacksOffRetransmissionTimer() const { return true; }

  // What the algorithm recorded for the result document beside its flow's summary
  // (the `custom` control's program_trace), added to the flow's entry `flow`; most
  // algorithms record nothing. Observability only: nothing here changes the run.
  virtual void AppendReport(nlohmann::ordered_json& /*flow*/) const {}

  // ---- ECN (RFC 3168), for a flow that negotiated it ---------------------------------

  // Every ACK, after the sender has processed it: the bytes it newly acknowledged and
  // whether it carried ECN-Echo. DCTCP measures its fraction of marked bytes here
  // (RFC 8257 §3.3); a classic control does nothing.
  virtual void OnEcnAck(const TcpState& /*state*/, uint64_t /*acked_bytes*/, bool /*ece*/) {}
  // The sender's answer to ECN-Echo, asked at most once per window of data and never
  // during loss recovery (the sender keeps that rule, RFC 3168 §6.1.2): reduce the
  // window as for a loss, with nothing to retransmit. Default: ssthresh from
  // SsthreshAfterLoss(FlightSize) (Reno halves, CUBIC keeps beta), cwnd = ssthresh.
  virtual void OnEcnEcho(const TcpState& state);

  // ---- what loss recovery asks (see the table above) --------------------------------

  virtual void RestartAfterLoss(const TcpState& state);
  virtual void EnterRecovery(const TcpState& state, int inflation_segments);
  virtual void InflateForDupAck();
  virtual void DeflateOnPartialAck(uint64_t acked_bytes);
  virtual void ExitRecovery(uint64_t cap = kNoSsthresh);
  // Leaves recovery with cwnd = ssthresh + `extra` bytes: TCP-ER's Algorithm 1 keeps its
  // inflation through the Recover ACK (recovery/early_retransmit.h).
  void ExitRecoveryKeeping(uint64_t extra);

 protected:
  // A pacing rate from a window over an RTT, in bits per second, at most 8e15 (1e15
  // bytes/s, as the `custom` control's bound): a huge window over a tiny RTT must not
  // overflow the integer (UBSan found Copa's at 9.3e18).
  static int64_t PacingBps(double bits_per_second) {
    return static_cast<int64_t>(std::clamp(bits_per_second, 0.0, 8e15));
  }

  // The ssthresh after a loss detected with `flight_size` bytes outstanding.
  virtual uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) = 0;
  // The ssthresh after a retransmission timeout: SsthreshAfterLoss's unless the
  // algorithm answers a timeout otherwise (the `custom` control's on_timeout).
  virtual uint64_t SsthreshAfterTimeout(const TcpState& state, uint64_t flight_size) {
    return SsthreshAfterLoss(state, flight_size);
  }
  // After OnRetransmissionTimeout has set ssthresh and cwnd.
  virtual void AfterRetransmissionTimeout(const TcpState& /*state*/) {}
  // After Init: an algorithm whose window does not start at the initial window.
  virtual void AfterInit() {}

  // Slow start + congestion avoidance of RFC 5681 §3.1, for every algorithm that grows
  // like Reno (AIMD, Westwood+, CUBIC's slow start, Vegas's fallback):
  //   slow start: cwnd += min(acked, SMSS); avoidance: cwnd += SMSS^2 / cwnd (eq. 3).
  void RenoIncrease(const TcpState& state, uint64_t acked_bytes);
  // RenoIncrease's slow start under RFC 9406 HyStart++ (hystart_pp.h), for the initial
  // slow start of an algorithm that holds a HyStartPlusPlus (CUBIC's and AIMD's
  // `hystart = rfc9406`): slow start's step, a CSS_GROWTH_DIVISOR-th of it in
  // Conservative Slow Start, ssthresh = cwnd once CSS ran CSS_ROUNDS rounds. `rtt` is
  // this ACK's RTT sample, if it had one (Karn's rule).
  void HyStartPlusPlusIncrease(HyStartPlusPlus& hystart, const TcpState& state, uint64_t acked_bytes,
                               std::optional<Time> rtt);

  const RttStats& rtt() const { return *rtt_; }
  const Scheduler* clock() const { return clock_; }  // nullptr outside a sender

  uint32_t mss_ = 1000;
  uint64_t cwnd_ = 0;
  uint64_t ssthresh_ = kNoSsthresh;
  bool reads_ack_header_ = false;
  bool writes_data_header_ = false;
  // The window just before the last retransmission timeout (an algorithm that keeps
  // its window across a timeout restores these in AfterRetransmissionTimeout).
  uint64_t cwnd_before_timeout_ = 0;
  uint64_t ssthresh_before_timeout_ = kNoSsthresh;

 private:
  const RttStats* rtt_ = nullptr;
  const Scheduler* clock_ = nullptr;
};

}  // namespace plab
