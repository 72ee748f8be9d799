// CUBIC (RFC 9438). After a congestion event at window W_max (segments), the window
// follows a cubic function of the time t since the event, flat around W_max:
//   W_cubic(t) = C (t - K)^3 + W_max,   K = cbrt((W_max - cwnd_epoch) / C)     (§4.2)
// with C = 0.4 and beta = 0.7 (§4.6: ssthresh = cwnd = beta x cwnd at the event).
// Each ACK moves cwnd toward target = W_cubic(t + RTT), clamped to [cwnd, 1.5 cwnd]
// (§4.4), but never below the Reno-friendly estimate W_est, which grows by
// alpha = 3 (1 - beta) / (1 + beta) segments per window (§4.3). Fast convergence
// (§4.7): a loss below the last W_max remembers less, W_max = cwnd (1 + beta) / 2.
// Slow start is standard, or ends early by HyStart as ns-3.44's TcpCubic does
// (hystart = ns3, see Ns3HyStart below), or by RFC 9406 HyStart++ (hystart = rfc9406,
// hystart_pp.h; RFC 9438 §4.10 allows it). The cube root is our own Newton iteration:
// native and WASM libm may differ in the last bit.
#pragma once

#include <optional>

#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/cc/hystart_pp.h"

namespace plab {

class Cubic final : public CongestionControl {
 public:
  struct Params {
    double c = 0.4;     // RFC 9438 §5.1
    double beta = 0.7;  // RFC 9438 §4.6
    bool fast_convergence = true;
    // kNs3: ns-3.44 TcpCubic's hybrid slow start (its default, attribute HyStart=true).
    // kRfc9406: RFC 9406 HyStart++ with its Conservative Slow Start (hystart_pp.h).
    enum class HyStart { kNone, kNs3, kRfc9406 } hystart = HyStart::kNone;
    // kNs3: ns-3.44 TcpCubic's window law (Linux bictcp's integer arithmetic), see Ns3Law.
    enum class Law { kRfc9438, kNs3 } law = Law::kRfc9438;
  };
  explicit Cubic(const Params& params) : params_(params) {}

  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void OnAckReceived(const TcpState& state, const RateSample& rs, Time now) override;
  void OnRttUpdated(Time now) override;

  // W_cubic(t) in segments for the current epoch (for tests and plots).
  double WindowAt(Time since_epoch) const;
  double w_max() const { return w_max_; }
  double k_seconds() const { return k_; }
  const HyStartPlusPlus& hystart_pp() const { return hspp_; }

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

  // ns-3.44 TcpCubic's HyStart (src/internet/model/tcp-cubic.cc), which follows Linux's
  // bictcp HyStart (Ha & Rhee 2008), not RFC 9406 HyStart++. With its default
  // attributes: HyStartLowWindow 16 segments, HyStartDetect BOTH, HyStartMinSamples 8,
  // HyStartAckDelta 2 ms, HyStartDelayMin 4 ms, HyStartDelayMax 1 s, CubicDelta 10 ms.
  // ns-3 calls PktsAcked on every ACK (new or duplicate, in recovery too) with the
  // smoothed RTT, before IncreaseWindow; slow start then ends (ssthresh = cwnd) when
  //  - an ACK train: ACKs no more than 2 ms apart have run for longer than delay_min
  //    since the round began, or
  //  - a delay increase: the least of a round's first 8 smoothed RTTs exceeds delay_min
  //    + clamp(delay_min, 4 ms, 1 s), delay_min being the least smoothed RTT seen.
  // Once found, it stays found until a retransmission timeout (ns-3's CubicReset).
  struct Ns3HyStart {
    bool found = false;
    Time round_start, last_ack;
    uint64_t end_seq = 0;  // a round ends when snd_una passes it
    std::optional<Time> delay_min, curr_rtt;
    int samples = 0;
    bool acked_this_ack = false;  // PktsAcked already ran in OnAck for this ACK
    uint64_t last_una = 0;
  };
  // ns-3.44 TcpCubic's IncreaseWindow, Update and GetSsThresh (law = ns3): in whole
  // segments as Linux bictcp. Slow start adds every segment an ACK covers; in
  // congestion avoidance cwnd grows by one segment once `cnt` segments were acked since
  // the last growth, cnt = cwnd / (target - cwnd) with target = origin +- C |t - K|^3
  // (truncated to segments) at t = now + delay_min - epoch start, delay_min being the
  // least smoothed RTT (PktsAcked's); cnt at most 20 before the first loss (CntClamp),
  // at most cwnd / (W_tcp - cwnd) when the Reno estimate W_tcp (one segment per
  // cwnd x 15 / 8 acked, Linux's beta_scale) is ahead, and at least 2.
  struct Ns3Law {
    uint32_t cwnd_cnt = 0, last_max_cwnd = 0, origin = 0, ack_cnt = 0, tcp_cwnd = 0;
    double k = 0;
    std::optional<Time> epoch_start;
    uint64_t bytes_not_processed = 0;
    bool increase_pending = false;  // OnAck saw a new ACK outside recovery
    bool was_in_recovery = false;   // at the last ACK
  };
  bool ns3_law() const { return params_.law == Params::Law::kNs3; }
  void Ns3IncreaseWindow(const TcpState& state, uint64_t acked_bytes, Time now);
  uint32_t Ns3Update(uint32_t segments_acked, Time now);
  uint64_t Ns3SsthreshAfterLoss();
  Ns3Law ns3_;
  bool hystart() const { return params_.hystart == Params::HyStart::kNs3; }
  void HystartReset(Time now, uint64_t snd_max);
  void HystartPktsAcked(Time now);  // ns-3 TcpCubic::PktsAcked
  Ns3HyStart hs_;
  // hystart = rfc9406: the initial slow start's HyStart++, and the RTT sample of the
  // ACK being processed (OnRttUpdated comes before OnAck; Karn: not every ACK has one).
  bool hystart_pp_on() const { return params_.hystart == Params::HyStart::kRfc9406; }
  HyStartPlusPlus hspp_;
  std::optional<Time> pending_rtt_;
};

// Cube root by Newton's method: deterministic across platforms.
double DeterministicCbrt(double x);

}  // namespace plab
