// BBR v3's rules (draft-ietf-ccwg-bbr-01), algorithm tier with no network: ACKs (rate
// samples) fed round by round on a 10 Mb/s, 100 ms path (BDP 125,000 bytes = 125
// segments), the state, bounds and window read back. Then a path test: on a buffer of
// half a BDP, v3 loses far less than v1.
#include <gtest/gtest.h>

#include <vector>

#include "test_util.h"
#include "transport/tcp/bbr3/bbr3.h"

namespace plab {
namespace {

using testing::kMss;
using B3 = Bbr3::State;

constexpr double kPathRate = 10e6;
constexpr uint64_t kPathBdp = 125000;

class Bbr3Test : public ::testing::Test {
 protected:
  void SetUp() override {
    cc_.Init(&rtt_, kMss, 10 * kMss);
    state_.mss = kMss;
    state_.pipe = 200 * kMss;  // above the BDP: Drain lasts until a test lowers it
  }

  // One ACK delivering `delivered` bytes and judging `lost` lost; the first ACK of a
  // round when `new_round` (its segment was sent after the round began).
  void Ack(bool new_round, uint64_t lost = 0, double rate = kPathRate, uint64_t delivered = kMss) {
    now_ = now_ + Time::FromMilliseconds(100.0 / kAcksPerRound);
    rtt_.OnSample(Time::FromMilliseconds(100));
    cc_.OnRttUpdated(now_);
    delivered_ += delivered;
    state_.snd_una += delivered;
    state_.snd_max = state_.snd_una + state_.pipe;
    RateSample rs;
    rs.valid = true;
    rs.delivery_rate_bps = rate;
    rs.interval = Time::FromMilliseconds(100);
    rs.delivered = sample_delivered_;
    rs.prior_delivered = new_round ? delivered_ - delivered : 0;
    rs.newly_delivered = delivered;
    rs.total_delivered = delivered_;
    rs.newly_lost = lost;
    cc_.OnAckReceived(state_, rs, now_);
    if (states_.empty() || states_.back() != cc_.state()) states_.push_back(cc_.state());
  }
  // A round of kAcksPerRound ACKs without loss.
  void Round(double rate = kPathRate) {
    Ack(true, 0, rate);
    for (int i = 1; i < kAcksPerRound; ++i) Ack(false, 0, rate);
  }
  // Startup's bandwidth plateau: three rounds without 25 % growth end it.
  void ReachProbeBw() {
    for (int i = 0; i < 5 && cc_.state() == B3::kStartup; ++i) Round();
    ASSERT_TRUE(cc_.full_bw_reached());
    state_.pipe = 100 * kMss;  // below the BDP: Drain ends
    Ack(true);
    ASSERT_EQ(cc_.state(), B3::kProbeBwCruise);  // DOWN, and at once CRUISE (inflight <= BDP)
  }

