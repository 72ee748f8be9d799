// TCP-ER's claims (Yin, Alnuweiri & Reddy, §IV) on the lab's own runs of its presets'
// scenario files (engine/scenarios/tcp-er-*.json), shortened to 300 s with statistics
// from 100 s and two seeds, so this suite stays a few seconds natively. What holds is
// asserted with the margins our runs leave (the preset pages show the 500 s, 3-seed
// numbers); the paper's numbers are in public/presets/presets.json.
//   - SACK-ER takes fewer RTOs than SACK under heavy congestion, and still fewer with
//     bandwidth to spare (Table VII): asserted at k = 0.7 and 1.3, under half.
//   - Early retransmission shortens the session frozen time and the IPAT deviation
//     (Figs. 1-2): asserted at 7 Mb/s, 0.5 BDP.
//   - With the viewer playing at the encoding rate SACK-ER's streams are on time where
//     SACK's fall behind (Fig. 7, k = 1.0): asserted.
//   - SACK-ER gets more throughput than SACK in congestion (Figs. 3-4): asserted at
//     4 and 2 Mb/s (at 2 Mb/s it was not ahead while the Recover ACK deflated Algorithm
//     1's 2 + 2 to ssthresh; early_retransmit.h InflationKeptAtRecoverAck).
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "test_util.h"

namespace plab {
namespace {

nlohmann::json PresetScenario(const std::string& file) {
  std::ifstream in(std::string(PLAB_SCENARIO_DIR) + "/" + file);
  std::stringstream ss;
  ss << in.rdbuf();
  nlohmann::json doc = nlohmann::json::parse(ss.str());
  doc["duration_s"] = 300;
  return doc;
}

// The run's summary with every explicit flow running `protocol` (the presets' rule:
// the streams switch, the background keeps its own).
nlohmann::json Run(nlohmann::json doc, const std::string& protocol, int seed) {
  for (auto& f : doc["flows"]) f["protocol"] = protocol;
  doc["seed"] = seed;
  return testing::RunOk(doc).summary;
}

// Two seeds' summaries, averaged per figure on demand.
struct Seeds {
  std::vector<nlohmann::json> runs;
  double operator[](const std::string& figure) const {
    double sum = 0;
    for (const auto& r : runs) sum += r[figure].get<double>();
    return sum / static_cast<double>(runs.size());
  }
};

Seeds RunSeeds(const nlohmann::json& doc, const std::string& protocol) {
  return Seeds{{Run(doc, protocol, 1), Run(doc, protocol, 2)}};
}

TEST(TcpErClaims, SackErTakesUnderHalfOfSacksTimeoutsHeavilyCongestedOrNot) {
  for (double rate : {11.55, 21.45}) {  // k = 0.7 and 1.3
    nlohmann::json doc = PresetScenario("tcp-er-table6.json");
    doc["topology"]["bottleneck"]["rate_mbps"] = rate;
    const double sack = RunSeeds(doc, "sack")["streams_timeouts"];
    const double er = RunSeeds(doc, "sack_er")["streams_timeouts"];
    EXPECT_GT(sack, 50) << rate;
    EXPECT_LT(er, 0.5 * sack) << rate << " Mb/s: SACK " << sack << ", SACK-ER " << er;
  }
}

TEST(TcpErClaims, EarlyRetransmissionShortensFrozenTimeAndJitter) {
  const nlohmann::json doc = PresetScenario("tcp-er-fig1.json");  // 7 Mb/s, 0.5 BDP
  const Seeds sack = RunSeeds(doc, "sack");
  const Seeds er = RunSeeds(doc, "sack_er");
  EXPECT_LT(er["frozen_time_s"], 0.8 * sack["frozen_time_s"]) << er["frozen_time_s"] << " vs " << sack["frozen_time_s"];
  EXPECT_LT(er["ipat_std_ms"], sack["ipat_std_ms"]);
  EXPECT_LT(RunSeeds(doc, "tcp_er")["frozen_time_s"], RunSeeds(doc, "newreno")["frozen_time_s"]);
}

TEST(TcpErClaims, AtTheEncodingRateSackErsStreamsAreOnTimeWhereSacksFallBehind) {
  const nlohmann::json doc = PresetScenario("tcp-er-table6.json");  // k = 1.0, ratio 1
  EXPECT_GT(RunSeeds(doc, "sack")["streams_late_pct"], 20);
  EXPECT_LT(RunSeeds(doc, "sack_er")["streams_late_pct"], 1);
}

TEST(TcpErClaims, SackErIsAheadOfSackAtFourAndTwoMbps) {
  nlohmann::json doc = PresetScenario("tcp-er-fig3.json");  // background SACK, 1 BDP
  const std::string ratio = "ratio_to_background_ftp";
  // Ours (300 s, seeds 1-2): 1.18 times SACK's at 4 Mb/s and 2.1 times at 2 Mb/s; the
  // paper's 2 Mb/s: 1.9. (Before the background's round trips were spread, 1.6 and 1.5:
  // phase-locked, SACK's lone retransmissions were dropped more often.)
  for (auto [rate, factor] : {std::pair{4.0, 1.05}, std::pair{2.0, 1.5}}) {
    doc["topology"]["bottleneck"]["rate_mbps"] = rate;
    EXPECT_GT(RunSeeds(doc, "sack_er")[ratio], factor * RunSeeds(doc, "sack")[ratio]) << rate << " Mb/s";
  }
}

}  // namespace
}  // namespace plab
