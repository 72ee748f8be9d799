// cubic.hystart = rfc9406 (and aimd.hystart): HyStart++ (RFC 9406, cc/hystart_pp.h) rule
// by rule against a CUBIC sender fed by hand (cubic_sender.h: one ACK per segment, the sender keeping
// cwnd segments out, every ACK an RTT sample), then on a deep-buffer path. Each test
// fails if its rule is broken.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <iostream>

#include "cubic_sender.h"
#include "test_util.h"
#include "transport/tcp/cc/aimd.h"

namespace plab {
namespace {

using testing::kMss;
using testing::Ms;
using HsppPhase = HyStartPlusPlus::Phase;

constexpr auto kHyStartPp = Cubic::Params::HyStart::kRfc9406;

// A HyStart++ CUBIC whose RTT samples a function of the window gives, ACKs 1 ms apart.
class HyStartPpRig {
 public:
  explicit HyStartPpRig(std::function<Time(double cwnd_segments)> rtt_at, Cubic::Params::HyStart mode = kHyStartPp)
      : sender_(Cubic::Params::Law::kRfc9438, 10, mode), rtt_at_(std::move(rtt_at)) {}
  // One ACK of one segment; the window's change, in bytes.
  int64_t Ack() {
    const uint64_t before = sender_.cubic().cwnd();
    sender_.Ack(kMss, kMss, Ms(1), rtt_at_(sender_.cwnd_segments()));
    return static_cast<int64_t>(sender_.cubic().cwnd()) - static_cast<int64_t>(before);
  }
  // ACKs until `done` (at most `limit`); false if it never held.
  bool AckUntil(const std::function<bool()>& done, int limit = 5000) {
    for (int i = 0; i < limit; ++i) {
      if (done()) return true;
      Ack();
    }
    return done();
  }
  HsppPhase phase() { return sender_.cubic().hystart_pp().phase(); }
  const Cubic& cubic() { return sender_.cubic(); }
  CubicSender& sender() { return sender_; }
  void set_rtt(std::function<Time(double)> rtt_at) { rtt_at_ = std::move(rtt_at); }

