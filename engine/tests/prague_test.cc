// TCP Prague (draft-briscoe-iccrg-prague-congestion-control) against its rules: alpha
// the EWMA (g = 1/16) of the marked fraction once per window (§2.3), a mark cutting
// the window by alpha / 2 once per window (§2.4), the additive increase of a segment
// per round trip scaled by (srtt / 25 ms)^2 under RTT independence (§2.5), pacing at
// 2 and 1.2 x cwnd / srtt, Reno's answer to a loss, ECT(1) on its data (RFC 9331
// §4.1); and on a DualPI2 bottleneck beside CUBIC (RFC 9332), its packets in the L4S
// queue at about 1 ms while CUBIC's wait near the 15 ms target, at about equal rates.
#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "test_util.h"
#include "transport/registry.h"
#include "transport/tcp/prague/prague_control.h"

namespace plab {
namespace {

using testing::kMss;
using testing::Ms;

// The control alone, ACK-clocked as dctcp_test.cc's script: `flight` segments out,
// each one-segment ACK sends one more; the first ACK is a window of its own.
class PragueScript {
 public:
  explicit PragueScript(uint64_t flight, Prague::Params params = {}, Time srtt = Ms(40)) : cc(params), flight_(flight) {
    rtt.OnSample(srtt);
    cc.Init(&rtt, kMss, 10 * kMss);
    state.mss = kMss;
    state.cwnd_limited = true;
    state.snd_max = flight_ * kMss;
    Ack(false);
  }
  void Ack(bool ece) {
    state.snd_una += kMss;
    cc.OnEcnAck(state, kMss, ece);
    state.snd_max += kMss;
  }
  void Window(int marked) {
    for (uint64_t k = 0; k < flight_; ++k) Ack(static_cast<int>(k) < marked);
  }
  RttStats rtt{RttStats::Params{}};
  TcpState state;
  Prague cc;

