// Scenario-tier tests: drop chosen segments of one window and check the textbook
// differences between Tahoe, Reno and NewReno (Fall & Floyd, "Simulation-based
// comparisons of Tahoe, Reno and SACK TCP", 1996; RFC 5681; RFC 6582).
//
// Setup: 10 Mb/s, 24 ms bottleneck with room for every packet, a 100-segment
// transfer, the window held at 20 segments by the receiver. Segments 50, 52, 54, 56
// are in one window; with no loss before, data packet k is segment k, so scripted
// drop indices name segments.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "test_util.h"

namespace plab {
namespace {

using plab::testing::RunOk;
using plab::testing::RunResult;

nlohmann::json DropScenario(const std::string& protocol, int drops) {
  nlohmann::json list = nlohmann::json::array();
  for (int i = 0; i < drops; ++i) list.push_back(50 + 2 * i);
  return {
      {"duration_s", 30},
      {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}, {"queue_packets", 1000}}}}},
      {"flows",
       {{{"protocol", protocol},
         {"tcp", {{"initial_window_segments", 2}, {"max_window_segments", 20}}},
         {"channel", {{"forward", {{"model", "scripted"}, {"drop_packets", list}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"size_bytes", 100000}, {"token_bucket", {{"enabled", false}}}}}}}}};
}

double MinAfter(const plab::testing::Series& s, double t0) {
  double m = 1e18;
  for (size_t i = 0; i < s.t.size(); ++i) {
    if (s.t[i] >= t0) m = std::min(m, s.v[i]);
  }
  return m;
}

int Get(const RunResult& r, const char* key) { return r.summary[key].get<int>(); }

TEST(ScriptedDrops, NoLossNoRecovery) {
  for (const char* p : {"tahoe", "reno", "newreno"}) {
    const RunResult r = RunOk(DropScenario(p, 0));
    EXPECT_TRUE(r.summary["completed"].get<bool>()) << p;
    EXPECT_EQ(Get(r, "retransmissions"), 0) << p;
  }
}

TEST(ScriptedDrops, OneLossIsRepairedByFastRetransmitEverywhere) {
  for (const char* p : {"tahoe", "reno", "newreno"}) {
    const RunResult r = RunOk(DropScenario(p, 1));
    EXPECT_TRUE(r.summary["completed"].get<bool>()) << p;
    EXPECT_EQ(Get(r, "fast_retransmits"), 1) << p;
    EXPECT_EQ(Get(r, "timeouts"), 0) << p;
    EXPECT_EQ(Get(r, "retransmissions"), 1) << p;
  }
}

TEST(ScriptedDrops, TahoeSlowStartsFromOneSegmentRenoHalves) {
  const RunResult tahoe = RunOk(DropScenario("tahoe", 1));
  const RunResult reno = RunOk(DropScenario("reno", 1));
  const double fr_tahoe = tahoe.series.at("fast_retransmit").t.at(0);
  const double fr_reno = reno.series.at("fast_retransmit").t.at(0);
  EXPECT_EQ(MinAfter(tahoe.series.at("cwnd"), fr_tahoe), 1.0);
  // Reno: ssthresh = FlightSize / 2 = 10 segments, never below it afterwards.
  EXPECT_EQ(MinAfter(reno.series.at("cwnd"), fr_reno), 10.0);
  EXPECT_EQ(reno.series.at("ssthresh").v.at(0), 10.0);
}

TEST(ScriptedDrops, RenoTimesOutWithThreeLossesInOneWindowNewRenoDoesNot) {
  const RunResult reno = RunOk(DropScenario("reno", 3));
  const RunResult newreno = RunOk(DropScenario("newreno", 3));
  EXPECT_GE(Get(reno, "timeouts"), 1);
  EXPECT_EQ(Get(newreno, "timeouts"), 0);
  EXPECT_LT(newreno.summary["connection_time_s"].get<double>(),
            reno.summary["connection_time_s"].get<double>() - 0.5);  // Reno waited for its RTO
}

TEST(ScriptedDrops, NewRenoRepairsOneHolePerPartialAckWithOneFastRetransmit) {
  for (int k = 1; k <= 4; ++k) {
    const RunResult r = RunOk(DropScenario("newreno", k));
    EXPECT_EQ(Get(r, "fast_retransmits"), 1) << k << " losses";
    EXPECT_EQ(Get(r, "partial_acks"), k - 1) << k << " losses";
    EXPECT_EQ(Get(r, "retransmissions"), k) << k << " losses";  // no spurious resend
    EXPECT_EQ(Get(r, "timeouts"), 0) << k << " losses";
  }
}

TEST(ScriptedDrops, NewRenoNeedsOneRoundTripPerLoss) {
  // Recovery lasts from the fast retransmit to the last partial ACK + 1 RTT: k - 1 RTTs
  // between the first and the last partial-ACK-triggered retransmission.
  const RunResult r = RunOk(DropScenario("newreno", 4));
  const auto& pa = r.series.at("partial_ack").t;
  ASSERT_EQ(pa.size(), 3u);
  const double rtt_s = 0.050;  // 2 x (24 + 1) ms plus queueing of at most 20 packets
  for (size_t i = 1; i < pa.size(); ++i) {
    EXPECT_GE(pa[i] - pa[i - 1], rtt_s);
    EXPECT_LE(pa[i] - pa[i - 1], rtt_s + 0.02);
  }
}