 private:
  CubicSender sender_;
  std::function<Time(double)> rtt_at_;
};

// §4.2: RttThresh = clamp(lastRoundMinRTT / 8, 4 ms, 16 ms); slow start gives way to CSS
// when a round's least RTT (8 samples or more) is at least lastRoundMinRTT + RttThresh.
// On 20, 40 and 200 ms paths the threshold is 4 (clamped up from 2.5), 5 and 16
// (clamped down from 25) ms: a rise of half a millisecond more enters CSS, half a
// millisecond less does not (and slow start goes on, ssthresh unset).
TEST(HyStartPlusPlus, LeavesSlowStartForCssWhenTheRoundsLeastRttRisesByTheClampedThreshold) {
  const struct { double base_ms, thresh_ms; } cases[] = {{20, 4}, {40, 5}, {200, 16}};
  for (const auto& c : cases) {
    for (const double rise_ms : {c.thresh_ms + 0.5, c.thresh_ms - 0.5}) {
      HyStartPpRig rig([&](double cwnd) { return Ms(c.base_ms + (cwnd >= 40 ? rise_ms : 0)); });
      const bool css = rig.AckUntil([&] { return rig.phase() == HsppPhase::kConservative; }, 400);
      EXPECT_EQ(css, rise_ms > c.thresh_ms) << "base " << c.base_ms << " ms, rise " << rise_ms << " ms";
      EXPECT_FALSE(rig.cubic().ssthresh_set());
      if (!css) continue;
      // Where CSS began, the last round's least RTT was the base.
      ASSERT_TRUE(rig.cubic().hystart_pp().rtt_thresh().has_value());
      EXPECT_EQ(*rig.cubic().hystart_pp().rtt_thresh(), Ms(c.thresh_ms)) << "base " << c.base_ms;
    }
  }
  // Without HyStart++ the same rise changes nothing: slow start until a loss.
  HyStartPpRig none([](double cwnd) { return Ms(cwnd >= 40 ? 60 : 40); }, Cubic::Params::HyStart::kNone);
  for (int i = 0; i < 400; ++i) none.Ack();
  EXPECT_FALSE(none.cubic().ssthresh_set());
  EXPECT_GT(none.sender().cwnd_segments(), 400);
}

// §4.2: the rule is judged only once a round has N_RTT_SAMPLE = 8 RTT samples (§4.3):
// fed to HyStart++ itself, a round of 40 ms samples, then a round whose samples are all
// 10 ms higher (above 40 + 5 ms): its 7th sample leaves slow start alone, its 8th enters
// CSS. Back in slow start the same holds for the fall below the baseline (7 samples
// below it leave CSS alone, the 8th ends it).
TEST(HyStartPlusPlus, JudgesARoundOnlyFromItsEighthRttSample) {
  HyStartPlusPlus h;
  uint64_t una = 0;
  const uint64_t kRound = 20 * kMss;  // each round's window: 20 ACKs of one segment
  // A round: its first ACK starts it (snd_una reached the last round's end).
  auto ack = [&](Time rtt) {
    una += kMss;
    return h.OnAck(una, una + kRound, rtt);
  };
  for (int i = 0; i < 20; ++i) ack(Ms(40));
  for (int i = 1; i <= 7; ++i) {
    ack(Ms(50));
    EXPECT_EQ(h.phase(), HsppPhase::kSlowStart) << "sample " << i;
  }
  ack(Ms(50));
  EXPECT_EQ(h.phase(), HsppPhase::kConservative);
  for (int i = 8; i < 20; ++i) ack(Ms(50));  // the rest of the round
  for (int i = 1; i <= 7; ++i) {
    ack(Ms(45));
    EXPECT_EQ(h.phase(), HsppPhase::kConservative) << "sample " << i << " below the baseline";
  }
  ack(Ms(45));
  EXPECT_EQ(h.phase(), HsppPhase::kSlowStart);
}

// §4.2: in CSS, cwnd += min(N, L x SMSS) / CSS_GROWTH_DIVISOR: each ACK of one segment adds
// a quarter of what it adds in slow start (1000 bytes there, 250 here).
TEST(HyStartPlusPlus, CssGrowsAtAQuarterOfSlowStartsRate) {
  HyStartPpRig rig([](double cwnd) { return Ms(cwnd >= 40 ? 50 : 40); });
  EXPECT_EQ(rig.Ack(), static_cast<int64_t>(kMss)) << "slow start";
  ASSERT_TRUE(rig.AckUntil([&] { return rig.phase() == HsppPhase::kConservative; }));
  for (int i = 0; i < 20; ++i) EXPECT_EQ(rig.Ack(), static_cast<int64_t>(kMss / 4)) << "ACK " << i << " in CSS";
  EXPECT_EQ(rig.phase(), HsppPhase::kConservative);
}

// §4.2: in CSS, once a round has 8 samples and its least RTT is below cssBaselineMinRtt,
// the rise was spurious: back to slow start (whole segments per ACK again), with
// HyStart++ still watching (a later rise enters CSS again).
TEST(HyStartPlusPlus, ReturnsToSlowStartWhenTheRttFallsBelowTheCssBaseline) {
  HyStartPpRig rig([](double cwnd) { return Ms(cwnd >= 40 ? 50 : 40); });
  ASSERT_TRUE(rig.AckUntil([&] { return rig.phase() == HsppPhase::kConservative; }));
  rig.set_rtt([](double) { return Ms(42); });  // the queue drains: below the 50 ms baseline
  ASSERT_TRUE(rig.AckUntil([&] { return rig.phase() == HsppPhase::kSlowStart; }, 200));
  EXPECT_FALSE(rig.cubic().ssthresh_set());
  EXPECT_EQ(rig.Ack(), static_cast<int64_t>(kMss));
  rig.set_rtt([](double cwnd) { return Ms(cwnd >= 100 ? 60 : 42); });
  EXPECT_TRUE(rig.AckUntil([&] { return rig.phase() == HsppPhase::kConservative; }, 1000));
  // Without the fall, CSS stays until its rounds run out.
  HyStartPpRig steady([](double cwnd) { return Ms(cwnd >= 40 ? 50 : 40); });
  ASSERT_TRUE(steady.AckUntil([&] { return steady.phase() == HsppPhase::kConservative; }));
  for (int i = 0; i < 30; ++i) steady.Ack();
  EXPECT_EQ(steady.phase(), HsppPhase::kConservative);
}

// §4.2: after CSS_ROUNDS = 5 rounds of CSS (the round it began in counted), congestion
// avoidance: ssthresh = cwnd, and from then on CUBIC's law (no more quarter steps).
TEST(HyStartPlusPlus, EntersCongestionAvoidanceAfterCssRounds) {
  HyStartPpRig rig([](double cwnd) { return Ms(cwnd >= 40 ? 50 : 40); });
  ASSERT_TRUE(rig.AckUntil([&] { return rig.phase() == HsppPhase::kConservative; }));
  // Count the rounds CSS sees: a round ends when the window sent at its start is acked.
  int rounds_ended = 0;
  int acks = 0;
  while (!rig.cubic().ssthresh_set() && acks < 5000) {
    const int before = rig.cubic().hystart_pp().css_rounds();
    rig.Ack();
    ++acks;
    if (rig.cubic().hystart_pp().css_rounds() != before) ++rounds_ended;
  }
  ASSERT_TRUE(rig.cubic().ssthresh_set());
  EXPECT_EQ(rounds_ended, 5);  // §4.3 CSS_ROUNDS, not the header's constant: a test of it
  EXPECT_EQ(rig.cubic().ssthresh(), rig.cubic().cwnd()) << "ssthresh = cwnd";
  EXPECT_FALSE(rig.cubic().InSlowStart());
  // CUBIC's avoidance: far less than a quarter segment per ACK at this window.
  EXPECT_LT(rig.Ack(), static_cast<int64_t>(kMss / 4));
}

// §4.2: a loss in CSS ends slow start: the control's own reduction (beta = 0.7) sets
// ssthresh, and the window no longer grows by slow start's or CSS's steps.
TEST(HyStartPlusPlus, ALossInCssEntersCongestionAvoidance) {
  HyStartPpRig rig([](double cwnd) { return Ms(cwnd >= 40 ? 50 : 40); });
  ASSERT_TRUE(rig.AckUntil([&] { return rig.phase() == HsppPhase::kConservative; }));
  const double cwnd = rig.sender().cwnd_segments();
  rig.sender().Loss();
  EXPECT_TRUE(rig.cubic().ssthresh_set());
  EXPECT_NEAR(rig.sender().cwnd_segments(), 0.7 * cwnd, 1.0);
  EXPECT_FALSE(rig.cubic().InSlowStart());
  EXPECT_LT(rig.Ack(), static_cast<int64_t>(kMss / 4));
}

// AIMD's slow start (Tahoe, Reno, NewReno, SACK, ...) runs the same HyStart++ with
// aimd.hystart = rfc9406: the RTT rise of 10 ms on a 40 ms path enters CSS (quarter
// steps), and CSS's rounds run out into congestion avoidance (ssthresh = cwnd). Off, the
// same RTTs leave slow start alone.
TEST(HyStartPlusPlus, AimdsSlowStartRunsItToo) {
  for (const bool on : {true, false}) {
    RttStats rtt{RttStats::Params{}};
    Aimd aimd(Aimd::Params{on});
    aimd.Init(&rtt, kMss, 10 * kMss);
    TcpState s;
    s.mss = kMss;
    s.snd_max = aimd.cwnd();
    Time now = Time::FromSeconds(1);
    int quarter_steps = 0;
    for (int i = 0; i < 3000 && !aimd.ssthresh_set(); ++i) {
      now += Ms(1);
      rtt.OnSample(Ms(aimd.cwnd() >= 40 * kMss ? 50 : 40));
      aimd.OnRttUpdated(now);
      const uint64_t before = aimd.cwnd();
      s.snd_una += kMss;
      aimd.OnAck(s, kMss, now);
      aimd.OnAckReceived(s, RateSample{}, now);
      s.snd_max = std::max(s.snd_max, s.snd_una + aimd.cwnd());
      if (aimd.cwnd() - before == kMss / 4) ++quarter_steps;
    }
    if (on) {
      EXPECT_TRUE(aimd.ssthresh_set());
      EXPECT_EQ(aimd.ssthresh(), aimd.cwnd());
      EXPECT_GT(quarter_steps, 40);
      EXPECT_EQ(aimd.hystart_pp().css_rounds(), 5);  // §4.3 CSS_ROUNDS
    } else {
      EXPECT_FALSE(aimd.ssthresh_set());
      EXPECT_EQ(quarter_steps, 0);
    }
  }
}

// On a deep buffer (10 Mb/s, 14 ms, 1000 packets = 0.83 s of queue), standard slow start
// runs until the buffer overflows and loses a window's worth; HyStart++ sees the RTT
// rise, leaves slow start earlier and loses far less, for CUBIC (cubic.hystart) and
// NewReno (aimd.hystart). Measured: CUBIC 1.86 s, 2218 drops, 2 timeouts without; 1.14 s,
// 197 drops, none with. NewReno 1.86 s, 2969 drops, 3 timeouts (5.34 Mb/s) without;
// 1.14 s, no drop (9.56 Mb/s) with.
TEST(HyStartPlusPlus, OnADeepBufferItLeavesSlowStartEarlierWithFewerLosses) {
  struct Outcome {
    double exit_s = -1;  // first ssthresh point: the end of slow start
    int64_t drops = 0, timeouts = 0;
    double goodput = 0;
  };
  const auto run = [](const std::string& protocol, const std::string& hystart) {
    nlohmann::json s = nlohmann::json::parse(R"({"duration_s": 20,
      "topology": {"bottleneck": {"rate_mbps": 10, "delay_ms": 14, "queue_packets": 1000}},
      "flows": [{"channel": {"forward": {"model": "none"}}, "app": {"token_bucket": {"enabled": false}}}]})");
    s["flows"][0]["protocol"] = protocol;
    s["flows"][0][protocol == "cubic" ? "cubic" : "aimd"]["hystart"] = hystart;
    const testing::RunResult r = testing::RunOk(s);
    Outcome o;
    const auto it = r.series.find("ssthresh");
    if (it != r.series.end() && !it->second.t.empty()) o.exit_s = it->second.t.front();
    o.drops = r.summary["queue_drops"].get<int64_t>();
    o.timeouts = r.summary["timeouts"].get<int64_t>();
    o.goodput = r.summary["goodput_mbps"].get<double>();
    return o;
  };
  for (const std::string protocol : {"cubic", "newreno"}) {
    const Outcome standard = run(protocol, "none"), pp = run(protocol, "rfc9406");
    std::cout << protocol << ": slow start ends at " << standard.exit_s << " s with " << standard.drops << " drops, "
              << standard.timeouts << " timeouts, " << standard.goodput << " Mb/s (none); at " << pp.exit_s
              << " s with " << pp.drops << " drops, " << pp.timeouts << " timeouts, " << pp.goodput
              << " Mb/s (rfc9406)\n";
    ASSERT_GT(standard.exit_s, 0) << protocol;
    ASSERT_GT(pp.exit_s, 0) << protocol;
    EXPECT_LT(pp.exit_s, standard.exit_s) << protocol;
    EXPECT_LT(pp.drops * 4, standard.drops) << protocol;
    EXPECT_LE(pp.timeouts, standard.timeouts) << protocol;
  }
}

}  // namespace
}  // namespace plab
