// What every rate-based protocol (TFRC, TFRC modified, SRP, CRP, MRP, RRTP) shares with
// the TCP family as a flow of the lab: it runs with a stream application (a figure it
// does not have is null, never read as a number), and a transfer is complete when its
// data has arrived, as a TCP transfer is when its last byte is acknowledged, so goodput
// never divides bytes delivered later by a span that ended before them.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/random.h"
#include "test_util.h"

namespace plab {
namespace {

using ::plab::testing::RunOk;

const std::vector<std::string> kRateProtocols = {"tfrc", "tfrc_modified", "srp", "crp", "mrp", "rrtp"};

nlohmann::json StreamFlow(const std::string& protocol) {
  return {{"protocol", protocol}, {"app", {{"token_bucket", {{"enabled", false}}}, {"stream", {{"enabled", true}}}}}};
}

TEST(RateFamily, EveryRateProtocolRunsAStream) {
  // Issue H §1b.1: the run's mean timeouts over the streams read a rate flow's null
  // `timeouts` as a number and failed with a JSON type error naming no field.
  for (const std::string& protocol : kRateProtocols) {
    const nlohmann::json s = {{"duration_s", 1}, {"flows", {StreamFlow(protocol)}}};
    const auto r = RunOk(s);
    ASSERT_FALSE(r.summary.is_null()) << protocol;
    // A family without timeouts has no mean of them.
    EXPECT_TRUE(r.summary["streams_timeouts"].is_null()) << protocol << ": " << r.summary["streams_timeouts"];
  }
}

TEST(RateFamily, StreamsTimeoutsAverageOnlyTheFlowsThatHaveTheFigure) {
  // A TCP stream beside a TFRC stream: the mean is the TCP stream's own count.
  const nlohmann::json s = {{"duration_s", 3},
                            {"flows", {StreamFlow("newreno"), StreamFlow("tfrc")}},
                            {"topology", {{"bottleneck", {{"queue_packets", 5}}}}}};
  const RunOptions options;
  const RunOutput out = plab::Run(s.dump(), options);
  ASSERT_TRUE(out.ok) << out.json.substr(0, 300);
  const auto doc = nlohmann::json::parse(out.json);
  const auto& tcp = doc["flows"][0]["summary"];
  ASSERT_TRUE(tcp["timeouts"].is_number());
  EXPECT_EQ(doc["summary"]["streams_timeouts"].get<double>(), tcp["timeouts"].get<double>());
}

// ---- completion and the goodput span -------------------------------------------------

TEST(RateFamily, AFlowStoppedEarlyCompletesWhenItsDataHasArrived) {
  // Issue H §1b.4: CRP stopped at 1 ms was completed at 1 ms, before its first packet
  // arrived: alone the run ended completed with 0 bytes delivered.
  for (const std::string& protocol : kRateProtocols) {
    const nlohmann::json s = {
        {"duration_s", 2},
        {"max_events", 200000},
        {"flows", {{{"protocol", protocol}, {"app", {{"token_bucket", {{"enabled", false}}}}}, {"stop_s", 0.001}}}}};
    const RunOutput out = plab::Run(s.dump(), {});
    ASSERT_TRUE(out.ok) << protocol;
    const auto doc = nlohmann::json::parse(out.json);
    const auto& flow = doc["flows"][0]["summary"];
    EXPECT_TRUE(flow["completed"].get<bool>()) << protocol;
    // RRTP is still in its handshake at 1 ms, with nothing handed over: complete at once
    // with nothing delivered, as TCP is when everything handed over is acknowledged.
    if (protocol == "rrtp") continue;
    EXPECT_GT(flow["delivered_bytes"].get<double>(), 0) << protocol;
    // Complete no earlier than its data can have come back: one base RTT after it left.
    const double base_rtt_s = doc["flows"][0]["base_rtt_ms"].get<double>() / 1000;
    EXPECT_GE(flow["connection_time_s"].get<double>(), base_rtt_s) << protocol;
  }
}

TEST(RateFamily, GoodputOfAStoppedRateFlowNeverExceedsTheBottleneck) {
  // Beside a NewReno flow, a rate flow with stop_s: its goodput divides every byte it
  // delivered by its span, so it cannot exceed what the bottleneck carries (1,229 Mb/s
  // was seen on a 10 Mb/s bottleneck: bytes still queued at stop_s were delivered after
  // the span had ended). Generated cases: protocol, rate, delay, queue, start and stop;
  // RRTP sometimes seeded far above the bottleneck, so that its queue holds what it sent.
  Random rng(20261125);
  for (int i = 0; i < 36; ++i) {
    const std::string protocol = kRateProtocols[static_cast<size_t>(i) % kRateProtocols.size()];
    const double rate_mbps = 1 + 49 * rng.Uniform01();
    const double delay_ms = 1 + 40 * rng.Uniform01();
    const int queue = 20 + static_cast<int>(480 * rng.Uniform01());
    const double start_s = rng.Uniform01() < 0.5 ? 0 : rng.Uniform01();
    // From 1 us to 1.5 s after the start, evenly on a log scale: a packet or two, or a
    // queue's worth.
    const double stop_s = start_s + std::pow(10.0, -6 + 6.2 * rng.Uniform01());
    nlohmann::json rate_flow = {{"protocol", protocol},
                                {"app", {{"token_bucket", {{"enabled", false}}}}},
                                {"start_s", start_s},
                                {"stop_s", stop_s}};
    if (protocol == "rrtp" && rng.Uniform01() < 0.5) rate_flow["rrtp"] = {{"send_rate_kbps", 1e6}};
    const nlohmann::json s = {
        {"duration_s", 2.5},
        {"max_events", 400000},
        {"topology",
         {{"access", {{"rate_mbps", 1000}}},
          {"bottleneck", {{"rate_mbps", rate_mbps}, {"delay_ms", delay_ms}, {"queue_packets", queue}}}}},
        {"flows", {{{"protocol", "newreno"}}, rate_flow}}};
    const RunOutput out = plab::Run(s.dump(), {});
    ASSERT_TRUE(out.ok) << s.dump() << out.json.substr(0, 300);
    const auto doc = nlohmann::json::parse(out.json);
    const auto& flow = doc["flows"][1]["summary"];
    EXPECT_LE(flow["goodput_mbps"].get<double>(), rate_mbps) << s.dump();
    if (flow["completed"].get<bool>()) {
      // Completed no earlier than it stopped (the application closes then).
      EXPECT_GE(flow["connection_time_s"].get<double>(), stop_s - start_s - 1e-6) << s.dump();
    }
  }
}

}  // namespace
}  // namespace plab
