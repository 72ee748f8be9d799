// BBR v3 (draft-ietf-ccwg-bbr-01, Cardwell, Swett, Beshay, October 2024; Google's
// Linux tcp_bbr.c v3). The model of v1 (max_bw, min_rtt) plus bounds from loss:
//   inflight_hi  the in-flight volume above which loss exceeded BBRLossThresh (2 %) of a
//                flight: a long-term ceiling, probed upward in ProbeBW_UP (§5.5.6, §5.3.3.5)
//   inflight_lo, bw_lo  short-term bounds cut by BBRBeta (0.7) on a round with loss
//                outside bandwidth probing, reset when a probe starts (§5.5.10)
//
//   Startup (pacing 2.77, cwnd 2) --bw plateau 3 rounds, or loss > 2 % over a round-->
//   Drain (pacing 1/2) --inflight <= BDP--> ProbeBW: DOWN (0.9) -> CRUISE (1.0) ->
//   REFILL (1.0, one round) -> UP (1.25, cwnd 2.25) -> DOWN ...
//   any state --min_rtt sample 5 s old--> ProbeRTT (cwnd 0.5 BDP for 200 ms + 1 round)
//
// Sections cited as "§" are draft-ietf-ccwg-bbr-01's. What this implementation leaves
// out or approximates (each said where it applies):
//   - the loss rate of a flight (draft: per packet, rs.lost / rs.tx_in_flight) is read
//     over a packet-timed round: bytes judged lost since the round began over the bytes
//     in flight when it began (the flight the round's ACKs answer);
//   - the random parts (probe wait 2-3 s, rounds_since_bw_probe 0-1) are fixed at their
//     parameter's value so that runs stay deterministic without a random stream;
//   - no ECN response (the draft's is optional, §5.5.7 alpha), no ACK-aggregation
//     allowance (extra_acked = 0, §5.5.5), no idle restart (§5.4): a bulk sender.
#pragma once

#include <cstdint>

#include "transport/tcp/cc/bbr_recovery_window.h"
#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/cc/windowed_max_filter.h"

namespace plab {

class Bbr3 final : public CongestionControl {
 public:
  struct Params {
    double startup_pacing_gain = 2.77;  // §2.6 BBRStartupPacingGain = 4 ln 2
    double startup_cwnd_gain = 2.0;     // §2.6 BBRStartupCwndGain
    double drain_pacing_gain = 0.5;     // §5.3.2: 1 / BBRStartupCwndGain
    double loss_thresh = 0.02;          // §2.7 BBRLossThresh
    double beta = 0.7;                  // §2.7 BBRBeta
    double headroom = 0.15;             // §2.7 BBRHeadroom
    double probe_rtt_cwnd_gain = 0.5;   // §2.8 BBRProbeRTTCwndGain
    Time probe_rtt_interval = Time::FromSeconds(5);
    Time probe_rtt_duration = Time::FromMilliseconds(200);
    Time min_rtt_window = Time::FromSeconds(10);     // §2.8 MinRTTFilterLen
    Time probe_wait = Time::FromMilliseconds(2500);  // §5.3.3.5.3: 2 s + random 0-1 s
    int max_bw_filter_cycles = 2;                    // §2.9 MaxBwFilterLen
    int full_bw_rounds = 3;                          // §5.3.1.2
    double full_bw_threshold = 1.25;                 // §5.3.1.2
    int startup_full_loss_count = 6;                 // §5.3.1.3 BBRStartupFullLossCnt
    int min_pipe_cwnd_segments = 4;                  // §2.8 BBRMinPipeCwnd
    double pacing_margin = 0.01;                     // §5.6.2 BBRPacingMarginPercent
  };
  enum class State { kStartup, kDrain, kProbeBwDown, kProbeBwCruise, kProbeBwRefill, kProbeBwUp, kProbeRtt };

  explicit Bbr3(const Params& params) : params_(params), max_bw_filter_(params.max_bw_filter_cycles) {}

  void OnAck(const TcpState&, uint64_t, Time) override {}  // the window is set per ACK below
  void OnAckReceived(const TcpState& state, const RateSample& rs, Time now) override;
  void OnRttUpdated(Time now) override;
  void EnterRecovery(const TcpState& state, int inflation_segments) override;
  void ExitRecovery(uint64_t cap) override;
  void OnEcnEcho(const TcpState& /*state*/) override {}  // no ECN response (header)
  int64_t BandwidthEstimateBps() const override { return static_cast<int64_t>(max_bw_); }
  int64_t PacingRateBps() const override;

  State state() const { return state_; }
  static const char* StateName(State s);
  double max_bw_bps() const { return max_bw_; }
  double bw_bps() const { return bw_; }
  Time min_rtt() const { return min_rtt_; }
  bool full_bw_reached() const { return full_bw_reached_; }
  static constexpr uint64_t kUnbounded = UINT64_MAX;
  uint64_t inflight_hi() const { return inflight_hi_; }
  uint64_t inflight_lo() const { return inflight_lo_; }
  double pacing_gain() const { return pacing_gain_; }
  double cwnd_gain() const { return cwnd_gain_; }
  // BBRBDPMultiple(bw, gain) of §5.6.4.2, bytes (0 before a model).
  double BdpMultiple(double gain) const;

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& state) override;

