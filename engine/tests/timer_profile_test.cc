// The timer profiles (transport/timer_profile.h): each profile's rules pinned on a fake
// clock with numbers worked out by hand from the platform's source, then the sender and
// receiver running on them in a scenario.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "test_util.h"
#include "transport/rtt_stats.h"
#include "transport/timers/bsd_timers.h"
#include "transport/timers/ns2_timers.h"

namespace plab {
namespace {

using plab::testing::RunOk;
using plab::testing::RunResult;

using testing::Ms;

RttStats::Params Bounds(double min_ms, double initial_ms, double max_ms, std::shared_ptr<const TimerProfile> timers) {
  RttStats::Params p;
  p.min_rto = Ms(min_ms);
  p.initial_rto = Ms(initial_ms);
  p.max_rto = Ms(max_ms);
  p.timers = std::move(timers);
  return p;
}

// One timed segment sent at `sent_ms`, acknowledged at `acked_ms`.
void Timed(RttStats& rtt, double sent_ms, double acked_ms) {
  rtt.OnTimedSample(Ms(acked_ms - sent_ms), Ms(acked_ms), false);
}

// --- 4.4BSD / x-kernel -------------------------------------------------------------

TEST(BsdTimers, SrttAndRttvarFollowTcpXmitTimerInSlowTicks) {
  RttStats rtt(Bounds(1000, 1000, 64000, std::make_shared<BsdTimers>()));
  // Before a sample: the initial RTO in whole ticks.
  EXPECT_EQ(rtt.rto(), Ms(1000));
  // Sent at 0.1 s, acked at 0.7 s: one slow tick (0.5 s) passed, t_rtt = 1 + 1 = 2.
  // First sample: srtt = 2 << 3 = 16, rttvar = 2 << 1 = 4; RTO = (16 >> 3) + 4 = 6 ticks.
  Timed(rtt, 100, 700);
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 16);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 4);
  EXPECT_EQ(rtt.rto(), Ms(3000));
  // Sent at 1.2 s, acked at 1.3 s: no tick, t_rtt = 1. delta = 1 - 1 - 2 = -2: srtt = 14;
  // |delta| - (4 >> 2) = 1: rttvar = 5; RTO = (14 >> 3) + 5 = 6 ticks.
  Timed(rtt, 1200, 1300);
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 14);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 5);
  EXPECT_EQ(rtt.rto(), Ms(3000));
  // Sent at 1.9 s, acked at 3.1 s: ticks at 2.0, 2.5, 3.0, t_rtt = 4. delta = 4 - 1 - 1 = 2:
  // srtt = 16; 2 - (5 >> 2) = 1: rttvar = 6; RTO = 2 + 6 = 8 ticks.
  Timed(rtt, 1900, 3100);
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 16);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 6);
  EXPECT_EQ(rtt.rto(), Ms(4000));
}

TEST(BsdTimers, ALanRtoIsThreeTicksAndTheFloorIsTRttmin) {
  RttStats rtt(Bounds(1000, 1000, 64000, std::make_shared<BsdTimers>()));
  // A 10 ms path: every sample is t_rtt = 1. srtt falls to 7 (7 >> 3 = 0) and rttvar
  // settles at 3 (3 >> 2 = 0): REXMTVAL = 0 + 3 ticks, the "1.5 tick" bias the
  // tcp_xmit_timer comment counts on, above the 2-tick TCPTV_MIN.
  for (int i = 0; i < 60; ++i) Timed(rtt, 1000.0 * i + 100, 1000.0 * i + 110);
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 7);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 3);
  EXPECT_EQ(rtt.rto(), Ms(1500));
  // t_rttmin is in whole ticks, rounded up: 2.1 s -> 5 ticks.
  RttStats floor(Bounds(2100, 1000, 64000, std::make_shared<BsdTimers>()));
  for (int i = 0; i < 60; ++i) Timed(floor, 1000.0 * i + 100, 1000.0 * i + 110);
  EXPECT_EQ(floor.rto(), Ms(2500));
  // Before any sample a 200 ms initial RTO is 1 tick, raised to TCPTV_MIN's 2 (1 s).
  RttStats initial(Bounds(1000, 200, 64000, std::make_shared<BsdTimers>()));
  EXPECT_EQ(initial.rto(), Ms(1000));
}

