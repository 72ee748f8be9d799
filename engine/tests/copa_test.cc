// Copa's rules (Arun & Balakrishnan, NSDI 2018, §2.1-2.3), algorithm tier: RTT samples
// and ACKs fed by hand, the filters, the window step, the velocity and the mode switch
// read back; then path tests of the equilibrium queue (about 1/delta packets per flow)
// and of the competitive mode beside CUBIC.
#include <gtest/gtest.h>

#include "test_util.h"
#include "transport/tcp/copa/copa.h"

namespace plab {
namespace {

using testing::kMss;
using testing::Ms;

class CopaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cc_.Init(&rtt_, kMss, 10 * kMss);
    state_.mss = kMss;
  }
  void Sample(double rtt_ms) {
    rtt_.OnSample(Ms(rtt_ms));
    cc_.OnRttUpdated(now_);
  }
  // One ACK of one segment `rtt_ms` after it was sent; snd_nxt keeps a window ahead.
  void Ack(double rtt_ms, Time step = Ms(1)) {
    now_ = now_ + step;
    Sample(rtt_ms);
    state_.snd_una += kMss;
    state_.snd_nxt = state_.snd_una + cc_.cwnd();
    state_.snd_max = state_.snd_nxt;
    RateSample rs;
    rs.newly_delivered = kMss;
    cc_.OnAckReceived(state_, rs, now_);
  }
  // Out of slow start: a standing RTT far above RTTmin makes the rate exceed the target.
  void LeaveSlowStart() {
    Ack(100);
    for (int i = 0; i < 150 && cc_.in_slow_start(); ++i) Ack(150);
    ASSERT_FALSE(cc_.in_slow_start());
  }

  static Copa::Params Switching() {
    Copa::Params p;
    p.switching = true;
    return p;
  }

  RttStats rtt_{RttStats::Params{}};
  Copa cc_{Copa::Params{}};
  TcpState state_;
  Time now_ = Time::FromSeconds(1);
};

TEST_F(CopaTest, StandingRttIsTheLeastOverHalfAnSrttAndMinRttOverTenSeconds) {
  Sample(100);  // srtt 100 ms: the standing window is 50 ms
  EXPECT_EQ(cc_.standing_rtt(), Ms(100));
  for (int i = 0; i < 40; ++i) {
    now_ = now_ + Ms(1);
    Sample(120);
  }
  EXPECT_EQ(cc_.standing_rtt(), Ms(100));  // 40 ms: the 100 ms sample is still in the window
  for (int i = 0; i < 20; ++i) {
    now_ = now_ + Ms(1);
    Sample(120);
  }
  EXPECT_EQ(cc_.standing_rtt(), Ms(120));  // 60 ms > srtt / 2 (about 51 ms): gone
  EXPECT_EQ(cc_.min_rtt(), Ms(100));       // RTTmin keeps it for 10 s
  now_ = now_ + Time::FromMillisecondsDouble(9950);
  Sample(130);
  EXPECT_EQ(cc_.min_rtt(), Ms(120));  // 10 s after the 100 ms sample it is forgotten
}

// §2.3: RTTmax, the greatest RTT over the last 4 RTTs (4 srtt), scales "nearly empty".
TEST_F(CopaTest, MaxRttIsTheGreatestOverFourSrtts) {
  Sample(100);
  now_ = now_ + Ms(1);
  Sample(180);
  EXPECT_EQ(cc_.max_rtt(), Ms(180));
  for (int i = 0; i < 300; ++i) {  // srtt settles near 100 ms: the window near 400 ms
    now_ = now_ + Ms(1);
    Sample(100);
  }
  EXPECT_EQ(cc_.max_rtt(), Ms(180));  // 300 ms later: still within 4 srtt
  for (int i = 0; i < 200; ++i) {
    now_ = now_ + Ms(1);
    Sample(100);
  }
  EXPECT_EQ(cc_.max_rtt(), Ms(100));  // 500 ms later: forgotten
}

