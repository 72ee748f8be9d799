// CUBIC against NewReno in a low-BDP dumbbell (issue H §1.6), against ns-3.44
// (tests/data/ns3-dumbbell-cubic-lowbdp.jsonl, made by bench/ns3/dumbbell.cc; see
// tests/data/README.md): 2 NewReno + 2 CUBIC alternating on 3 Mb/s, 20 ms, 25 packets,
// 0.5 % loss, 5 seeds. The figure compared is the CUBIC/NewReno goodput ratio (sum of the
// two CUBIC flows over the sum of the two NewReno flows, over all seeds).
//
// What decides that ratio was found by experiment (bench/ns3/dumbbell.cc's switches):
// not HyStart, fast convergence or the Reno-friendly formula, but loss recovery. ns-3's
// default recovery (PRR, limited transmit) gives 1.16; with its classic recovery
// (ns3::TcpClassicRecovery) 1.67, the "1.7x" of the issue. Ours with RFC 6675 recovery
// and without limited transmit gives 1.49, with limited transmit (ns-3's default,
// RFC 3042) 1.10. So the scenario runs with limited transmit, as ns-3 does.
//
// Tolerance 0.15 on the ratio: the per-seed ratio's sd is 0.07 in ns-3 and 0.09 in ours,
// so each 5-seed mean is known to about 0.04; 0.15 is over two standard errors of the
// difference (0.055) plus ns-3's ACK-counted integer window against our byte window.
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ns3_flow.h"
#include "test_util.h"

namespace plab {
namespace {

struct Ns3Ratio {
  double cubic = 0;  // summed over flows and seeds
  double newreno = 0;
  int seeds = 0;
};

Ns3Ratio LoadNs3Ratios(const std::string& recovery) {
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/ns3-dumbbell-cubic-lowbdp.jsonl");
  EXPECT_TRUE(in.good());
  Ns3Ratio out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto row = nlohmann::json::parse(line);
    if (row["bw"] != "3Mbps" || row["delay"] != "20ms" || row["recovery"] != recovery) continue;
    const auto g = row["goodput_mbps"].get<std::vector<double>>();
    out.newreno += g[0] + g[2];
    out.cubic += g[1] + g[3];
    ++out.seeds;
  }
  return out;
}

// bench/ns3/dumbbell.cc's scenario in this engine (as ns3_dumbbell_test.cc builds it).
nlohmann::json LowBdpScenario(int seed, bool limited_transmit) {
  nlohmann::json flows = nlohmann::json::array();
  for (int i = 0; i < 4; ++i) {
    // ns-3's NewReno recovers with SACK: our SACK recovery is the closer model.
    nlohmann::json flow = testing::Ns3BulkFlow(i % 2 ? "cubic" : "sack", i * 0.37, 100, 1.0);
    flow["tcp"]["limited_transmit"] = limited_transmit;
    flows.push_back(std::move(flow));
  }
  return {{"seed", seed},
          {"duration_s", 60},
          {"metrics", {{"start_s", 10}, {"goodput", "app"}}},  // as ns-3's PacketSink counts
          {"topology",
           {{"kind", "dumbbell"},
            {"bottleneck",
             {{"rate_mbps", 3.0},
              {"delay_ms", 20.0},
              {"queue_packets", 25},
              {"errors", {{"forward", {{"model", "bernoulli"}, {"p", 0.005}}}}}}},
            {"receiver_access", {{"rate_mbps", 100}, {"delay_ms", 1}}}}},
          {"flows", flows}};
}

double OurRatio(bool limited_transmit) {
  double cubic = 0, newreno = 0;
  for (int seed = 1; seed <= 5; ++seed) {
    const auto doc = nlohmann::json::parse(plab::testing::RunOk(LowBdpScenario(seed, limited_transmit)).json);
    const auto& f = doc["flows"];
    newreno += f[0]["summary"]["goodput_mbps"].get<double>() + f[2]["summary"]["goodput_mbps"].get<double>();
    cubic += f[1]["summary"]["goodput_mbps"].get<double>() + f[3]["summary"]["goodput_mbps"].get<double>();
  }
  return cubic / newreno;
}

TEST(Ns3CubicLowBdp, CubicOverNewRenoRatioAgreesWithNs3) {
  const Ns3Ratio ns3 = LoadNs3Ratios("ns3::TcpPrrRecovery");
  ASSERT_EQ(ns3.seeds, 5);
  const double ns3_ratio = ns3.cubic / ns3.newreno;
  const double ours = OurRatio(true);
  std::cout << "[ ns-3 CUBIC/NewReno, 3 Mb/s 20 ms 25 pkts 0.5 % ] ours " << ours << " ns-3 " << ns3_ratio << "\n";
  EXPECT_NEAR(ours, ns3_ratio, 0.15);
}

}  // namespace
}  // namespace plab
