// Per-flow TCP options: delayed ACKs (RFC 1122 / 5681) and timestamps (RFC 7323).
#include <gtest/gtest.h>

#include <vector>

#include "test_util.h"
#include "transport/tcp/limited_transmit.h"

namespace plab {
namespace {

using plab::testing::RunOk;

nlohmann::json OptionsTransfer(int segments) {
  return {{"duration_s", 20},
          {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}, {"queue_packets", 1000}}}}},
          {"flows",
           {{{"protocol", "newreno"},
             {"tcp", {{"initial_window_segments", 2}}},
             {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
             {"app", {{"size_bytes", segments * 1000}, {"token_bucket", {{"enabled", false}}}}}}}}};
}

TEST(DelayedAck, HalvesTheAcksAndSlowsSlowStart) {
  const auto every = RunOk(OptionsTransfer(501));
  nlohmann::json s = OptionsTransfer(501);
  s["flows"][0]["tcp"]["delayed_ack"] = true;
  const auto delayed = RunOk(s);
  EXPECT_EQ(every.summary["acks_sent"].get<int>(), 501);
  // One ACK per two segments, plus the timer's ACKs for a lone segment.
  EXPECT_GE(delayed.summary["acks_sent"].get<int>(), 251);
  EXPECT_LE(delayed.summary["acks_sent"].get<int>(), 275);
  // Fewer ACKs, slower growth (RFC 5681 counts ACKs, not bytes, in slow start).
  EXPECT_GT(delayed.summary["connection_time_s"].get<double>(),
            every.summary["connection_time_s"].get<double>() + 0.05);
}

TEST(DelayedAck, TheTimerAcknowledgesALoneSegment) {
  // A one-segment transfer: no second segment comes, the 200 ms timer sends the ACK.
  nlohmann::json s = OptionsTransfer(1);
  s["flows"][0]["tcp"]["delayed_ack"] = true;
  const auto r = RunOk(s);
  // 2 x 25 ms path + 200 ms timer, plus serialization.
  EXPECT_NEAR(r.summary["connection_time_s"].get<double>(), 0.250, 0.005);
}

TEST(DelayedAck, OutOfOrderDataIsAcknowledgedAtOnce) {
  // A loss must still give three duplicate ACKs quickly: recovery by fast retransmit.
  nlohmann::json s = OptionsTransfer(200);
  s["flows"][0]["tcp"]["delayed_ack"] = true;
  s["flows"][0]["channel"]["forward"] = {{"model", "scripted"}, {"drop_packets", {60}}};
  const auto r = RunOk(s);
  EXPECT_EQ(r.summary["fast_retransmits"].get<int>(), 1);
  EXPECT_EQ(r.summary["timeouts"].get<int>(), 0);
}

TEST(Timestamps, AddTwelveBytesToEveryPacket) {
  nlohmann::json s = OptionsTransfer(0);
  s["flows"][0]["app"]["size_bytes"] = 0;
  s["flows"][0]["tcp"]["max_window_segments"] = 100;  // link-limited, no loss
  const double plain = RunOk(s).summary["goodput_mbps"].get<double>();
  s["flows"][0]["tcp"]["timestamps"] = true;
  const double ts = RunOk(s).summary["goodput_mbps"].get<double>();
  EXPECT_NEAR(plain / ts, 1052.0 / 1040.0, 0.002);
}

TEST(Timestamps, GiveRttSamplesThroughRetransmissions) {
  // After a timeout Karn's rule keeps the backed-off RTO until a segment that was
  // never retransmitted is acknowledged; the timestamp echo needs no such wait, so the
  // mean RTO over the run is lower with timestamps.
  nlohmann::json s = OptionsTransfer(0);
  s["flows"][0]["app"]["size_bytes"] = 0;
  s["flows"][0]["channel"]["forward"] = {{"model", "bernoulli"}, {"p", 0.05}};
  s["flows"][0]["tcp"]["min_rto_ms"] = 200;
  const double karn = RunOk(s).summary["mean_rto_ms"].get<double>();
  s["flows"][0]["tcp"]["timestamps"] = true;
  const double ts = RunOk(s).summary["mean_rto_ms"].get<double>();
  EXPECT_LT(ts, karn);
}

