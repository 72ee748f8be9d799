// Old experiments keep their numbers: every run recorded from the single-flow engine
// (commit 5766ed6, tests/data/golden-5766ed6.jsonl: the scenario files, each protocol
// under three channels, the Papers presets) is run again, and every summary figure it
// had must come out bit for bit the same. The multi-flow engine adds figures; it may
// not move old ones, except where a fidelity fix says why (kChanged below).
#include <fstream>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "test_util.h"

namespace plab {
namespace {

struct GoldenRun {
  std::string name;
  nlohmann::json scenario;
  nlohmann::json summary;
};

std::vector<GoldenRun> LoadGolden() {
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/golden-5766ed6.jsonl");
  EXPECT_TRUE(in.good());
  std::vector<GoldenRun> runs;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto row = nlohmann::json::parse(line);
    runs.push_back({row["name"], row["scenario"], row["summary"]});
  }
  return runs;
}

// Runs the Reno fix of this engine changes (reno_bugfix_test.cc): after a timeout,
// Reno no longer fast-retransmits on the duplicate ACKs of its own go-back-N resend
// (ns-2's bug_fix_). Every one of them is a Reno run with timeouts, and must differ.
const std::set<std::string> kChangedByRenoBugFix = {
    "scenario tcp-real-playback.json",     "default reno on_off",
    "preset le-fig4 reno drops=8 seed=1",  "preset le-fig4 reno drops=8 seed=2",
    "preset le-fig4 reno drops=12 seed=1", "preset le-fig4 reno drops=12 seed=2",
    "preset le-fig4 reno drops=16 seed=1", "preset tcp-real-tokens reno",
};

// Runs BBR's loss-recovery window changes (bbr_recovery_test.cc, draft-cardwell-iccrg-bbr-
// congestion-control-00 §4.2.3.4): packet conservation in the first round of fast
// recovery and the saved window restored when a recovery or a timeout's recovery ends.
// Every one is a BBR run that lost data (the loss-free and ACK-loss BBR runs keep their
// figures), and its goodput must differ.
const std::set<std::string> kChangedByBbrRecovery = {
    "default bbr forward p=0.01",
    "default bbr forward p=0.05",
    "default bbr on_off",
    "default bbr unlimited bulk p=0.02 delayed acks timestamps",
};

// Runs RFC 6675's duplicate ACK and IsLost change (sack_dupack_test.cc): with SACK, an ACK
// is a duplicate when it SACKs something new (a cumulative one too, and not one that SACKs
// nothing), and IsLost(HighACK + 1) is the SACKs' judgement even of a head already
// retransmitted. Both are CUBIC runs (its default recovery is RFC 6675's) that timed out;
// on_off no longer takes the duplicates of its go-back-N resends as losses (goodput 1.51
// -> 2.26 Mb/s, fast retransmits 28 -> 24); forward p=0.05 moves its mean queue alone.
const std::set<std::string> kChangedByRfc6675DupAcks = {
    "default cubic forward p=0.05",
    "default cubic on_off",
};

TEST(Compatibility, OldScenariosGiveTheirOldSummaries) {
  const auto runs = LoadGolden();
  ASSERT_GT(runs.size(), 100u);
  int compared = 0;
  for (const GoldenRun& run : runs) {
    const auto now = plab::testing::RunOk(run.scenario).summary;
    if (kChangedByRenoBugFix.count(run.name)) {
      EXPECT_EQ(run.scenario["flows"][0].value("protocol", ""), "reno") << run.name;
      EXPECT_GT(run.summary["timeouts"].get<int>(), 0) << run.name;
      EXPECT_NE(now["fast_retransmits"], run.summary["fast_retransmits"]) << run.name << " no longer changed";
      continue;
    }
    if (kChangedByRfc6675DupAcks.count(run.name)) {
      EXPECT_EQ(run.scenario["flows"][0].value("protocol", ""), "cubic") << run.name;
      EXPECT_GT(run.summary["timeouts"].get<int>(), 0) << run.name;
      EXPECT_NE(now["mean_queue_packets"], run.summary["mean_queue_packets"]) << run.name << " no longer changed";
      continue;
    }
    if (kChangedByBbrRecovery.count(run.name)) {
      EXPECT_EQ(run.scenario["flows"][0].value("protocol", ""), "bbr") << run.name;
      EXPECT_GT(run.summary["fast_retransmits"].get<int>() + run.summary["timeouts"].get<int>(), 0) << run.name;
      EXPECT_NE(now["goodput_mbps"], run.summary["goodput_mbps"]) << run.name << " no longer changed";
      continue;
    }
    for (const auto& [key, old_value] : run.summary.items()) {
      ASSERT_TRUE(now.contains(key)) << run.name << ": figure " << key << " is gone";
      if (key == "events") {
        // The scheduler's own count, not a protocol figure: a packet sent onto an idle
        // wire no longer takes an event to end its serialization (net/link.h), so a run
        // needs fewer events for the very same packets; never more.
        EXPECT_LE(now[key].get<int64_t>(), old_value.get<int64_t>()) << run.name;
        ++compared;
        continue;
      }
      EXPECT_EQ(now[key], old_value) << run.name << ": " << key << " was " << old_value << ", now " << now[key];
      ++compared;
    }
  }
  EXPECT_GT(compared, 3000);
}

}  // namespace
}  // namespace plab