  static constexpr int kAcksPerRound = 20;
  RttStats rtt_{RttStats::Params{}};
  Bbr3 cc_{Bbr3::Params{}};
  TcpState state_;
  Time now_ = Time::FromSeconds(1);
  uint64_t delivered_ = 0;
  uint64_t sample_delivered_ = 100 * kMss;  // rs.delivered: a flight of 100 segments
  std::vector<B3> states_;
};

TEST_F(Bbr3Test, StartupGainsAndPlateauExit) {
  Ack(true);
  EXPECT_EQ(cc_.state(), B3::kStartup);
  EXPECT_DOUBLE_EQ(cc_.pacing_gain(), 2.77);  // §2.6 BBRStartupPacingGain
  EXPECT_DOUBLE_EQ(cc_.cwnd_gain(), 2.0);     // §2.6 BBRStartupCwndGain
  // §5.3.1.2: the round that sets full_bw (this one), then three without 25 % growth.
  for (int i = 0; i < 2; ++i) {
    Round();
    EXPECT_EQ(cc_.state(), B3::kStartup) << i;
  }
  Round();
  EXPECT_TRUE(cc_.full_bw_reached());
  EXPECT_EQ(cc_.state(), B3::kDrain);
  EXPECT_DOUBLE_EQ(cc_.pacing_gain(), 0.5);        // §5.3.2: 1 / BBRStartupCwndGain
  EXPECT_EQ(cc_.inflight_hi(), Bbr3::kUnbounded);  // no loss: no bound
}

// §5.3.1.3: a round in recovery losing more than BBRLossThresh (2 %) of its flight in at
// least BBRStartupFullLossCnt (6) loss events ends Startup with inflight_hi =
// max(BDP, inflight_latest).
TEST_F(Bbr3Test, StartupExitsOnLossAboveTwoPercentWithInflightHi) {
  // Bandwidth doubling each round: no plateau exit.
  Round(kPathRate / 4);
  sample_delivered_ = 150 * kMss;  // inflight_latest: 150 segments, above the BDP (125)
  cc_.EnterRecovery(state_, 0);
  Round(kPathRate / 2);
  Ack(true);  // the round whose flight is measured: 200 in flight + 2 on the next ACK
  for (int i = 0; i < 7; ++i) Ack(false, kMss);  // 7 segments of 202: 3.5 %, 7 events
  EXPECT_EQ(cc_.state(), B3::kStartup);          // judged at the end of the round
  Ack(true);
  EXPECT_TRUE(cc_.full_bw_reached());
  EXPECT_EQ(cc_.state(), B3::kDrain);
  EXPECT_EQ(cc_.inflight_hi(), 150 * kMss);
}

TEST_F(Bbr3Test, StartupKeepsGoingBelowTheLossThresholdOrWithFewLossEvents) {
  Round(kPathRate / 4);
  cc_.EnterRecovery(state_, 0);
  Round(kPathRate / 2);
  Ack(true);
  for (int i = 0; i < 3; ++i) Ack(false, kMss);  // 1.5 % of the flight
  Ack(true, 0, 2 * kPathRate);
  EXPECT_EQ(cc_.state(), B3::kStartup);
  for (int i = 0; i < 5; ++i) Ack(false, 2 * kMss, 2 * kPathRate);  // 5 % but 5 loss events (< 6)
  Ack(true, 0, 4 * kPathRate);
  EXPECT_EQ(cc_.state(), B3::kStartup);
  EXPECT_EQ(cc_.inflight_hi(), Bbr3::kUnbounded);
}

// §5.3.3: DOWN (0.9) -> CRUISE (1.0) -> after the probe wait REFILL (1.0, one round) ->
// UP (1.25, cwnd 2.25) -> DOWN once bandwidth stops growing.
TEST_F(Bbr3Test, ProbeBwCyclesThroughItsPhases) {
  ReachProbeBw();
  EXPECT_EQ(states_, (std::vector<B3>{B3::kStartup, B3::kDrain, B3::kProbeBwCruise}));
  EXPECT_DOUBLE_EQ(cc_.pacing_gain(), 1.0);
  const Time cruise_from = now_;
  // The probe wait (2.5 s here, 25 rounds) is shorter than Reno's coexistence bound
  // (min(BDP in segments, 63) rounds).
  while (cc_.state() == B3::kProbeBwCruise && now_ < cruise_from + Time::FromSeconds(10)) Ack(false);
  EXPECT_EQ(cc_.state(), B3::kProbeBwRefill);
  EXPECT_NEAR((now_ - cruise_from).seconds(), 2.5, 0.006);
  EXPECT_DOUBLE_EQ(cc_.pacing_gain(), 1.0);
  Ack(false);
  EXPECT_EQ(cc_.state(), B3::kProbeBwRefill);  // a round of REFILL
  Ack(true);
  EXPECT_EQ(cc_.state(), B3::kProbeBwUp);
  EXPECT_DOUBLE_EQ(cc_.pacing_gain(), 1.25);
  EXPECT_DOUBLE_EQ(cc_.cwnd_gain(), 2.25);
  // No growth in bandwidth: three rounds of the plateau test, then DOWN (held there
  // while inflight is above the BDP).
  state_.pipe = 200 * kMss;
  for (int i = 0; i < 2; ++i) {
    Round();
    EXPECT_EQ(cc_.state(), B3::kProbeBwUp) << i;
  }
  Ack(true);
  EXPECT_EQ(cc_.state(), B3::kProbeBwDown);
  EXPECT_DOUBLE_EQ(cc_.pacing_gain(), 0.9);
  state_.pipe = 100 * kMss;
  Ack(false);
  EXPECT_EQ(cc_.state(), B3::kProbeBwCruise);
  EXPECT_EQ(states_, (std::vector<B3>{B3::kStartup, B3::kDrain, B3::kProbeBwCruise, B3::kProbeBwRefill, B3::kProbeBwUp,
                                      B3::kProbeBwDown, B3::kProbeBwCruise}));
}

// §5.5.6: a probe whose flight loses more than 2 % sets inflight_hi = max(tx_in_flight,
// BBRBeta x target inflight) and ends UP; then inflight_hi caps cwnd (§5.6.4.7).
TEST_F(Bbr3Test, LossInUpSetsInflightHiWhichCapsTheWindow) {
  ReachProbeBw();
  while (cc_.state() != B3::kProbeBwUp) Ack(true);
  state_.pipe = 140 * kMss;
  Ack(true);  // the round begins: 140 segments in flight, 2 more on the next ACK
  Ack(false, kMss);
  Ack(false, kMss);
  EXPECT_EQ(cc_.state(), B3::kProbeBwUp);  // 2 of 142: 1.4 %
  Ack(false, kMss);                        // 3 of 142: 2.1 %
  EXPECT_EQ(cc_.state(), B3::kProbeBwDown);
  EXPECT_EQ(cc_.inflight_hi(), 142 * kMss);
  // Without the bound DOWN's window would be 2 x BDP = 250 segments.
  for (int i = 0; i < 50; ++i) Ack(false);
  EXPECT_LE(cc_.cwnd(), 142 * kMss);
  EXPECT_GT(cc_.cwnd(), 130 * kMss);
}

TEST_F(Bbr3Test, LossBelowTwoPercentInUpLeavesNoBound) {
  ReachProbeBw();
  while (cc_.state() != B3::kProbeBwUp) Ack(true);
  state_.pipe = 140 * kMss;
  Ack(true);
  Ack(false, kMss);
  Ack(false, kMss);
  for (int i = 0; i < 10; ++i) Ack(false);
  EXPECT_EQ(cc_.state(), B3::kProbeBwUp);
  EXPECT_EQ(cc_.inflight_hi(), Bbr3::kUnbounded);
}

// §5.5.10.3: a round with loss outside probing cuts inflight_lo to max(inflight_latest,
// BBRBeta x cwnd) (first set from cwnd).
TEST_F(Bbr3Test, LossInCruiseCutsInflightLoByBeta) {
  ReachProbeBw();
  sample_delivered_ = 10 * kMss;  // inflight_latest small: beta x cwnd decides
  Ack(true);
  Ack(false);
  const uint64_t cwnd = cc_.cwnd();
  Ack(false, kMss);
  Ack(true);  // the end of the round with a loss
  EXPECT_EQ(cc_.inflight_lo(), static_cast<uint64_t>(0.7 * static_cast<double>(cwnd)));
  EXPECT_LE(cc_.cwnd(), cc_.inflight_lo());
}

// §5.5.10.3 BBRLossLowerBounds, the bandwidth side: the same round with loss cuts bw_lo
// to max(bw_latest, BBRBeta x bw_lo) (first set from max_bw), and the model's bw is
// min(max_bw, bw_lo) (§5.5.10.4). Delivered at half the path's rate, bw_latest is below
// 0.7 x max_bw, so beta decides.
TEST_F(Bbr3Test, LossInCruiseCutsBwLoByBeta) {
  ReachProbeBw();
  const double max_bw = cc_.max_bw_bps();
  const double slow = 0.5 * kPathRate;
  Ack(true, 0, slow);
  Ack(false, 0, slow);
  Ack(false, kMss, slow);
  Ack(true, 0, slow);                          // the end of the round with a loss
  EXPECT_DOUBLE_EQ(cc_.max_bw_bps(), max_bw);  // the max filter keeps the path's rate
  EXPECT_DOUBLE_EQ(cc_.bw_bps(), 0.7 * max_bw);
}

// §5.3.4: min_rtt not refreshed for ProbeRTTInterval (5 s): ProbeRTT with cwnd =
// BBRProbeRTTCwndGain (0.5) x BDP, for 200 ms and a round, then back to ProbeBW.
TEST_F(Bbr3Test, ProbeRttEveryFiveSecondsAtHalfTheBdp) {
  const Time first_sample = now_ + Time::FromMilliseconds(5);
  ReachProbeBw();
  while (cc_.state() != B3::kProbeRtt && now_ < first_sample + Time::FromSeconds(20)) Ack(!(delivered_ % 20000));
  ASSERT_EQ(cc_.state(), B3::kProbeRtt);
  EXPECT_GE((now_ - first_sample).seconds(), 5.0);
  EXPECT_LE((now_ - first_sample).seconds(), 5.1);
  Ack(false);
  EXPECT_EQ(cc_.cwnd(), kPathBdp / 2);
  // The 200 ms count only starts once inflight is down to the ProbeRTT window.
  for (int i = 0; i < 100; ++i) Ack(!(delivered_ % 20000));
  EXPECT_EQ(cc_.state(), B3::kProbeRtt);
  state_.pipe = kPathBdp / 2;
  const Time low = now_;
  while (cc_.state() == B3::kProbeRtt && now_ < low + Time::FromSeconds(2)) Ack(!(delivered_ % 20000));
  EXPECT_GE((now_ - low).seconds(), 0.2);
  EXPECT_LE((now_ - low).seconds(), 0.35);
  EXPECT_EQ(cc_.state(), B3::kProbeBwCruise);
  EXPECT_GT(cc_.cwnd(), kPathBdp / 2);
}

// Yang et al. 2021 (arXiv:2107.03057, on BBRv2, whose loss bounds v3 keeps): on a
// shallow buffer v3 keeps losses low where v1's two-BDP window overflows it. Four flows through a 20 Mb/s, 39 ms
// path with a buffer of 50 packets (about 0.5 BDP).
TEST(Bbr3Path, FarFewerLossesThanV1OnAShallowBuffer) {
  auto scenario = [](const char* protocol) {
    nlohmann::json flow = {{"protocol", protocol},
                           {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
                           {"app", {{"token_bucket", {{"enabled", false}}}}}};
    return nlohmann::json{{"duration_s", 20},
                          {"topology",
                           {{"access", {{"rate_mbps", 1000}, {"delay_ms", 0.5}}},
                            {"bottleneck", {{"rate_mbps", 20}, {"delay_ms", 19}, {"queue_packets", 50}}}}},
                          {"flows", {flow, flow, flow, flow}}};
  };
  double rate[2] = {0, 0};
  double jain[2] = {0, 0};
  for (int v = 0; v < 2; ++v) {
    const auto r = testing::RunOk(scenario(v == 0 ? "bbr" : "bbr3"));
    const auto doc = nlohmann::json::parse(r.json);
    double retx = 0;
    double sent = 0;
    for (const auto& f : doc["flows"]) {
      retx += f["summary"]["retransmissions"].get<double>();
      sent += f["summary"]["data_packets_sent"].get<double>();
    }
    rate[v] = retx / sent;
    jain[v] = r.summary["jain_index"].get<double>();
  }
  EXPECT_GT(rate[0], 0.04) << "v1";
  EXPECT_LT(rate[1], 0.025) << "v3";
  EXPECT_LT(rate[1], rate[0] / 3);
  EXPECT_GT(jain[1], jain[0]);
}

}  // namespace
}  // namespace plab