TEST(LossHalves, Ns2HalvesTheWindowOfAnApplicationLimitedStreamNotItsFlight) {
  // A 1 Mb/s live stream (8 ms between packets, 50 ms round trip: about 6 in flight) on a
  // 10 Mb/s path; without window validation its cwnd grows on every ACK, as ns-2's does.
  // The 100th packet is dropped: three duplicate ACKs, a fast retransmit with about 10
  // segments out. RFC 5681 eq. 4 halves the flight (ssthresh 5); ns-2's slowdown()
  // halves min(cwnd, 64) (ssthresh 32).
  nlohmann::json s = {
      {"duration_s", 3},
      {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}, {"queue_packets", 1000}}}}},
      {"flows",
       {{{"protocol", "sack"},
         {"tcp", {{"cwnd_validation", false}, {"max_window_segments", 64}}},
         {"channel", {{"forward", {{"model", "scripted"}, {"drop_packets", {100}}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"token_bucket", {{"enabled", false}}}, {"stream", {{"enabled", true}, {"rate_kbps", 1000}}}}}}}}};
  const auto ssthresh_after = [](const plab::testing::RunResult& r) {
    const plab::testing::Series& ss = r.series.at("ssthresh");
    double last = 0;
    for (const double v : ss.v) last = v;  // set once, by the one fast retransmit
    return last;
  };
  const auto rfc = RunOk(s);
  EXPECT_EQ(rfc.summary["fast_retransmits"].get<int>(), 1);
  EXPECT_EQ(rfc.summary["timeouts"].get<int>(), 0);
  EXPECT_LE(ssthresh_after(rfc), 6);
  s["flows"][0]["aimd"] = {{"loss_halves", "cwnd"}};
  const auto ns2 = RunOk(s);
  EXPECT_EQ(ns2.summary["fast_retransmits"].get<int>(), 1);
  EXPECT_EQ(ssthresh_after(ns2), 32);
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(CwndValidation, AnApplicationLimitedFlowDoesNotBuildAWindowItNeverUses) {
  // A 5.3 Mb/s token bucket over a clean 100 Mb/s path: ~20 segments per RTT leave.
  auto final_cwnd = [](bool validation) {
    return RunOk({{"duration_s", 20},
                  {"topology", {{"bottleneck", {{"rate_mbps", 100}}}}},
                  {"flows", {{{"tcp", {{"cwnd_validation", validation}}}, {"channel", {{"forward", {{"p", 0}}}}}}}}})
        .summary["final_cwnd_segments"]
        .get<double>();
  };
  EXPECT_LT(final_cwnd(true), 100.0);    // about twice what is in flight
  EXPECT_GT(final_cwnd(false), 1000.0);  // every ACK grew it (RFC 5681 alone)
}

