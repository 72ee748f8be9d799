// BBR v1 (Cardwell, Cheng, Gunn, Hassas Yeganeh, Jacobson, "BBR: Congestion-Based
// Congestion Control", ACM Queue 2016; draft-cardwell-iccrg-bbr-congestion-control-00;
// Linux tcp_bbr.c). BBR models the path by two numbers and paces at their product:
//   BtlBw  = windowed max of delivery-rate samples over the last 10 round trips
//   RTprop = windowed min of RTT samples over the last 10 seconds
//   pacing_rate = pacing_gain x BtlBw,  cwnd = cwnd_gain x BtlBw x RTprop (+ 3 segments)
//
//   Startup --(bw grew < 25 % for 3 rounds)--> Drain --(inflight <= BDP)--> ProbeBW
//      gains 2/ln2                               pacing 1/(2/ln2)            gain cycle
//                                                                            5/4 3/4 1 1 1 1 1 1
//   any state --(RTprop not refreshed for 10 s)--> ProbeRTT (cwnd 4 for 200 ms + 1 round)
//
// Loss does not reduce the model (v1), but it modulates the window (draft-cardwell-iccrg-
// bbr-congestion-control-00 §4.2.3.4, Linux bbr_set_cwnd_to_recover_or_restore): cwnd is
// saved on entering loss recovery or at a timeout, shrinks by the bytes judged lost, holds
// packet conservation (cwnd = pipe + delivered) for the first round of fast recovery, and
// is restored to max(cwnd, prior_cwnd) when recovery ends (then bounded by the model).
// The ProbeBW cycle starts at a fixed phase (Linux draws it at random) so that runs
// stay deterministic without a random stream in the algorithm.
#pragma once

#include <array>

#include "transport/tcp/cc/bbr_recovery_window.h"
#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/cc/windowed_max_filter.h"

namespace plab {

class Bbr final : public CongestionControl {
 public:
  struct Params {
    double high_gain = 2.88539;  // 2 / ln 2: doubles the sending rate each round
    double cwnd_gain = 2.0;
    int bw_window_rounds = 10;
    Time min_rtt_window = Time::FromSeconds(10);
    Time probe_rtt_duration = Time::FromMilliseconds(200);
    int min_cwnd_segments = 4;
    double full_bw_threshold = 1.25;
    int full_bw_rounds = 3;
    int start_phase = 2;  // index into the gain cycle
    // Count a round only on an ACK with a valid rate sample (Linux bbr_update_bw, ns-3.44
    // TcpBbr::UpdateBottleneckBandwidth); false: on every delivering ACK (the draft).
    bool rounds_on_valid_samples = false;
    // ns-3.44's TcpBbr window target extras (bbr.window_extras = ns3): the ACK
    // aggregation estimate and 2 segments in ProbeBW's 1.25 phase (UpdateWindowExtras).
    bool ns3_window_extras = false;
  };
  enum class Mode { kStartup, kDrain, kProbeBw, kProbeRtt };

  explicit Bbr(const Params& params) : params_(params), btl_bw_filter_(params.bw_window_rounds) {}

  void OnAck(const TcpState&, uint64_t, Time) override {}  // the window is set per ACK below
  void OnAckReceived(const TcpState& state, const RateSample& rs, Time now) override;
  void OnRttUpdated(Time now) override;
  // Loss recovery's questions, answered per draft §4.2.3.4 (see the header comment): the
  // window itself is set on the ACK, in BbrRecoveryWindow::Modulate.
  void EnterRecovery(const TcpState& state, int inflation_segments) override;
  void ExitRecovery(uint64_t cap) override;
  // BBR v1 does not answer ECN (Cardwell et al. 2016: its model reads delivery rate
  // and RTT only); the marks pass unanswered.
  void OnEcnEcho(const TcpState& /*state*/) override {}
  int64_t BandwidthEstimateBps() const override { return static_cast<int64_t>(btl_bw_bps_); }
  int64_t PacingRateBps() const override;

  Mode mode() const { return mode_; }
  // RTprop: BBR's own windowed minimum (10 s), not the connection's all-time minimum.
  Time min_rtt() const { return min_rtt_; }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& state) override;

 private:
  void UpdateRound(const RateSample& rs);
  void UpdateBtlBw(const RateSample& rs);
  void CheckFullPipe(const RateSample& rs);
  void UpdateMode(const TcpState& state, Time now);
  void AdvanceCyclePhase(const TcpState& state, Time now);
  void SetCwnd(const TcpState& state, const RateSample& rs);
  double Bdp() const;  // bytes
  void EnterProbeBw(Time now);
  // ns-3.44 TcpBbr::UpdateAckAggregation, with its arithmetic: the epoch's age in whole
  // seconds (a uint32_t), restarted once 4096 bytes have been ACKed in it.
  void UpdateAckAggregation(const RateSample& rs, Time now);
  // What ns-3.44 adds to cwnd_gain x BDP + 3 segments (bbr.window_extras = ns3).
  uint64_t WindowExtras(const TcpState& state) const;

  static constexpr std::array<double, 8> kGainCycle = {1.25, 0.75, 1, 1, 1, 1, 1, 1};

  Params params_;
  Mode mode_ = Mode::kStartup;
  double pacing_gain_ = 2.88539;
  double cwnd_gain_ = 2.88539;

  // Round counting by delivered bytes.
  uint64_t next_round_delivered_ = 0;
  int64_t round_count_ = 0;
  bool round_start_ = false;

  // BtlBw max filter: the best sample of each of the last bw_window_rounds rounds.
  WindowedMaxFilter btl_bw_filter_;
  double btl_bw_bps_ = 0;

  Time min_rtt_ = Time::Infinite();
  Time min_rtt_stamp_;

  double full_bw_bps_ = 0;
  int full_bw_count_ = 0;
  bool filled_pipe_ = false;

  int cycle_index_ = 0;
  Time cycle_stamp_;

  Time probe_rtt_done_;
  bool probe_rtt_round_done_ = false;
  BbrRecoveryWindow recovery_window_;  // draft §4.2.3.4; also holds ProbeRTT's saved window
  uint64_t initial_cwnd_ = 0;

  // ACK aggregation (ns-3.44 TcpBbr: m_extraAcked, m_extraAckedWinRtt, m_ackEpochTime,
  // m_ackEpochAcked), bytes.
  std::array<uint64_t, 2> extra_acked_ = {0, 0};
  int extra_acked_index_ = 0;
  int extra_acked_win_rtts_ = 0;
  Time ack_epoch_time_;
  uint64_t ack_epoch_acked_ = 0;
};

}  // namespace plab