TEST(BsdTimers, BackoffFollowsTheTableAndForgetsSrttAfterFourTimeouts) {
  RttStats rtt(Bounds(1000, 1000, 64000, std::make_shared<BsdTimers>()));
  Timed(rtt, 100, 700);                 // REXMTVAL = 6 ticks, as above
  const double want_s[] = {6, 12, 24};  // x2, x4, x8 of 3 s
  for (double s : want_s) {
    rtt.Backoff();
    EXPECT_EQ(rtt.rto(), Ms(s * 1000));
  }
  // The fourth timeout (t_rxtshift 4 > 12 / 4): rttvar += srtt >> 3 (4 + 2), srtt = 0;
  // REXMTVAL = 6 ticks still, x16 = 96 ticks = 48 s; then x32 and beyond hits 64 s.
  rtt.Backoff();
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 0);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 6);
  EXPECT_EQ(rtt.rto(), Ms(48000));
  rtt.Backoff();
  EXPECT_EQ(rtt.rto(), Ms(64000));  // TCPTV_REXMTMAX
  for (int i = 0; i < 20; ++i) rtt.Backoff();
  EXPECT_EQ(rtt.rto(), Ms(64000));
  // The next sample starts afresh (srtt was 0) and clears the shift.
  // t_rtt = 1: srtt = 8, rttvar = 2; REXMTVAL = 1 + 2 = 3 ticks, shift 0 again.
  Timed(rtt, 100000, 100100);
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 8);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 2);
  EXPECT_EQ(rtt.rto(), Ms(1500));
}

TEST(BsdTimers, TimerFiresOnASlowTickBetweenRtoLessATickAndRto) {
  const BsdTimers bsd;
  // Two ticks set at 0.3 s: decremented at 0.5 and 1.0 s, fires at 1.0 s (0.7 s later).
  EXPECT_EQ(bsd.TimerExpiry(Ms(300), Ms(1000)), Ms(1000));
  // Set on a tick (the tick at 0.5 s has already run): fires at 1.5 s, a full RTO later.
  EXPECT_EQ(bsd.TimerExpiry(Ms(500), Ms(1000)), Ms(1500));
  // Set just before a tick: 0.5 s plus a nanosecond later.
  EXPECT_EQ(bsd.TimerExpiry(Ms(499.999999), Ms(1000)), Ms(1000));
}

TEST(BsdTimers, DelayedAckGoesOutOnTheNextFastTick) {
  const BsdTimers bsd;
  EXPECT_EQ(bsd.DelayedAckAt(Ms(310), Ms(200)), Ms(400));
  EXPECT_EQ(bsd.DelayedAckAt(Ms(400), Ms(200)), Ms(600));
  EXPECT_EQ(bsd.DelayedAckAt(Ms(1), Ms(200)), Ms(200));
}

// --- ns-2 --------------------------------------------------------------------------