// §2.1: lambda_t = 1 / (delta dq); cwnd moves by v / (delta cwnd) packets per ACK, up
// when cwnd / RTTstanding <= lambda_t, down otherwise.
TEST_F(CopaTest, WindowMovesByVOverDeltaCwndTowardTheTargetRate) {
  LeaveSlowStart();
  // RTTmin 100 ms, RTTstanding 110 ms: dq = 10 ms, lambda_t = 1 / (0.5 x 0.01) = 200
  // packets/s. Let the 150 ms samples leave the standing window first.
  for (int i = 0; i < 100; ++i) {
    now_ = now_ + Ms(1);
    Sample(110);
  }
  EXPECT_EQ(cc_.standing_rtt(), Ms(110));
  EXPECT_DOUBLE_EQ(cc_.TargetRateBytesPerSecond(), 200.0 * kMss);
  const double before = static_cast<double>(cc_.cwnd());
  const double rate = before / kMss / 0.110;             // packets/s
  const double step = 1 / (0.5 * before / kMss) * kMss;  // v = 1
  Ack(110, Ms(0));
  const double expected = rate <= 200 ? before + step : before - step;
  EXPECT_NEAR(static_cast<double>(cc_.cwnd()), expected, 1.0) << "rate " << rate;
}

TEST_F(CopaTest, BelowTheTargetItGrowsAboveItShrinks) {
  LeaveSlowStart();
  // The standing RTT only: 100.5 ms, dq = 0.5 ms, lambda_t = 4000 packets/s, far above
  // cwnd / RTTstanding: up.
  auto settle = [&](double rtt_ms) {
    for (int i = 0; i < 200; ++i) {
      now_ = now_ + Ms(1);
      Sample(rtt_ms);
    }
  };
  settle(100.5);
  uint64_t w = cc_.cwnd();
  Ack(100.5, Ms(0));
  EXPECT_GT(cc_.cwnd(), w);
  // 150 ms: dq = 50 ms, lambda_t = 40 packets/s, below cwnd / RTTstanding: down.
  settle(150);
  w = cc_.cwnd();
  Ack(150, Ms(0));
  EXPECT_LT(cc_.cwnd(), w);
}

// §2.1: v doubles once per window once the window has moved one way for 3 windows, and
// returns to 1 when the direction changes.
TEST_F(CopaTest, VelocityDoublesAfterThreeWindowsOneWayAndResetsOnAChange) {
  LeaveSlowStart();
  std::vector<double> v;
  for (int w = 0; w < 6; ++w) {
    const uint64_t end = state_.snd_nxt;
    while (state_.snd_una < end) Ack(100, Ms(0));  // dq = 0: always up
    v.push_back(cc_.velocity());
  }
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[1], 1);
  EXPECT_EQ(v[2], 2);
  EXPECT_EQ(v[3], 4);
  EXPECT_EQ(v[4], 8);
  // Now far above the target (dq 50 ms): the window turns down and v is 1 again.
  for (int i = 0; i < 100; ++i) {
    now_ = now_ + Ms(1);
    Sample(150);
  }
  const uint64_t end = state_.snd_nxt;
  while (state_.snd_una < end) Ack(150, Ms(0));
  const uint64_t end2 = state_.snd_nxt;
  while (state_.snd_una < end2) Ack(150, Ms(0));
  EXPECT_EQ(cc_.velocity(), 1);
}

// §2.3, with copa.mode = switching: a queue that has not been nearly empty (dq at most a
// tenth of RTTmax - RTTmin, RTTmax over 4 RTTs) for 5 RTTs turns the flow competitive.
class CopaSwitchingTest : public CopaTest {
 protected:
  void SetUp() override {
    cc_ = Copa(Switching());
    CopaTest::SetUp();
  }
  // ACKs at `rtt_ms` until a window ends (the mode and delta move at window ends only).
  void Window(double rtt_ms) {
    const uint64_t end = state_.snd_nxt;
    while (state_.snd_una < end) Ack(rtt_ms, Ms(150.0 / static_cast<double>(cc_.cwnd() / kMss + 1)));
  }
};

