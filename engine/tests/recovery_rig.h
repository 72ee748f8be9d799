// What loss recovery asks of a sender (RecoveryActions), for tests that drive a recovery
// with chosen ACKs: a real scoreboard, RTT statistics (one 50 ms sample unless told
// otherwise: SRTT 50 ms, RTTVAR 25 ms) and an AIMD window, a clock the test moves, and
// counters of what the recovery did. A retransmission is recorded on the scoreboard as
// sent now.
#pragma once

#include <cstdint>

#include "transport/tcp/cc/aimd.h"
#include "transport/tcp/recovery/loss_recovery.h"
#include "transport/tcp/scoreboard.h"

namespace plab::testing {

class RecoveryRig : public RecoveryActions {
 public:
  static constexpr uint32_t kMss = 1000;

  explicit RecoveryRig(uint64_t cwnd_segments, bool rtt_sample = true) {
    state.mss = kMss;
    state.dupack_threshold = 3;
    cc.Init(&rtt, kMss, cwnd_segments * kMss);
    if (rtt_sample) rtt.OnSample(Time::FromMilliseconds(50));
  }

  void Advance(int ms) { now_ = now_ + Time::FromMilliseconds(ms); }
  double cwnd_segments() const { return static_cast<double>(cc.cwnd()) / kMss; }
  double ssthresh_segments() const { return static_cast<double>(cc.ssthresh()) / kMss; }

  // RecoveryActions
  void RetransmitFirstUnacked() override {
    ++retransmissions;
    if (state.snd_una < state.snd_max) sb.OnSent(state.snd_una, kMss, now_, true, false);
  }
  void GoBackN() override {}
  void RestartRetransmissionTimer() override {}
  void NoteFastRetransmit() override { ++recoveries; }
  void NotePartialAck() override { ++partial_acks; }
  void NoteEarlyRetransmit() override { ++early_retransmits; }
  CongestionControl& congestion_control() override { return cc; }
  Scoreboard& scoreboard() override { return sb; }
  Time now() const override { return now_; }
  const RttStats& rtt_stats() const override { return rtt; }

  TcpState state;
  RttStats rtt{RttStats::Params{}};
  Aimd cc;
  Scoreboard sb{kMss};
  int retransmissions = 0;
  int recoveries = 0;  // fast retransmits: window cuts
  int partial_acks = 0;
  int early_retransmits = 0;

 protected:
  Time now_ = Time::FromSeconds(1);
};

}  // namespace plab::testing