// ns-2's rtt_update() on a given RTT sequence, tcpTick_ 10 ms, computed by hand:
//   s1: sent 0, acked 0.100: t_rtt = 10. srtt = 80, rttvar = 20,
//       t_rtxcur_ = ((20 << 3) + 80) >> 3 = 30 ticks = 300 ms
//   s2: sent 0.200, acked 0.320: t_rtt = 32 - 20 = 12. delta = 12 - 10 = 2: srtt = 82;
//       2 - (20 >> 2) = -3: rttvar = 17; ((17 << 3) + 82) >> 3 = 218 >> 3 = 27 -> 270 ms
//   s3: sent 0.405, acked 0.485: t_rtt = 48 - 40 = 8. delta = 8 - 10 = -2: srtt = 80;
//       2 - (17 >> 2) = -2: rttvar = 15; ((15 << 3) + 80) >> 3 = 25 -> 250 ms
TEST(Ns2Timers, RttUpdateMatchesNs2IntegerTickArithmetic) {
  RttStats rtt(Bounds(200, 3000, 60000, std::make_shared<Ns2Timers>(Ms(10))));
  EXPECT_EQ(rtt.rto(), Ms(3000));  // rtxcur_init_
  Timed(rtt, 0, 100);
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 80);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 20);
  EXPECT_EQ(rtt.rto(), Ms(300));
  Timed(rtt, 200, 320);
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 82);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 17);
  EXPECT_EQ(rtt.rto(), Ms(270));
  Timed(rtt, 405, 485);
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 80);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 15);
  EXPECT_EQ(rtt.rto(), Ms(250));
  // With timestamps the span is rounded, not the ticks counted: 84.9 ms -> 8 ticks.
  RttStats ts(Bounds(1, 3000, 60000, std::make_shared<Ns2Timers>(Ms(10))));
  ts.OnTimedSample(Ms(84.9), Ms(1000), true);
  EXPECT_EQ(ts.tick_estimate().srtt_x8, 64);
}

TEST(Ns2Timers, MinrtoBeforeTheBackoffAndTwoTicksAtLeast) {
  RttStats rtt(Bounds(1000, 3000, 60000, std::make_shared<Ns2Timers>(Ms(10))));
  Timed(rtt, 0, 100);  // t_rtxcur_ 300 ms < minrto_ 1 s
  EXPECT_EQ(rtt.rto(), Ms(1000));
  rtt.Backoff();  // minrto_ * t_backoff_, not max(minrto_, t_rtxcur_ * t_backoff_) = 1 s
  EXPECT_EQ(rtt.rto(), Ms(2000));
  // A 10 ms path on 100 ms ticks (ns-2 before 2002), no minrto_: t_rtt is 1 tick at
  // least, srtt 8, rttvar 2: ((2 << 3) + 8) >> 3 = 3 ticks.
  RttStats coarse(Bounds(1, 3000, 60000, std::make_shared<Ns2Timers>(Ms(100))));
  for (int i = 0; i < 40; ++i) Timed(coarse, 1000.0 * i + 10, 1000.0 * i + 20);
  EXPECT_EQ(coarse.rto(), Ms(300));
  // rtt_timeout()'s floor: never under 2 ticks (here an initial RTO of 1 ms).
  RttStats floor(Bounds(1, 1, 60000, std::make_shared<Ns2Timers>(Ms(100))));
  EXPECT_EQ(floor.rto(), Ms(200));
}

TEST(Ns2Timers, BackoffDoublesToTheCapAndClobbersSrttPastEight) {
  RttStats rtt(Bounds(200, 3000, 60000, std::make_shared<Ns2Timers>(Ms(10))));
  Timed(rtt, 0, 100);  // 300 ms
  for (int k = 1; k <= 3; ++k) {
    rtt.Backoff();
    EXPECT_EQ(rtt.rto(), Ms(300 << k));
  }
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 80);
  rtt.Backoff();  // t_backoff_ 16 > 8: rttvar += srtt >> 3, srtt = 0
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 0);
  EXPECT_EQ(rtt.tick_estimate().rttvar_x4, 30);
  EXPECT_EQ(rtt.rto(), Ms(4800));  // t_rtxcur_ is kept until the next sample
  for (int i = 0; i < 10; ++i) rtt.Backoff();
  EXPECT_EQ(rtt.rto(), Ms(60000));  // maxrto_
  Timed(rtt, 100000, 100100);       // a first sample again; t_backoff_ = 1
  EXPECT_EQ(rtt.tick_estimate().srtt_x8, 80);
  EXPECT_EQ(rtt.rto(), Ms(300));
  // The timer fires exactly RTO later (resched), off any tick.
  EXPECT_EQ(Ns2Timers(Ms(10)).TimerExpiry(Ms(123.456), Ms(300)), Ms(423.456));
}