TEST_F(CopaSwitchingTest, AQueueNotNearlyEmptyForFiveRttsTurnsItCompetitive) {
  LeaveSlowStart();  // RTTmin 100 ms; from here every sample is 150 ms: dq = RTTmax - RTTmin
  const Time since = now_;
  while (cc_.mode() == Copa::Mode::kDefault && now_ - since < Time::FromSeconds(3)) Window(150);
  ASSERT_EQ(cc_.mode(), Copa::Mode::kCompetitive);
  // The last nearly empty queue was the 100 ms sample before `since`: 5 srtt (about
  // 5 x 150 ms) must pass first, and the switch comes at the first window end after.
  EXPECT_GE(now_ - since, Ms(600));
  EXPECT_LT(now_ - since, Ms(1200));
}

TEST_F(CopaTest, InTheDefaultModeOnlyItNeverTurnsCompetitive) {
  LeaveSlowStart();
  for (int i = 0; i < 3000; ++i) Ack(150, Ms(1));
  EXPECT_EQ(cc_.mode(), Copa::Mode::kDefault);
  EXPECT_DOUBLE_EQ(cc_.delta(), 0.5);
}

TEST_F(CopaSwitchingTest, CompetitiveOneOverDeltaGrowsByOnePerWindowAndHalvesOnALoss) {
  LeaveSlowStart();
  while (cc_.mode() == Copa::Mode::kDefault) Window(150);
  std::vector<double> inv;
  for (int w = 0; w < 4; ++w) {
    Window(150);
    inv.push_back(1 / cc_.delta());
  }
  for (size_t i = 1; i < inv.size(); ++i) EXPECT_NEAR(inv[i] - inv[i - 1], 1.0, 1e-9) << i;
  const double before = 1 / cc_.delta();
  cc_.EnterRecovery(state_, 3);
  EXPECT_NEAR(1 / cc_.delta(), before / 2, 1e-9);
  // A loss in the window holds 1/delta at its window end (no +1 on top of the halving).
  Window(150);
  EXPECT_NEAR(1 / cc_.delta(), before / 2, 1e-9);
  // Halving stops at the default mode's delta (1/delta = 2).
  for (int i = 0; i < 10; ++i) cc_.EnterRecovery(state_, 3);
  EXPECT_DOUBLE_EQ(cc_.delta(), 0.5);
}

TEST_F(CopaSwitchingTest, ANearlyEmptyQueueReturnsItToTheDefaultModeAndDelta) {
  LeaveSlowStart();
  while (cc_.mode() == Copa::Mode::kDefault) Window(150);
  Window(150);
  Window(150);
  ASSERT_GT(1 / cc_.delta(), 2.5);
  // 104 ms: dq = 4 ms, under a tenth of RTTmax - RTTmin = 50 ms: nearly empty.
  Ack(104);
  EXPECT_EQ(cc_.mode(), Copa::Mode::kDefault);
  EXPECT_DOUBLE_EQ(cc_.delta(), 0.5);
}

TEST_F(CopaSwitchingTest, AQueueAboveATenthOfItsRangeIsNotNearlyEmpty) {
  LeaveSlowStart();
  while (cc_.mode() == Copa::Mode::kDefault) Window(150);
  // 106 ms: dq = 6 ms, above a tenth of 50 ms: still competitive.
  Ack(106);
  EXPECT_EQ(cc_.mode(), Copa::Mode::kCompetitive);
}

TEST_F(CopaTest, SlowStartDoublesUntilTheRateExceedsTheTarget) {
  Ack(100);
  const uint64_t w = cc_.cwnd();
  for (int i = 0; i < 5; ++i) Ack(100);  // dq = 0: infinite target
  EXPECT_EQ(cc_.cwnd(), w + 5 * kMss);
  EXPECT_TRUE(cc_.in_slow_start());
  for (int i = 0; i < 150 && cc_.in_slow_start(); ++i) Ack(150);
  EXPECT_FALSE(cc_.in_slow_start());
}