TEST(CwndValidation, AReceiverLimitedFlowStaysWithinTwiceItsWindow) {
  for (bool validation : {true, false}) {
    nlohmann::json s = OptionsTransfer(100);
    s["flows"][0]["tcp"] = {
        {"initial_window_segments", 2}, {"max_window_segments", 20}, {"cwnd_validation", validation}};
    const auto r = RunOk(s);
    double max_cwnd = 0;
    for (double v : r.series.at("cwnd").v) max_cwnd = std::max(max_cwnd, v);
    if (validation) {
      EXPECT_LE(max_cwnd, 40.0);
    } else {
      EXPECT_GT(max_cwnd, 40.0);
    }
  }
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(LimitedTransmit, LetsASmallWindowReachThreeDuplicateAcks) {
  // Initial window 3, the first segment lost: only 2 duplicate ACKs can come back.
  // Without RFC 3042 the sender waits for its 1 s RTO; with it, each of those dupacks
  // releases a new segment whose ACK is the third duplicate.
  auto run = [](bool limited_transmit) {
    nlohmann::json s = OptionsTransfer(10);
    s["flows"][0]["tcp"] = {{"initial_window_segments", 3}, {"limited_transmit", limited_transmit}};
    s["flows"][0]["channel"]["forward"] = {{"model", "scripted"}, {"drop_packets", {1}}};
    return RunOk(s).summary;
  };
  const auto off = run(false), on = run(true);
  EXPECT_EQ(off["timeouts"].get<int>(), 1);
  EXPECT_EQ(on["timeouts"].get<int>(), 0);
  EXPECT_EQ(on["fast_retransmits"].get<int>(), 1);
  EXPECT_LT(on["connection_time_s"].get<double>(), off["connection_time_s"].get<double>() - 0.5);
}

TEST(LimitedTransmit, OnlyTheFirstTwoDuplicatesSendPastTheWindow) {
  // RFC 3042 §2: one segment past cwnd on each of the first two duplicate ACKs, none in
  // recovery, and none from the threshold on, where the loss recovery governs whether or
  // not it entered a recovery (LE never does).
  const uint32_t mss = 1000;
  std::vector<uint64_t> by_dupacks;
  for (int dupacks = 0; dupacks <= 5; ++dupacks)
    by_dupacks.push_back(LimitedTransmitBytes(true, false, dupacks, 3, mss));
  EXPECT_EQ(by_dupacks, (std::vector<uint64_t>{0, 1000, 2000, 0, 0, 0}));
  // A higher threshold keeps the two segments out until it: nothing more is sent.
  EXPECT_EQ(LimitedTransmitBytes(true, false, 4, 5, mss), 2000u);
  EXPECT_EQ(LimitedTransmitBytes(true, false, 5, 5, mss), 0u);
  EXPECT_EQ(LimitedTransmitBytes(true, true, 1, 3, mss), 0u);
  EXPECT_EQ(LimitedTransmitBytes(false, false, 2, 3, mss), 0u);
}

TEST(LimitedTransmit, Ns2AgentsSendOnEarlyDuplicatesAsEachAgentDoes) {
  // The same small window under tcp.ns2_agents: ns-2's Agent/TCP family (NewReno here)
  // keeps limited transmit, its FACK and Vegas agents read no singledup_ and wait for the
  // timer; a FACK, LE or Vegas control or recovery anywhere in the flow's composition does.
  auto run = [](const std::string& protocol, const std::string& recovery, bool ns2_agents) {
    nlohmann::json s = OptionsTransfer(10);
    s["flows"][0]["protocol"] = protocol;
    if (!recovery.empty()) s["flows"][0]["recovery"] = recovery;
    s["flows"][0]["tcp"] = {{"initial_window_segments", 3}, {"limited_transmit", true}, {"ns2_agents", ns2_agents}};
    s["flows"][0]["channel"]["forward"] = {{"model", "scripted"}, {"drop_packets", {1}}};
    return RunOk(s).summary["timeouts"].get<int>();
  };
  EXPECT_EQ(run("newreno", "", true), 0);
  EXPECT_EQ(run("fack", "", false), 0);
  EXPECT_EQ(run("fack", "", true), 1);
  EXPECT_EQ(run("vegas", "", false), 0);
  EXPECT_EQ(run("vegas", "", true), 1);
  EXPECT_EQ(run("newreno", "fack", true), 1);
  // LE replaced the Reno agent's duplicate-ACK handling, send_one() with it (§3.3.1): its
  // flow runs as with limited transmit off. (LE needs no timer here either way: its own
  // WAITLIST count sends a new packet for each one a duplicate ACK reports received.)
  auto le = [](bool limited_transmit, bool ns2_agents) {
    nlohmann::json s = OptionsTransfer(400);
    s["flows"][0]["protocol"] = "le";
    s["flows"][0]["tcp"] = {{"limited_transmit", limited_transmit}, {"ns2_agents", ns2_agents}};
    s["flows"][0]["channel"]["forward"] = {{"model", "scripted"}, {"drop_packets", {30, 31, 60, 90, 91, 92, 200}}};
    const auto summary = RunOk(s).summary;
    return std::make_pair(summary["data_packets_sent"].get<int>(), summary["connection_time_s"].get<double>());
  };
  EXPECT_EQ(le(true, true), le(false, false));
  EXPECT_NE(le(true, false), le(false, false));
  EXPECT_EQ(run("reno", "sack", true), 0);
}

}  // namespace
}  // namespace plab