 private:
  enum class AckPhase { kInit, kProbeStarting, kProbeFeedback, kProbeStopping, kRefilling };

  void UpdateRound(const RateSample& rs);
  void UpdateLatestDeliverySignals(const TcpState& state, const RateSample& rs);
  void UpdateCongestionSignals(const TcpState& state, const RateSample& rs);
  void AdaptLowerBoundsFromCongestion();
  void CheckFullBwReached(const RateSample& rs);
  void CheckStartupDone();
  void CheckStartupHighLoss();
  void CheckDrain(const TcpState& state, Time now);
  void UpdateProbeBwCyclePhase(const TcpState& state, const RateSample& rs, Time now);
  void AdaptUpperBounds(const TcpState& state, const RateSample& rs, Time now);
  bool IsInflightTooHigh() const;
  void HandleInflightTooHigh(const RateSample& rs, Time now);
  void ProbeInflightHiUpward(const TcpState& state, const RateSample& rs);
  void RaiseInflightHiSlope();
  bool IsTimeToProbeBw(Time now);
  bool IsTimeToCruise(const TcpState& state) const;
  bool IsTimeToGoDown(const TcpState& state);
  void CheckProbeRtt(const TcpState& state, Time now);
  void AdvanceLatestDeliverySignals(const RateSample& rs);
  void SetPacingRate();
  void SetCwnd(const TcpState& state, const RateSample& rs);

  void EnterStartup();
  void EnterDrain();
  void EnterProbeBw(Time now);
  void StartProbeBwDown(Time now);
  void StartProbeBwCruise();
  void StartProbeBwRefill();
  void StartProbeBwUp(const RateSample& rs);
  void EnterProbeRtt();
  void ExitProbeRtt(Time now);
  void HandleProbeRtt(const TcpState& state, Time now);
  void StartRound() { next_round_delivered_ = delivered_; }
  void ResetFullBw();
  void ResetLowerBounds();
  bool IsInProbeBw() const;
  bool IsProbingBw() const;
  uint64_t Inflight(double gain) const;  // §5.6.4.2 BBRInflight: BDP multiple + quanta
  uint64_t InflightWithHeadroom() const;
  uint64_t TargetInflight() const;
  uint64_t ProbeRttCwnd() const;
  uint64_t MinPipeCwnd() const { return static_cast<uint64_t>(params_.min_pipe_cwnd_segments) * mss_; }

  Params params_;
  State state_ = State::kStartup;
  double pacing_gain_ = 2.77;
  double cwnd_gain_ = 2.0;
  double pacing_rate_bps_ = 0;
  uint64_t initial_cwnd_ = 0;

  // Rounds (§5.5.1): one per flight, counted by delivered bytes.
  uint64_t delivered_ = 0;  // C.delivered
  uint64_t next_round_delivered_ = 0;
  int64_t round_count_ = 0;
  bool round_start_ = false;

  // The model (§5.5.2, §5.5.3).
  WindowedMaxFilter max_bw_filter_;
  int64_t cycle_count_ = 0;
  double max_bw_ = 0;
  double bw_ = 0;  // min(max_bw, bw_lo)
  Time min_rtt_ = Time::Infinite();
  Time min_rtt_stamp_;
  Time probe_rtt_min_delay_ = Time::Infinite();
  Time probe_rtt_min_stamp_;
  bool probe_rtt_expired_ = false;

  // Full pipe (§5.3.1.2).
  double full_bw_ = 0;
  int full_bw_count_ = 0;
  bool full_bw_now_ = false;
  bool full_bw_reached_ = false;

  // Latest delivery signals and the loss of the current round (§5.5.6, §5.5.10).
  double bw_latest_ = 0;
  uint64_t inflight_latest_ = 0;
  uint64_t loss_round_delivered_ = 0;
  bool loss_round_start_ = false;
  bool loss_in_round_ = false;
  uint64_t lost_in_round_ = 0;
  uint64_t tx_in_flight_ = 0;  // bytes in flight when the round began (header)
  int loss_events_in_round_ = 0;
  bool last_ack_had_loss_ = false;
  uint64_t delivered_in_round_ = 0;
  bool round_counters_stale_ = false;   // the round closed on the last ACK: reset on the next
  bool probe_rtt_expiry_seen_ = false;  // OnRttUpdated found the 5 s window over

  // Bounds.
  uint64_t inflight_hi_ = kUnbounded;
  uint64_t inflight_lo_ = kUnbounded;
  double bw_lo_ = 0;  // 0 = unbounded
  bool bw_lo_set_ = false;

  // ProbeBW (§5.3.3).
  AckPhase ack_phase_ = AckPhase::kInit;
  Time cycle_stamp_;
  int rounds_since_bw_probe_ = 0;
  int bw_probe_samples_ = 0;
  int bw_probe_up_rounds_ = 0;
  uint64_t bw_probe_up_acks_ = 0;
  uint64_t probe_up_cnt_ = UINT64_MAX;

  // ProbeRTT (§5.3.4).
  Time probe_rtt_done_stamp_ = Time::Infinite();
  bool probe_rtt_round_done_ = false;

  // Loss recovery (§5.6.4.4).
  BbrRecoveryWindow recovery_window_;  // also holds ProbeRTT's saved window (BBRSaveCwnd)
};

}  // namespace plab
