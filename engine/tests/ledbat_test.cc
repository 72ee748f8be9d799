// LEDBAT (RFC 6817, transport/tcp/ledbat/): its rules with delays scripted into the
// control, then on simulated paths. Each test fails if its rule is broken.
#include <cstdint>
#include <iostream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_util.h"
#include "transport/tcp/ledbat/ledbat.h"
#include "transport/tcp/ledbat/ledbat_option.h"

namespace plab {
namespace {

using testing::kMss;
using testing::Ms;

// A LEDBAT control fed by hand: each ACK carries one one-way delay and acknowledges
// one segment of a flight that keeps the window full (so ALLOWED_INCREASE does not bind
// unless a test shrinks the flight).
class LedbatRig {
 public:
  explicit LedbatRig(Ledbat::Params params = {}, uint64_t cwnd_segments = 20) : ledbat_(params) {
    ledbat_.Init(&rtt_, kMss, cwnd_segments * kMss);
    state_.mss = kMss;
    state_.snd_max = 1000 * kMss;
  }
  // One ACK at `at` carrying `delay`, acknowledging `acked` bytes.
  void Ack(Time at, Time delay, uint64_t acked = kMss) {
    TcpHeader header;
    LedbatOption& option = header.option.As<LedbatOption>();
    option.one_way_delay_ns = delay.ns();
    option.samples = 1;
    ledbat_.OnAckHeader(header, at);
    state_.snd_una += acked;
    state_.snd_max = std::max(state_.snd_max, state_.snd_una + flight_);
    ledbat_.OnAck(state_, acked, at);
  }
  // The flight left after each ACK (the window's worth unless set).
  void set_flight(uint64_t bytes) {
    flight_ = bytes;
    state_.snd_max = state_.snd_una + bytes;
  }
  void Loss() {
    ledbat_.EnterRecovery(state_, 0);
    ledbat_.ExitRecovery();
  }
  RttStats& rtt() { return rtt_; }
  Ledbat& ledbat() { return ledbat_; }
  uint64_t cwnd() const { return ledbat_.cwnd(); }

