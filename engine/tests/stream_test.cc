// Constrained streaming (TCP-ER §IV-A): the live CBR source offers only what has been
// generated, and the viewer's late packets, session frozen time and inter-packet
// arrival jitter, checked against hand-computed values.
#include <cmath>

#include <gtest/gtest.h>

#include "app/cbr_source.h"
#include "metrics/stream_metrics.h"
#include "test_util.h"

namespace plab {
namespace {

using testing::Ms;

TEST(CbrSource, OffersOnlyWhatTheEncoderHasMade) {
  // 1 Mb/s, 1000-byte packets: one every 8 ms from t = 1 s.
  CbrSource src({UINT64_MAX, 1e6, 1000, Time::FromSeconds(1)});
  Time retry;
  EXPECT_FALSE(src.TrySendNew(Ms(1007), 1000, &retry));
  EXPECT_EQ(retry, Ms(1008));
  EXPECT_TRUE(src.TrySendNew(Ms(1008), 1000, &retry));
  EXPECT_FALSE(src.TrySendNew(Ms(1008), 1000, &retry));  // the second is not made yet
  EXPECT_EQ(retry, Ms(1016));
  // After a stall the backlog may go at once: 10 packets exist at 1.080 s.
  int sent = 1;
  while (src.TrySendNew(Ms(1080), 1000, &retry)) ++sent;
  EXPECT_EQ(sent, 10);
}

StreamMetrics::Params TenPerSecond() {
  StreamMetrics::Params p;
  p.start = Time::Zero();
  p.packet_interval = Ms(100);  // 10 packets/s at the encoding rate
  p.packet_bytes = 1000;
  p.playback_ratio = 1;
  p.prebuffer = Time::FromSeconds(1);
  p.measure_from = Time::Zero();
  p.frozen_gap = Ms(200);
  return p;
}

TEST(StreamMetrics, APacketIsLateWhenReceivedAfterItsPlayoutTimeOrNever) {
  StreamMetrics m(TenPerSecond());
  // Packet i plays at 1 s + 100 ms x i. Packets 0-4 arrive in time, 5-9 together at
  // 1.75 s (5, 6 and 7 were due at 1.5, 1.6, 1.7 s), nothing more until the end at 2.05 s.
  for (int i = 0; i < 5; ++i) m.OnInOrderBytes(Ms(150 + 100 * i), (i + 1) * 1000);
  m.OnInOrderBytes(Ms(1750), 10000);
  m.Finish(Ms(2050));
  // Due by 2.05 s: packets 0-10. Late: 5, 6, 7 (received late) and 10 (never).
  EXPECT_EQ(m.played_packets(), 11);
  EXPECT_EQ(m.late_packets(), 4);
  EXPECT_NEAR(m.late_pct(), 100.0 * 4 / 11, 1e-9);
}

TEST(StreamMetrics, PlayingSlowerLeavesMoreTimeForEachPacket) {
  StreamMetrics::Params p = TenPerSecond();
  p.playback_ratio = 1.5;  // packet i plays at 1 s + 150 ms x i
  StreamMetrics m(p);
  for (int i = 0; i < 5; ++i) m.OnInOrderBytes(Ms(150 + 100 * i), (i + 1) * 1000);
  m.OnInOrderBytes(Ms(1750), 10000);  // packet 5 was due at 1.75 s: on time; 6-9 too
  m.Finish(Ms(2050));
  EXPECT_EQ(m.played_packets(), 8);  // 0-7 due by 2.05 s (packet 7 at 2.05 s exactly)
  EXPECT_EQ(m.late_packets(), 0);
}

TEST(StreamMetrics, FrozenTimeAddsTheGapsWithoutProgressFromTheThresholdOn) {
  StreamMetrics m(TenPerSecond());
  m.OnInOrderBytes(Ms(100), 1000);
  m.OnInOrderBytes(Ms(250), 2000);   // 150 ms: normal spacing
  m.OnInOrderBytes(Ms(1250), 3000);  // 1 s frozen
  m.OnInOrderBytes(Ms(1450), 4000);  // 200 ms: counts (at the threshold)
  m.Finish(Ms(1500));
  EXPECT_NEAR(m.frozen_time_s(), 1.0 + 0.2, 1e-12);
}

// TCP-ER §IV-A ties the SFT to timeouts: with frozen_counts = timeouts a long gap counts
// only if the sender's retransmission timer fired in it.
TEST(StreamMetrics, CountingTimeoutsOnlyAddsTheGapsInWhichTheTimerFired) {
  StreamMetrics::Params p = TenPerSecond();
  p.timeouts_only = true;
  StreamMetrics m(p);
  m.OnInOrderBytes(Ms(100), 1000);
  m.OnInOrderBytes(Ms(400), 2000);  // 300 ms, repaired without a timeout: not frozen
  m.OnSenderTimeout(Ms(700));
  m.OnInOrderBytes(Ms(900), 3000);   // 500 ms with a timeout in it: frozen
  m.OnInOrderBytes(Ms(1200), 4000);  // 300 ms, no timeout since the last move
  m.OnSenderTimeout(Ms(1300));
  m.Finish(Ms(1500));  // the open gap (300 ms) has a timeout: frozen
  EXPECT_NEAR(m.frozen_time_s(), 0.5 + 0.3, 1e-12);
}

TEST(StreamMetrics, FrozenTimeAndJitterCountOnlyAfterTheWarmUp) {
  StreamMetrics::Params p = TenPerSecond();
  p.measure_from = Ms(1000);
  StreamMetrics m(p);
  m.OnInOrderBytes(Ms(100), 1000);
  m.OnInOrderBytes(Ms(1300), 2000);  // a 1.2 s gap, 300 ms of it after the warm-up
  m.OnInOrderBytes(Ms(1400), 3000);
  m.OnInOrderBytes(Ms(1600), 4000);
  m.Finish(Ms(1600));
  EXPECT_NEAR(m.frozen_time_s(), 0.3 + 0.2, 1e-12);
  // Gaps whose earlier packet came after 1 s: 100 and 200 ms; std = 70.71 ms.
  EXPECT_NEAR(m.ipat_std_ms(), std::sqrt(5000.0), 1e-9);
}

TEST(StreamMetrics, PacketsReleasedTogetherByARetransmissionArriveWithZeroGaps) {
  StreamMetrics m(TenPerSecond());
  m.OnInOrderBytes(Ms(100), 1000);
  m.OnInOrderBytes(Ms(500), 4000);  // packets 1-3 at once: gaps 400, 0, 0
  m.Finish(Ms(500));
  const double mean = 400.0 / 3;
  const double var = ((400 - mean) * (400 - mean) + 2 * mean * mean) / 2;
  EXPECT_NEAR(m.ipat_std_ms(), std::sqrt(var), 1e-9);
}

// Through a whole run: a 1 Mb/s stream over a 10 Mb/s path sends at the encoding rate
// (the source, not the window, limits it), and with no loss nothing is late or frozen.
TEST(StreamRuns, ALiveStreamSendsAtItsEncodingRateAndIsNeverLateWithoutLoss) {
  const auto r = testing::RunOk(
      {{"seed", 1},
       {"duration_s", 30},
       {"flows",
        {{{"protocol", "sack_er"},
          {"channel", {{"forward", {{"model", "none"}}}}},
          {"app", {{"token_bucket", {{"enabled", false}}}, {"stream", {{"enabled", true}, {"rate_kbps", 1000}}}}}}}}});
  EXPECT_NEAR(r.summary["goodput_mbps"].get<double>(), 1.0, 0.02);
  EXPECT_EQ(r.summary["late_pct"], 0.0);
  EXPECT_EQ(r.summary["frozen_time_s"], 0.0);
  EXPECT_LT(r.summary["ipat_std_ms"].get<double>(), 1.0);  // packets every 8 ms, evenly
  EXPECT_EQ(r.summary["streams_late_pct"], 0.0);
}

// A 1 Mb/s stream over a 300 ms round trip loses one packet: SACK repairs it by fast
// retransmit (a round trip for the duplicate ACKs, one for the retransmission), no
// timeout. The in-order point then stands still for more than 200 ms, which counts as
// frozen gap by gap, and not at all when only timeouts' gaps count (TCP-ER §IV-A).
TEST(StreamRuns, AFastRecoveryLongerThanTheGapIsFrozenOnlyWhenEveryGapCounts) {
  auto run = [](const std::string& counts) {
    return testing::RunOk({{"seed", 1},
                           {"duration_s", 10},
                           {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 148}}}}},
                           {"flows",
                            {{{"protocol", "sack"},
                              {"channel", {{"forward", {{"model", "scripted"}, {"drop_packets", {300}}}}}},
                              {"app",
                               {{"token_bucket", {{"enabled", false}}},
                                {"stream", {{"enabled", true}, {"rate_kbps", 1000}, {"frozen_counts", counts}}}}}}}}})
        .summary;
  };
  const auto gaps = run("gaps");
  ASSERT_EQ(gaps["timeouts"], 0);
  ASSERT_EQ(gaps["fast_retransmits"], 1);
  EXPECT_GT(gaps["frozen_time_s"].get<double>(), 0.3);  // about 1.1 round trips
  EXPECT_EQ(run("timeouts")["frozen_time_s"], 0.0);
}

