// The path's side of the story (issue 9): the bottleneck queue against its limit, the
// bottleneck's utilization, and RTT samples against the path's base RTT. These are
// measurements only; the golden and native = WASM tests check they change nothing.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "test_util.h"

namespace plab {
namespace {

using plab::testing::RunOk;

nlohmann::json BulkNewReno() {
  return {{"protocol", "newreno"},
          {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
          {"app", {{"token_bucket", {{"enabled", false}}}}}};
}

// One bulk NewReno flow that fills a 100-packet buffer again and again: more than the
// path's BDP (10 Mb/s x 50 ms = 62,500 bytes, 62.5 segments of the default 1000 bytes),
// so halving the window never empties the link.
nlohmann::json FullBuffer() {
  return {{"duration_s", 60},
          {"topology",
           {{"kind", "path"},
            {"access", {{"rate_mbps", 100}, {"delay_ms", 5}}},
            {"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 20}, {"queue_packets", 100}}}}},
          {"flows", {BulkNewReno()}}};
}

TEST(PathMetrics, QueueNeverExceedsTheReportedLimit) {
  const auto r = RunOk(FullBuffer());
  const auto doc = nlohmann::json::parse(r.json);
  const double limit = doc["links"]["bottleneck"]["queue_limit_packets"];
  EXPECT_EQ(limit, 100);
  const auto& queue = r.series.at("links.bottleneck.queue").v;
  ASSERT_FALSE(queue.empty());
  for (double q : queue) EXPECT_LE(q, limit);
  // The buffer does fill (else the test would say nothing).
  EXPECT_GE(*std::max_element(queue.begin(), queue.end()), limit - 1);
}

TEST(PathMetrics, BdpSizedBufferReportsItsPackets) {
  nlohmann::json s = FullBuffer();
  s["topology"]["bottleneck"]["queue_bdp"] = 1.0;
  const auto r = RunOk(s);
  const auto doc = nlohmann::json::parse(r.json);
  // 10 Mb/s x 2 x 25 ms = 62,500 bytes, in segments of the flow's MSS.
  const double mss = doc["scenario"]["flows"][0]["tcp"]["mss_bytes"];
  EXPECT_EQ(doc["links"]["bottleneck"]["queue_limit_packets"], std::llround(62500.0 / mss));
}

TEST(PathMetrics, UtilizationIsAtMostFullAndNearlyFullForABulkFlowWithAFullBuffer) {
  const auto r = RunOk(FullBuffer());
  const auto& u = r.series.at("links.bottleneck.utilization");
  ASSERT_GT(u.v.size(), 100u);
  double sum = 0;
  int n = 0;
  for (size_t i = 0; i < u.v.size(); ++i) {
    EXPECT_GE(u.v[i], 0);
    EXPECT_LE(u.v[i], 100.0 + 1e-9) << "at t = " << u.t[i];
    if (u.t[i] > 10) {  // after slow start's overshoot and its recovery
      sum += u.v[i];
      ++n;
    }
  }
  EXPECT_GT(sum / n, 98) << "a buffer larger than the BDP keeps the link busy";
}

TEST(PathMetrics, RttSamplesNeverBeatTheBaseRtt) {
  const auto r = RunOk(FullBuffer());
  const auto doc = nlohmann::json::parse(r.json);
  const double base = doc["flows"][0]["base_rtt_ms"];
  EXPECT_DOUBLE_EQ(base, 2 * (5 + 20));
  const auto& rtt = r.series.at("flows[0].rtt_sample").v;
  ASSERT_GT(rtt.size(), 100u);
  for (double sample : rtt) EXPECT_GE(sample, base);
  // A full 100-packet buffer at 10 Mb/s adds about 83 ms of queueing.
  EXPECT_GT(*std::max_element(rtt.begin(), rtt.end()), base + 60);
}

TEST(PathMetrics, EachDumbbellFlowHasItsOwnBaseRtt) {
  nlohmann::json near = BulkNewReno();
  near["access"] = {{"delay_ms", 2}};
  nlohmann::json far = BulkNewReno();
  far["access"] = {{"delay_ms", 40}};
  const nlohmann::json s = {{"duration_s", 5},
                            {"topology", {{"kind", "dumbbell"}, {"bottleneck", {{"delay_ms", 10}}}}},
                            {"flows", {near, far}}};
  const auto r = RunOk(s);
  const auto doc = nlohmann::json::parse(r.json);
  const double receiver = doc["scenario"]["topology"]["receiver_access"]["delay_ms"];
  EXPECT_DOUBLE_EQ(doc["flows"][0]["base_rtt_ms"].get<double>(), 2 * (2 + 10 + receiver));
  EXPECT_DOUBLE_EQ(doc["flows"][1]["base_rtt_ms"].get<double>(), 2 * (40 + 10 + receiver));
  for (int i = 0; i < 2; ++i) {
    const double base = doc["flows"][i]["base_rtt_ms"];
    for (double sample : r.series.at("flows[" + std::to_string(i) + "].rtt_sample").v) EXPECT_GE(sample, base);
  }
}

}  // namespace
}  // namespace plab
