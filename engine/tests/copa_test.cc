// Copa's rules (Arun & Balakrishnan, NSDI 2018, §2.1-2.2), algorithm tier: RTT samples
// and ACKs fed by hand, the filters, the window step and the velocity read back; then a
// path test of the equilibrium queue (about 1/delta packets per flow).
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
