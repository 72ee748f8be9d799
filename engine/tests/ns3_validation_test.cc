// Validation against an independent simulator: ns-3.44 runs of one bulk flow (NewReno, CUBIC)
// (tests/data/ns3-bulk-set-a.jsonl, see tests/data/README.md), rebuilt here as
// scenarios/reference-ns3.json and run over five seeds per loss rate.
//
// Tolerances, and why:
// - loss 0: within 1 %. The flow is link-limited; only header overhead (54 bytes on
//   the wire per 1000-byte segment) and the slow-start ramp matter, and both models
//   must agree on them.
// - loss 0.1 % to 1 %: within 10 %. Fast recovery dominates; ns-3 runs SACK with PRR,
//   we run NewReno without SACK, which differ by a few percent (reference README).
// - loss 2 %: within 15 %; loss 5 %: within 25 %. Several losses per window become
//   common; ns-3's SACK repairs them in one RTT where NewReno needs one RTT per loss
//   and more often falls back to a timeout, so our goodput sits below ns-3's.
// Seed-to-seed spread of the mean of 5 runs is 2-6 % of the mean at these points.
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ns3_flow.h"
#include "test_util.h"

namespace plab {
namespace {

using testing::Ns3Tolerance;

std::map<double, double> Ns3MeanGoodput(const std::string& tcp) {
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/ns3-bulk-set-a.jsonl");
  EXPECT_TRUE(in.good());
  std::map<double, std::pair<double, int>> acc;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto row = nlohmann::json::parse(line);
    if (row["tcp"] != tcp) continue;
    auto& a = acc[row["loss"].get<double>()];
    a.first += row["goodput_mbps"].get<double>();
    a.second += 1;
  }
  std::map<double, double> mean;
  for (const auto& [loss, a] : acc) mean[loss] = a.first / a.second;
  return mean;
}

nlohmann::json ReferenceScenario() {
  std::ifstream in(std::string(PLAB_SCENARIO_DIR) + "/reference-ns3.json");
  std::stringstream ss;
  ss << in.rdbuf();
  return nlohmann::json::parse(ss.str());
}

// Runs `protocol` over the reference scenario against the ns-3 rows of `ns3_tcp`.
void CompareWithNs3(const std::string& ns3_tcp, const std::string& protocol) {
  const auto ns3 = Ns3MeanGoodput(ns3_tcp);
  ASSERT_EQ(ns3.size(), 6u);
  for (const auto& [loss, expected] : ns3) {
    double sum = 0;
    const int seeds = 5;
    for (int seed = 1; seed <= seeds; ++seed) {
      nlohmann::json s = ReferenceScenario();
      s["seed"] = seed;
      s["flows"][0]["protocol"] = protocol;
      s["flows"][0]["channel"]["forward"]["p"] = loss;
      sum += plab::testing::RunOk(s).summary["goodput_mbps"].get<double>();
    }
    const double ours = sum / seeds;
    EXPECT_NEAR(ours, expected, Ns3Tolerance(loss) * expected)
        << protocol << " loss " << loss << ": ours " << ours << " Mb/s, ns-3 " << expected << " Mb/s";
    std::cout << "[ ns-3 ] " << protocol << " loss " << loss << ": ours " << ours << " Mb/s, ns-3 " << expected
              << " Mb/s (" << (ours / expected - 1) * 100 << " %)\n";
  }
}

TEST(Ns3Reference, NewRenoMeanGoodputPerLossRate) { CompareWithNs3("ns3::TcpNewReno", "newreno"); }

// ns-3's NewReno recovers with SACK; ours with RFC 6675 is the closer model.
TEST(Ns3Reference, SackRecoveryAgainstNs3NewReno) { CompareWithNs3("ns3::TcpNewReno", "sack"); }

// CUBIC: RFC 9438 window law with SACK recovery. ns-3 adds HyStart, which we do not
// model; it matters little over 60 s. Our CUBIC sits 1-9 % below ns-3 up to 2 % loss
// and about 20 % below at 5 %, inside the same bands as above.
TEST(Ns3Reference, CubicMeanGoodputPerLossRate) { CompareWithNs3("ns3::TcpCubic", "cubic"); }

}  // namespace
}  // namespace plab