// --- in a run ------------------------------------------------------------------------

// 10 segments, the last dropped: nothing but the retransmission timer repairs it.
nlohmann::json TailLoss(const std::string& timers) {
  return {
      {"duration_s", 10},
      {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}, {"queue_packets", 1000}}}}},
      {"flows",
       {{{"protocol", "reno"},
         {"tcp", {{"timers", timers}, {"min_rto_ms", 1000}}},
         {"channel", {{"forward", {{"model", "scripted"}, {"drop_packets", {9}}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"size_bytes", 10000}, {"token_bucket", {{"enabled", false}}}}}}}}};
}

TEST(TimerProfilesInARun, BsdTimeoutFiresOnASlowTickWithinATickOfItsRto) {
  const RunResult fine = RunOk(TailLoss("rfc6298"));
  const RunResult bsd = RunOk(TailLoss("bsd"));
  ASSERT_EQ(fine.summary["timeouts"].get<int>(), 1);
  ASSERT_EQ(bsd.summary["timeouts"].get<int>(), 1);
  const double t_fine = fine.series.at("timeout").t.at(0);
  const double t_bsd = bsd.series.at("timeout").t.at(0);
  const auto on_tick = [](double t) { return std::abs(t / 0.5 - std::round(t / 0.5)) < 1e-9; };
  EXPECT_FALSE(on_tick(t_fine)) << t_fine;  // the fine timer runs out exactly 1 s after the last ACK
  EXPECT_TRUE(on_tick(t_bsd)) << t_bsd;
  // Both armed by the same last ACK, at t_fine - 1 s (the fine RTO is the 1 s minimum).
  // BSD's RTO there is 3 ticks (a ~50 ms path: t_rtt 1, see above), so the countdown
  // fires after 2.5-3 ticks.
  const auto& rto = bsd.series.at("rto");
  double rto_s = 0;
  for (size_t i = 0; i < rto.t.size() && rto.t[i] < t_bsd; ++i) rto_s = rto.v[i] / 1000;
  EXPECT_EQ(rto_s, 1.5);
  const double armed = t_fine - 1.0;
  EXPECT_GT(t_bsd - armed, rto_s - 0.5);
  EXPECT_LE(t_bsd - armed, rto_s);
  EXPECT_TRUE(bsd.summary["completed"].get<bool>());
}

TEST(TimerProfilesInARun, Ns2TimeoutUsesMinrtoAndFiresExactly) {
  nlohmann::json s = TailLoss("ns2");
  s["flows"][0]["tcp"]["min_rto_ms"] = 200;
  const RunResult ns2 = RunOk(s);
  ASSERT_EQ(ns2.summary["timeouts"].get<int>(), 1);
  const RunResult fine = RunOk(TailLoss("rfc6298"));
  // A ~50 ms path: t_rtxcur_ is a few hundred ms, well under the fine profile's 1 s.
  EXPECT_LT(ns2.series.at("timeout").t.at(0), fine.series.at("timeout").t.at(0) - 0.3);
}

// A live 200 kb/s stream (a segment every 40 ms) over a 50 ms round trip loses one
// segment: its three duplicate ACKs come back 40, 80 and 120 ms late, so the fast
// retransmission leaves 160 ms after the last new ACK armed the 200 ms timer.
nlohmann::json LateThirdDuplicate(const std::string& protocol, const std::string& timers) {
  return {
      {"duration_s", 6},
      {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}, {"queue_packets", 1000}}}}},
      {"flows",
       {{{"protocol", protocol},
         {"tcp", {{"timers", timers}, {"min_rto_ms", 200}}},
         {"channel", {{"forward", {{"model", "scripted"}, {"drop_packets", {60}}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"token_bucket", {{"enabled", false}}}, {"stream", {{"enabled", true}, {"rate_kbps", 200}}}}}}}}};
}

