// HyStart++ (RFC 9406): slow start that leaves early, on a rise of the round's least RTT,
// into Conservative Slow Start (CSS), before the queue overflows.
//
//   rounds     a round ends when the ACK of the window's last byte arrives (windowEnd =
//              SND.NXT at the round's start, §4.2); each keeps its least RTT sample
//              (currentRoundMinRTT) and counts its samples (rttSampleCount).
//   slow start once a round has N_RTT_SAMPLE = 8 samples and the last round has a least
//              RTT: RttThresh = clamp(lastRoundMinRTT / MIN_RTT_DIVISOR (8), MIN_RTT_THRESH
//              4 ms, MAX_RTT_THRESH 16 ms); if currentRoundMinRTT >= lastRoundMinRTT +
//              RttThresh, cssBaselineMinRtt = currentRoundMinRTT and CSS begins.
//   CSS        the window grows by a CSS_GROWTH_DIVISOR = 4th of slow start's step; once
//              a round has 8 samples and currentRoundMinRTT < cssBaselineMinRtt, the rise
//              was spurious: back to slow start. After CSS_ROUNDS = 5 rounds in CSS,
//              congestion avoidance (ssthresh = cwnd).
//   loss       in slow start or CSS: the control's own answer sets ssthresh, which ends
//              both (§4.2: "enter congestion avoidance").
// Only the first slow start (ssthresh still unset, §4.2: "SHOULD use HyStart++ only for
// the initial slow start"); the control calls Step on every ACK of new data while
// cwnd < ssthresh, with the ACK's RTT sample if it had one (Karn's rule applies).
#pragma once

#include <cstdint>
#include <optional>

#include "sim/time.h"

namespace plab {

class HyStartPlusPlus {
 public:
  // RFC 9406 §4.3.
  static constexpr Time kMinRttThresh = Time::FromMilliseconds(4);
  static constexpr Time kMaxRttThresh = Time::FromMilliseconds(16);
  static constexpr int64_t kMinRttDivisor = 8;
  static constexpr int kNRttSample = 8;
  static constexpr uint64_t kCssGrowthDivisor = 4;
  static constexpr int kCssRounds = 5;

  enum class Phase { kSlowStart, kConservative };

  struct Step {
    uint64_t growth_divisor = 1;   // of slow start's increase for this ACK
    bool enter_avoidance = false;  // CSS ran CSS_ROUNDS rounds: ssthresh = cwnd
  };

  // An ACK of new data in the initial slow start: snd_una after it, snd_max (the
  // sender's SND.NXT, for the next round's end), and its RTT sample if any.
  Step OnAck(uint64_t snd_una, uint64_t snd_max, std::optional<Time> rtt);

  Phase phase() const { return phase_; }
  // What the rule compares (for tests): RttThresh for the current lastRoundMinRTT.
  std::optional<Time> rtt_thresh() const;
  int css_rounds() const { return css_rounds_; }

 private:
  void StartRound(uint64_t snd_max);

  Phase phase_ = Phase::kSlowStart;
  bool round_started_ = false;
  uint64_t window_end_ = 0;
  std::optional<Time> last_round_min_rtt_, current_round_min_rtt_, css_baseline_min_rtt_;
  int rtt_sample_count_ = 0;
  int css_rounds_ = 0;  // rounds begun in CSS
};

}  // namespace plab