// §2.2: at equilibrium a flow keeps about 1/delta packets in the queue (2 at delta 0.5,
// 10 at delta 0.1) and fills the link, where a loss-based flow fills the buffer.
TEST(CopaPath, KeepsAboutOneOverDeltaPacketsQueued) {
  auto scenario = [](double delta) {
    return nlohmann::json{{"duration_s", 20},
                          {"metrics", {{"start_s", 5}}},
                          {"topology",
                           {{"access", {{"rate_mbps", 1000}, {"delay_ms", 0.5}}},
                            {"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 20}, {"queue_packets", 500}}}}},
                          {"flows",
                           {{{"protocol", "copa"},
                             {"copa", {{"delta", delta}}},
                             {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
                             {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
  };
  const auto a = testing::RunOk(scenario(0.5));
  const auto b = testing::RunOk(scenario(0.1));
  const double qa = a.summary["mean_queue_packets"].get<double>();
  const double qb = b.summary["mean_queue_packets"].get<double>();
  EXPECT_GT(qa, 0.5);
  EXPECT_LT(qa, 6);
  EXPECT_GT(qb, 5);
  EXPECT_LT(qb, 25);
  EXPECT_GT(qb, 2 * qa);
  EXPECT_GT(a.summary["goodput_mbps"].get<double>(), 8.0);
  EXPECT_EQ(a.summary["queue_drops"].get<double>(), 0);
}

// §2.3: beside CUBIC on a 50-packet buffer the default mode yields (the buffer is CUBIC's)
// while mode switching turns competitive and takes a share near half. Alone at the
// default delta the switch never fires: the queue stays about 1/delta packets.
TEST(CopaPath, ModeSwitchingCompetesWithCubicWhereTheDefaultModeYields) {
  auto scenario = [](const char* mode, bool cubic) {
    nlohmann::json flow = {{"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
                           {"app", {{"token_bucket", {{"enabled", false}}}}}};
    nlohmann::json copa = flow;
    copa["protocol"] = "copa";
    copa["copa"] = {{"mode", mode}};
    nlohmann::json flows = nlohmann::json::array({copa});
    if (cubic) {
      flow["protocol"] = "cubic";
      flows.push_back(flow);
    }
    return nlohmann::json{{"duration_s", 60},
                          {"metrics", {{"start_s", 10}}},
                          {"topology",
                           {{"access", {{"rate_mbps", 1000}, {"delay_ms", 0.5}}},
                            {"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 20}, {"queue_packets", 50}}}}},
                          {"flows", flows}};
  };
  const auto yields = testing::RunOk(scenario("default", true));
  const auto competes = testing::RunOk(scenario("switching", true));
  const auto flow = [](const testing::RunResult& r, int i) {
    return nlohmann::json::parse(r.json)["flows"][i]["summary"]["goodput_mbps"].get<double>();
  };
  const double copa_default = flow(yields, 0);
  const double copa_switching = flow(competes, 0);
  EXPECT_LT(copa_default, 1.5);
  EXPECT_GT(copa_switching, 3.5);
  EXPECT_GT(flow(competes, 1), 3.5) << "CUBIC keeps its share too";
  const auto alone = testing::RunOk(scenario("switching", false));
  EXPECT_LT(alone.summary["mean_queue_packets"].get<double>(), 6);
  EXPECT_GT(alone.summary["goodput_mbps"].get<double>(), 8.0);
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(CopaParams, OutOfRangeSettingsNameTheFieldAndItsRange) {
  EXPECT_EQ(testing::FirstError(R"({"flows": [{"protocol": "copa", "copa": {"delta": 0}}]})"),
            "flows[0].copa.delta must be within [0.001, 1], got 0");
  EXPECT_EQ(testing::FirstError(R"({"flows": [{"protocol": "bbr3", "bbr3": {"loss_thresh": 0.9}}]})"),
            "flows[0].bbr3.loss_thresh must be within [0.001, 0.5], got 0.9");
  EXPECT_EQ(testing::FirstError(R"({"flows": [{"protocol": "bbr3", "bbr3": {"beta": 1.5}}]})"),
            "flows[0].bbr3.beta must be within [0.1, 1], got 1.5");
}

}  // namespace
}  // namespace plab