 private:
  uint64_t flight_;
};

TEST(PragueAlpha, FollowsTheEwmaOfTheMarkedFractionOncePerWindow) {
  PragueScript s(10);
  const double g = 1.0 / 16;
  double expected = (1 - g) * 1.0;  // alpha starts at 1; the first window had M = 0
  EXPECT_DOUBLE_EQ(s.cc.alpha(), expected);
  for (const int marked : {3, 0, 10, 5}) {
    const int64_t updates = s.cc.alpha_updates();
    s.Window(marked);
    expected = (1 - g) * expected + g * (marked / 10.0);
    EXPECT_EQ(s.cc.alpha_updates(), updates + 1) << "once per window, not per ACK";
    EXPECT_NEAR(s.cc.alpha(), expected, 1e-12);
  }
}

TEST(PragueReduction, AMarkCutsTheWindowByAlphaOverTwoNotByHalf) {
  PragueScript s(10);
  for (int w = 0; w < 60; ++w) s.Window(1);  // alpha -> ~0.1
  const double alpha = s.cc.alpha();
  ASSERT_LT(alpha, 0.2);
  const double before = static_cast<double>(s.cc.cwnd());
  s.cc.OnEcnEcho(s.state);
  EXPECT_NEAR(static_cast<double>(s.cc.cwnd()), before * (1 - alpha / 2), 1.0);
  EXPECT_EQ(s.cc.ssthresh(), s.cc.cwnd());
  EXPECT_GT(static_cast<double>(s.cc.cwnd()), 0.9 * before);  // far from Reno's half
}

// §2.5: in congestion avoidance a window of ACKs adds 1 SMSS above the target RTT,
// (srtt / 25 ms)^2 SMSS below it with rtt_scaling, and 1 SMSS without it.
TEST(PragueIncrease, AdditiveIncreasePerRoundScalesWithTheSquareOfSrttOverTargetBelowIt) {
  struct Case {
    double srtt_ms;
    bool scaling;
    double per_round;
  };
  for (const Case c : {Case{40, true, 1.0}, Case{5, true, 0.04}, Case{12.5, true, 0.25}, Case{5, false, 1.0}}) {
    Prague::Params params;
    params.rtt_scaling = c.scaling;
    PragueScript s(20, params, Ms(c.srtt_ms));
    s.cc.OnEcnEcho(s.state);  // into congestion avoidance (ssthresh = cwnd)
    ASSERT_FALSE(s.cc.InSlowStart());
    EXPECT_NEAR(s.cc.AdditiveIncreaseSegments(), c.per_round, 1e-9);
    const double start = static_cast<double>(s.cc.cwnd());
    // Ten rounds of cwnd-worth ACKs.
    for (int round = 0; round < 10; ++round) {
      const uint64_t acks = s.cc.cwnd() / kMss;
      for (uint64_t k = 0; k < acks; ++k) s.cc.OnAck(s.state, kMss, Time::Zero());
    }
    const double grown = (static_cast<double>(s.cc.cwnd()) - start) / kMss / 10;
    EXPECT_NEAR(grown, c.per_round, 0.1 * c.per_round + 0.02) << c.srtt_ms << " ms, scaling " << c.scaling;
  }
}

TEST(PraguePacing, PacesAtTwiceCwndOverSrttInSlowStartAndOnePointTwoAfter) {
  PragueScript s(10, {}, Ms(20));
  ASSERT_TRUE(s.cc.InSlowStart());
  const double srtt_s = s.rtt.srtt().seconds();
  EXPECT_NEAR(s.cc.PacingRateBps(), 2.0 * s.cc.cwnd() * 8 / srtt_s, 2);
  s.cc.OnEcnEcho(s.state);
  ASSERT_FALSE(s.cc.InSlowStart());
  EXPECT_NEAR(s.cc.PacingRateBps(), 1.2 * s.cc.cwnd() * 8 / srtt_s, 2);
  // No RTT sample yet: no pacing.
  RttStats none{RttStats::Params{}};
  Prague fresh({});
  fresh.Init(&none, kMss, 10 * kMss);
  EXPECT_EQ(fresh.PacingRateBps(), 0);
}

// §2.4: a loss is answered as Reno: ssthresh = FlightSize / 2 (the classic fallback).
TEST(PragueLoss, ALossHalvesTheFlightAsReno) {
  PragueScript s(10);
  for (int w = 0; w < 60; ++w) s.Window(1);
  s.state.snd_una = 100 * kMss;
  s.state.snd_max = 140 * kMss;
  s.cc.EnterRecovery(s.state, 0);
  EXPECT_EQ(s.cc.ssthresh(), 20 * kMss);
}

// RFC 9331 §4.1: Prague's data is ECT(1), DCTCP's ECT(0) (the entries' `l4s`; the
// sender writes it, tcp_family.cc); both always negotiate ECN.
TEST(PragueEntry, ItsControlSendsEct1AndNeedsEcn) {
  const CongestionControlEntry* prague = FindCongestionControl("prague");
  ASSERT_NE(prague, nullptr);
  EXPECT_TRUE(prague->l4s);
  EXPECT_TRUE(prague->needs_ecn);
  EXPECT_FALSE(FindCongestionControl("dctcp")->l4s);
  EXPECT_FALSE(FindCongestionControl("cubic")->l4s);
}

nlohmann::json SharingScenario(const std::string& l4s_protocol, double duration_s = 20) {
  auto flow = [](const std::string& protocol) {
    return nlohmann::json{{"protocol", protocol},
                          {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
                          {"app", {{"token_bucket", {{"enabled", false}}}}}};
  };
  return {{"duration_s", duration_s},
          {"topology",
           {{"access", {{"rate_mbps", 1000}, {"delay_ms", 0.5}}},
            {"bottleneck", {{"rate_mbps", 40}, {"delay_ms", 9}, {"queue_packets", 1000}, {"queue", "dualpi2"}}}}},
          {"flows", {flow(l4s_protocol), flow("cubic")}}};
}

nlohmann::json FlowSummary(const testing::RunResult& r, int i) {
  return nlohmann::json::parse(r.json)["flows"][i]["summary"];
}

// RFC 9332 §2.4 / A.1: Prague (ECT(1)) waits in the L4S queue, marked at about 1 ms,
// CUBIC (Not-ECT) in the classic queue held near 15 ms, and with k = 2 the two rates
// come out about equal. Measured here (40 Mb/s, 19 ms base RTT, 20 s): Prague 19.8,
// CUBIC 17.8 Mb/s; queueing delay p95 0.19 ms against 19.5 ms, medians 0.12 and 14.6 ms.
TEST(PragueDualPi2, PragueWaitsInTheL4sQueueAtAboutOneMsBesideCubicNearTheTarget) {
  const auto r = testing::RunOk(SharingScenario("prague"));
  const auto prague = FlowSummary(r, 0);
  const auto cubic = FlowSummary(r, 1);
  EXPECT_LT(prague["queue_delay_p95_ms"].get<double>(), 1.5);
  EXPECT_GT(cubic["queue_delay_p95_ms"].get<double>(), 10);
  EXPECT_LT(cubic["queue_delay_p95_ms"].get<double>(), 30);
  const double ratio = prague["goodput_mbps"].get<double>() / cubic["goodput_mbps"].get<double>();
  EXPECT_GT(ratio, 0.7);
  EXPECT_LT(ratio, 1.4);
  EXPECT_EQ(prague["retransmissions"], 0);  // marked, never dropped
  // The run's per-protocol medians (the preset's claims read them): 0.12 and 14.6 ms.
  const auto& median = r.summary["queue_delay_median_by_protocol"];
  EXPECT_LT(median["prague"].get<double>(), 1);
  EXPECT_NEAR(median["cubic"].get<double>(), 15, 3);
  EXPECT_GT(r.summary["flows_goodput_mbps"].get<double>(), 36);
}

}  // namespace
}  // namespace plab