 private:
  RttStats rtt_{RttStats::Params{}};
  Ledbat ledbat_;
  TcpState state_;
  uint64_t flight_ = 1000 * kMss;
};

// §2.4.2: cwnd += GAIN x off_target x bytes_newly_acked x MSS / cwnd, off_target =
// (TARGET - queuing_delay) / TARGET. From 20 segments, one ACK of one segment moves the
// window by off_target x 1000 x 1000 / 20000 = 50 x off_target bytes: +50 with no queue,
// +25 at half the target, 0 at the target, -25 at 1.5 x and -100 at 3 x the target.
TEST(Ledbat, GrowsBelowTargetAndShrinksAboveInProportionToOffTarget) {
  const struct {
    double queuing_ms;
    int64_t change_bytes;
  } cases[] = {{0, 50}, {50, 25}, {100, 0}, {150, -25}, {300, -100}};
  for (const auto& c : cases) {
    Ledbat::Params p;
    p.current_filter = 1;
    LedbatRig rig(p);
    rig.ledbat().OnDelaySample(Ms(20), Ms(500));  // the base delay, before any ACK
    const uint64_t before = rig.cwnd();
    rig.Ack(Ms(1000), Ms(20 + c.queuing_ms));
    EXPECT_EQ(static_cast<int64_t>(rig.cwnd()) - static_cast<int64_t>(before), c.change_bytes)
        << "queuing delay " << c.queuing_ms << " ms";
    EXPECT_EQ(rig.ledbat().queuing_delay(), Ms(c.queuing_ms));
  }
  // Steps below a byte add up: at 200 segments and a tenth of the target to go, each ACK
  // adds 0.1 x 1000 x 1000 / 200000 = 0.5 byte; 1000 ACKs add about 500 bytes (the
  // window was measured to stall 14 ms short of TARGET when fractions were dropped).
  {
    Ledbat::Params p;
    p.current_filter = 1;
    LedbatRig rig(p, 200);
    rig.ledbat().OnDelaySample(Ms(20), Ms(500));
    for (int i = 0; i < 1000; ++i) rig.Ack(Ms(1000), Ms(110));
    EXPECT_NEAR(static_cast<double>(rig.cwnd()) - 200 * kMss, 500, 2);
  }
  // GAIN scales the step: at 0.5, half of +50.
  Ledbat::Params half;
  half.gain = 0.5;
  LedbatRig rig(half);
  rig.ledbat().OnDelaySample(Ms(20), Ms(500));
  rig.Ack(Ms(1000), Ms(20));
  EXPECT_EQ(rig.cwnd(), 20 * kMss + 25);
}

// §2.4.2 update_current_delay / §3.1.2: the current delay is the MIN of the last
// CURRENT_FILTER samples, so one delayed sample among them does not count, and a sample
// older than the last CURRENT_FILTER does not either.
TEST(Ledbat, CurrentDelayIsTheLeastOfTheLastCurrentFilterSamples) {
  LedbatRig rig;                              // CURRENT_FILTER = 4
  rig.ledbat().OnDelaySample(Ms(20), Ms(1));  // base
  for (const double ms : {90.0, 30.0, 95.0, 99.0}) rig.ledbat().OnDelaySample(Ms(ms), Ms(2));
  EXPECT_EQ(rig.ledbat().queuing_delay(), Ms(10));  // min(90, 30, 95, 99) - 20
  rig.ledbat().OnDelaySample(Ms(97), Ms(3));        // 90 leaves; 30 stays
  EXPECT_EQ(rig.ledbat().queuing_delay(), Ms(10));
  rig.ledbat().OnDelaySample(Ms(98), Ms(3));        // 30 leaves
  EXPECT_EQ(rig.ledbat().queuing_delay(), Ms(75));  // min(95, 99, 97, 98) - 20
}

// §2.4.2 update_base_delay, §3.1.1: the base delay is the MIN over one bucket per
// minute, and a bucket older than BASE_HISTORY minutes is forgotten: 20 ms measured in
// minute 0 and 40 ms in every later minute give 20 ms through minute 9, 40 ms from
// minute 10 on (BASE_HISTORY = 10); with BASE_HISTORY = 3, from minute 3 on.
TEST(Ledbat, BaseDelayIsTheLeastOverTheBucketsAndForgetsAnOldOne) {
  for (const int history : {10, 3}) {
    Ledbat::Params p;
    p.base_history = history;
    Ledbat ledbat(p);
    ledbat.OnDelaySample(Ms(20), Time::FromSeconds(30));
    for (int minute = 1; minute < history; ++minute) {
      ledbat.OnDelaySample(Ms(40), Time::FromSeconds(60 * minute + 30));
      EXPECT_EQ(ledbat.base_delay(), Ms(20)) << "minute " << minute << ", history " << history;
    }
    ledbat.OnDelaySample(Ms(40), Time::FromSeconds(60 * history - 1));
    EXPECT_EQ(ledbat.base_delay(), Ms(20)) << "the last second of minute " << history - 1;
    ledbat.OnDelaySample(Ms(40), Time::FromSeconds(60 * history));
    EXPECT_EQ(ledbat.base_delay(), Ms(40)) << "minute 0 is " << history << " minutes old";
    // Minutes without samples age the history too: 35 ms now, then nothing for a
    // whole history, then 50 ms: the base is 50 ms.
    ledbat.OnDelaySample(Ms(35), Time::FromSeconds(60 * history + 1));
    ledbat.OnDelaySample(Ms(50), Time::FromSeconds(60 * (2 * history + 1)));
    EXPECT_EQ(ledbat.base_delay(), Ms(50));
  }
}

// §2.4.2 "on data loss": cwnd = min(cwnd, max(cwnd / 2, MIN_CWND x MSS)), at most once
// per RTT (§3.2.2). With an SRTT of 100 ms: 40 segments halve to 20; a second loss 50 ms
// later leaves 20; one 150 ms after the first halves to 10; the floor is MIN_CWND = 2.
TEST(Ledbat, HalvesOnLossAtMostOncePerRtt) {
  LedbatRig rig({}, 40);
  rig.rtt().OnSample(Ms(100));
  rig.Ack(Ms(1000), Ms(20), 0);  // the time now (no data acknowledged: cwnd stays)
  ASSERT_EQ(rig.cwnd(), 40 * kMss);
  rig.Loss();
  EXPECT_EQ(rig.cwnd(), 20 * kMss);
  rig.Ack(Ms(1050), Ms(20), 0);
  rig.Loss();
  EXPECT_EQ(rig.cwnd(), 20 * kMss) << "a second loss within one RTT";
  rig.Ack(Ms(1150), Ms(20), 0);
  rig.Loss();
  EXPECT_EQ(rig.cwnd(), 10 * kMss);
  LedbatRig small({}, 3);
  small.Ack(Ms(1000), Ms(20), 0);
  small.Loss();
  EXPECT_EQ(small.cwnd(), 2 * kMss) << "never below MIN_CWND";
}

// §2.4.2: cwnd = min(cwnd, flightsize + ALLOWED_INCREASE x MSS), flightsize before the
// ACK; and cwnd = max(cwnd, MIN_CWND x MSS) however far above the target the queue is.
TEST(Ledbat, AllowedIncreaseAndMinCwndBoundTheWindow) {
  LedbatRig limited({}, 20);
  limited.set_flight(5 * kMss);  // an application that keeps only 5 segments out
  limited.ledbat().OnDelaySample(Ms(20), Ms(500));
  limited.Ack(Ms(1000), Ms(20));
  EXPECT_EQ(limited.cwnd(), 7 * kMss) << "5 left + 1 acknowledged + ALLOWED_INCREASE 1";
  LedbatRig queued({}, 3);
  queued.ledbat().OnDelaySample(Ms(20), Ms(500));
  for (int i = 0; i < 50; ++i) queued.Ack(Ms(1000 + i), Ms(1020));  // 10 x the target queued
  EXPECT_EQ(queued.cwnd(), 2 * kMss);
}

// Bad values name the field and the rule.
TEST(Ledbat, BadParametersNameTheField) {
  EXPECT_EQ(testing::FirstError(R"({"flows":[{"protocol":"ledbat","ledbat":{"target_ms":0}}]})"),
            "flows[0].ledbat.target_ms must be greater than 0 (RFC 6817 §2.5), got 0");
  EXPECT_EQ(testing::FirstError(R"({"flows":[{"protocol":"ledbat","ledbat":{"gain":0}}]})"),
            "flows[0].ledbat.gain must be greater than 0 (RFC 6817 §2.5), got 0");
  const std::string negative = testing::FirstError(R"({"flows":[{"protocol":"ledbat","ledbat":{"target_ms":-5}}]})");
  EXPECT_NE(negative.find("flows[0].ledbat.target_ms"), std::string::npos) << negative;
  const std::string big_gain = testing::FirstError(R"({"flows":[{"protocol":"ledbat","ledbat":{"gain":2}}]})");
  EXPECT_NE(big_gain.find("flows[0].ledbat.gain"), std::string::npos) << big_gain;
}

// ---- on simulated paths ---------------------------------------------------------------

// 10 Mb/s, 14 ms each way plus 1 ms access links, a 1000-packet drop-tail buffer
// (0.83 s at 1040-byte packets: nothing is ever dropped), no channel losses.
nlohmann::json LedbatPath(double duration_s) {
  nlohmann::json s = nlohmann::json::parse(R"({
    "topology": {"bottleneck": {"rate_mbps": 10, "delay_ms": 14, "queue_packets": 1000}},
    "flows": []})");
  s["duration_s"] = duration_s;
  return s;
}

nlohmann::json LedbatFlow(const std::string& protocol, double start_s = 0) {
  nlohmann::json f = nlohmann::json::parse(
      R"({"channel": {"forward": {"model": "none"}}, "app": {"token_bucket": {"enabled": false}}})");
  f["protocol"] = protocol;
  f["start_s"] = start_s;
  return f;
}

// Time-weighted mean of a series between two times (its points are bucket extremes:
// close enough for a mean over tens of seconds).
double LedbatMeanBetween(const testing::Series& s, double from_s, double to_s) {
  double area = 0, span = 0;
  for (size_t i = 0; i + 1 < s.t.size(); ++i) {
    if (s.t[i] < from_s || s.t[i + 1] > to_s) continue;
    area += s.v[i] * (s.t[i + 1] - s.t[i]);
    span += s.t[i + 1] - s.t[i];
  }
  return span > 0 ? area / span : 0;
}

constexpr double kLedbatPacketMs = 1040 * 8 / 10e6 * 1e3;  // one packet's service time at 10 Mb/s

// Alone, LEDBAT fills the link and holds the bottleneck's queue near TARGET: the queue
// measured at the link (not LEDBAT's own estimate), over the last 60 s of 120.
TEST(Ledbat, AloneItHoldsTheQueueingDelayNearTarget) {
  for (const double target_ms : {100.0, 50.0}) {
    nlohmann::json s = LedbatPath(120);
    nlohmann::json flow = LedbatFlow("ledbat");
    flow["ledbat"]["target_ms"] = target_ms;
    s["flows"].push_back(flow);
    const testing::RunResult r = testing::RunOk(s);
    ASSERT_TRUE(r.series.count("queue"));
    const double queue_ms = LedbatMeanBetween(r.series.at("queue"), 60, 120) * kLedbatPacketMs;
    std::cout << "target " << target_ms << " ms: mean queueing delay " << queue_ms << " ms over 60-120 s, goodput "
              << r.summary["goodput_mbps"].get<double>() << " Mb/s\n";
    EXPECT_NEAR(queue_ms, target_ms, 0.05 * target_ms) << "target " << target_ms << " ms";
    EXPECT_GT(r.summary["goodput_mbps"].get<double>(), 9.0);
    EXPECT_EQ(r.summary["queue_drops"].get<int64_t>(), 0);
  }
}

// Beside a loss-based TCP that fills the deep buffer past TARGET, LEDBAT yields: its
// share of the two flows' goodput over 120 s (LEDBAT alone for the first 5) is well
// below half (RFC 6817 §1.2: "yield quickly to standard TCP"). Measured: 0.08 beside
// CUBIC, 0.22 beside NewReno, whose slow-start overshoot costs it 5 timeouts of 1 s
// (RFC 6298's minimum RTO) in the first seconds, when LEDBAT takes the link back.
TEST(Ledbat, BesideLossBasedTcpItYields) {
  for (const std::string other : {"cubic", "newreno"}) {
    nlohmann::json s = LedbatPath(120);
    s["topology"]["bottleneck"]["queue_packets"] = 300;  // 250 ms: loss-based TCP queues past 100 ms
    s["flows"].push_back(LedbatFlow("ledbat"));
    s["flows"].push_back(LedbatFlow(other, 5));
    const RunOutput out = plab::Run(s.dump());
    ASSERT_TRUE(out.ok) << out.json;
    const auto doc = nlohmann::json::parse(out.json);
    const double ledbat = doc["flows"][0]["summary"]["goodput_mbps"].get<double>();
    const double tcp = doc["flows"][1]["summary"]["goodput_mbps"].get<double>();
    const double share = ledbat / (ledbat + tcp);
    EXPECT_LT(share, 0.25) << other << ": LEDBAT " << ledbat << " Mb/s, " << other << " " << tcp << " Mb/s";
    std::cout << "ledbat beside " << other << ": share " << share << " (" << ledbat << " / " << tcp << " Mb/s)\n";
  }
}

}  // namespace
}  // namespace plab