// ns-2 restarts the retransmission timer when it enters fast recovery: every
// dupack_action() (tcp.cc Reno/Tahoe, tcp-newreno.cc, tcp-sack1.cc) calls
// reset_rtx_timer(1, 0), as BSD's tcp_input clears t_timer[TCPT_REXMT] before
// tcp_output re-arms it. So the retransmission gets a whole RTO to come back. RFC 6298
// (§5.1: start the timer only when it is not running) lets it fire 40 ms after the
// retransmission left, before its ACK can return.
TEST(TimerProfilesInARun, Ns2FastRetransmitRestartsTheTimerSoTheRepairIsNotCutShort) {
  for (const char* protocol : {"reno", "newreno", "sack"}) {
    const RunResult ns2 = RunOk(LateThirdDuplicate(protocol, "ns2"));
    EXPECT_EQ(ns2.summary["fast_retransmits"].get<int>(), 1) << protocol;
    EXPECT_EQ(ns2.summary["timeouts"].get<int>(), 0) << protocol;
    EXPECT_EQ(ns2.summary["retransmissions"].get<int>(), 1) << protocol;
  }
  // The fine profile keeps RFC 6298's timer: the same loss times out.
  const RunResult fine = RunOk(LateThirdDuplicate("sack", "rfc6298"));
  EXPECT_EQ(fine.summary["fast_retransmits"].get<int>(), 1);
  EXPECT_EQ(fine.summary["timeouts"].get<int>(), 1);
}

// With a window of 2 segments and an ACK every 16, every ACK is the timer's.
nlohmann::json DelayedAcks(const std::string& timers) {
  return {{"duration_s", 3},
          {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 13}, {"queue_packets", 1000}}}}},
          {"flows",
           {{{"protocol", "reno"},
             {"tcp",
              {{"timers", timers},
               {"max_window_segments", 2},
               {"delayed_ack", true},
               {"delayed_ack_count", 16},
               {"delayed_ack_timeout_ms", 200}}},
             {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
             {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
}

// Whether every ACK arrived a whole number of `period_s` after the first.
bool AcksOnOneGrid(const plab::testing::Series& acks, double period_s) {
  for (double t : acks.t) {
    const double k = (t - acks.t.at(0)) / period_s;
    if (std::abs(k - std::round(k)) > 1e-6) return false;
  }
  return true;
}

TEST(TimerProfilesInARun, BsdDelayedAcksLeaveOnTheFastTimersHeartbeat) {
  const RunResult bsd = RunOk(DelayedAcks("bsd"));
  const RunResult fine = RunOk(DelayedAcks("rfc6298"));
  const auto& acks = bsd.series.at("seq_acked");
  ASSERT_GT(acks.t.size(), 5u);
  EXPECT_TRUE(AcksOnOneGrid(acks, 0.2));
  EXPECT_FALSE(AcksOnOneGrid(fine.series.at("seq_acked"), 0.2));
  // Each round trip waits for the next tick: the heartbeat's mean wait is shorter than
  // the per-segment timer's full 200 ms, so more ACKs come back.
  EXPECT_GT(acks.t.size(), fine.series.at("seq_acked").t.size());
}

TEST(TimerProfilesInARun, UnknownProfileIsRefusedNamingTheField) {
  nlohmann::json s = TailLoss("linux");
  const std::string error = plab::testing::FirstError(s.dump());
  EXPECT_NE(error.find("flows[0].tcp.timers"), std::string::npos) << error;
  EXPECT_NE(error.find("rfc6298"), std::string::npos) << error;
}

}  // namespace
}  // namespace plab