TEST(ScriptedDrops, TahoeNeverTimesOutForAFewLossesButResendsTheWindow) {
  for (int k = 1; k <= 3; ++k) {
    const RunResult r = RunOk(DropScenario("tahoe", k));
    EXPECT_EQ(Get(r, "timeouts"), 0) << k;
    EXPECT_EQ(Get(r, "fast_retransmits"), 1) << k;
    EXPECT_GE(Get(r, "retransmissions"), k) << k;  // go-back-N may resend delivered data
  }
}

TEST(ScriptedDrops, LostAcksAloneDoNotTriggerRetransmissions) {
  // Cumulative ACKs cover for lost ACKs: drop every third ACK, nothing is resent.
  nlohmann::json s = DropScenario("newreno", 0);
  nlohmann::json acks = nlohmann::json::array();
  for (int i = 3; i < 100; i += 3) acks.push_back(i);
  s["flows"][0]["channel"]["reverse"] = {{"model", "scripted"}, {"drop_packets", acks}};
  const RunResult r = RunOk(s);
  EXPECT_EQ(r.summary["reverse_channel_drops"].get<int>(), static_cast<int>(acks.size()));
  EXPECT_EQ(Get(r, "retransmissions"), 0);
  EXPECT_TRUE(r.summary["completed"].get<bool>());
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(ScriptedDropsSack, SackRepairsEveryLossOfTheWindowInOneRoundTrip) {
  // Fall & Floyd: with SACK the sender learns all holes from one window of ACKs and
  // retransmits them together; NewReno learns one hole per RTT.
  const double base = plab::testing::RunOk(DropScenario("sack", 1)).summary["connection_time_s"].get<double>();
  for (int k = 1; k <= 4; ++k) {
    const auto sack = plab::testing::RunOk(DropScenario("sack", k));
    const auto newreno = plab::testing::RunOk(DropScenario("newreno", k));
    EXPECT_EQ(sack.summary["timeouts"].get<int>(), 0) << k;
    EXPECT_EQ(sack.summary["fast_retransmits"].get<int>(), 1) << k;
    // Exactly the holes, plus at most RFC 6675's one rescue retransmission (NextSeg
    // rule 4), which it sends when the receiver window leaves nothing new to send.
    EXPECT_GE(sack.summary["retransmissions"].get<int>(), k) << k;
    EXPECT_LE(sack.summary["retransmissions"].get<int>(), k + 1) << k;
    const double t = sack.summary["connection_time_s"].get<double>();
    EXPECT_LT(t - base, 0.010) << k << " losses cost SACK more than a few packet times";
    if (k >= 2) {
      EXPECT_LT(t, newreno.summary["connection_time_s"].get<double>() - 0.05 * (k - 1) + 0.01) << k;
    }
  }
}

TEST(ScriptedDropsSack, SackOptionOffIsRefusedForSackRecovery) {
  nlohmann::json s = DropScenario("sack", 1);
  s["flows"][0]["tcp"]["sack"] = "off";
  EXPECT_EQ(plab::testing::FirstError(s.dump()),
            "flows[0].tcp.sack must be auto or on when loss recovery uses SACK (protocol sack, recovery default), got "
            "\"off\"");
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(ScriptedDropsSack, HowTheWindowEndsUp) {
  // Fall & Floyd: after recovering from k losses of a 20-segment window, NewReno and
  // SACK keep ssthresh = 10 and never fall back to one segment; Reno with 3 losses and
  // Tahoe with any do. (With the receiver window holding the sender at 20, little is
  // outstanding at NewReno's full ACK, so RFC 6582 option 1 sets cwnd = FlightSize +
  // SMSS, a few segments, and slow start refills to ssthresh within an RTT or two.)
  for (int k = 1; k <= 4; ++k) {
    for (const char* p : {"newreno", "sack"}) {
      const auto r = plab::testing::RunOk(DropScenario(p, k));
      const double fr = r.series.at("fast_retransmit").t.at(0);
      EXPECT_EQ(r.series.at("ssthresh").v.at(0), 10.0) << p << " k=" << k;
      EXPECT_GE(MinAfter(r.series.at("cwnd"), fr + 0.001), 2.0) << p << " k=" << k;  // no collapse
    }
    const auto tahoe = plab::testing::RunOk(DropScenario("tahoe", k));
    EXPECT_EQ(MinAfter(tahoe.series.at("cwnd"), tahoe.series.at("fast_retransmit").t.at(0)), 1.0) << k;
  }
  const auto reno3 = plab::testing::RunOk(DropScenario("reno", 3));
  EXPECT_EQ(MinAfter(reno3.series.at("cwnd"), reno3.series.at("timeout").t.at(0)), 1.0);
}

}  // namespace
}  // namespace plab