TEST(StreamRuns, AStreamAndATokenBucketOnOneFlowAreRefusedByName) {
  const std::string error =
      testing::FirstError(R"({"flows":[{"app":{"token_bucket":{"enabled":true},"stream":{"enabled":true}}}]})");
  EXPECT_NE(error.find("flows[0].app.stream.enabled"), std::string::npos) << error;
  EXPECT_NE(error.find("token_bucket"), std::string::npos) << error;
}

TEST(StreamRuns, WithoutAStreamItsFiguresAreNull) {
  const auto r = testing::RunOk({{"duration_s", 2}});
  EXPECT_TRUE(r.summary["late_pct"].is_null());
  EXPECT_TRUE(r.summary["streams_timeouts"].is_null());
}

TEST(BufferInBdp, FollowsTheBottleneckRateAndTheRoundTrip) {
  // 7 Mb/s x 50 ms = 43,750 bytes = 43.75 packets of 1000 bytes; 0.5 BDP = 22 packets.
  for (const auto& [rate, bdp, packets] : {std::tuple{7.0, 0.5, 22}, {7.0, 1.0, 44}, {10.0, 1.5, 94}}) {
    const auto r = testing::RunOk(
        {{"duration_s", 20},
         {"topology",
          {{"kind", "dumbbell"},
           {"bottleneck", {{"rate_mbps", rate}, {"delay_ms", 23}, {"queue_bdp", bdp}}},
           {"receiver_access", {{"delay_ms", 1}}}}},
         {"flows",
          {{{"channel", {{"forward", {{"model", "none"}}}}}, {"app", {{"token_bucket", {{"enabled", false}}}}}}}}});
    // A lone bulk flow fills the buffer: its longest queue is the buffer.
    EXPECT_EQ(r.summary["max_queue_packets"], packets) << rate << " Mb/s " << bdp << " BDP";
  }
}

}  // namespace
}  // namespace plab
