// Ng & Chan's normalized throughput (§3.4: "throughput achieved divided by the
// bandwidth allocated to the traffic stream", Table 1's "5 Kbps per flow"): the summary
// figures fair_share and fair_share_by_protocol. Flows that fill a link equally read
// about 1 each, and the figure is each protocol's packet throughput over rate / N.
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "test_util.h"

namespace plab {
namespace {

using plab::testing::RunOk;

nlohmann::json Flow(const std::string& protocol) {
  return {{"protocol", protocol},
          {"tcp", {{"mss_bytes", 256}, {"header_bytes", 40}}},
          {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
          {"app", {{"token_bucket", {{"enabled", false}}}}}};
}

nlohmann::json FairShareDumbbell(nlohmann::json flows, double rate_mbps) {
  return {{"duration_s", 60},
          {"metrics", {{"start_s", 10}}},
          {"topology",
           {{"kind", "dumbbell"}, {"bottleneck", {{"rate_mbps", rate_mbps}, {"delay_ms", 50}, {"queue_packets", 40}}}}},
          {"flows", std::move(flows)}};
}

// The figure is the definition, computed from the per-flow goodputs the result reports.
TEST(FairShare, IsEachProtocolsPacketThroughputOverItsEqualAllocation) {
  nlohmann::json flows = nlohmann::json::array();
  for (const char* p : {"reno", "reno", "crp", "srp"}) flows.push_back(Flow(p));
  const double rate_mbps = 0.2;
  const auto r = RunOk(FairShareDumbbell(flows, rate_mbps));
  const auto doc = nlohmann::json::parse(r.json);
  std::map<std::string, std::pair<double, int>> by;
  for (const auto& f : doc["flows"]) {
    auto& [sum, n] = by[f["protocol"].get<std::string>()];
    sum += f["summary"]["goodput_mbps"].get<double>() * (256.0 + 40.0) / 256.0;
    ++n;
  }
  const double allocated = rate_mbps / 4;
  for (const auto& [protocol, v] : by) {
    EXPECT_NEAR(r.summary["fair_share_by_protocol"][protocol].get<double>(), v.first / v.second / allocated, 1e-12)
        << protocol;
  }
  // flows[0]'s protocol is the scalar figure.
  EXPECT_EQ(r.summary["fair_share"], r.summary["fair_share_by_protocol"]["reno"]);
}

// Four Reno flows alone on a loss-free link fill it between them: their shares add up
// to the link (within what the ACK clock leaves idle) and cannot exceed it.
TEST(FairShare, EqualFlowsThatFillTheLinkReadAboutOne) {
  nlohmann::json flows = nlohmann::json::array();
  for (int i = 0; i < 4; ++i) flows.push_back(Flow("reno"));
  const auto r = RunOk(FairShareDumbbell(flows, 0.2));
  const double share = r.summary["fair_share"].get<double>();
  EXPECT_GT(share, 0.9);
  EXPECT_LE(share, 1.0 + 1e-9);
}

}  // namespace
}  // namespace plab
