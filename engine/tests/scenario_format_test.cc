// Scenario files from before format 3 (scenario/scenario_format.h): an RRTP flow's
// tcp.*_rto_ms was its own timer then, and the CLI's reading of an old file keeps it so;
// a file of format 3 is read as written.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "scenario/scenario_format.h"
#include "test_util.h"

namespace plab {
namespace {

using ::plab::testing::RunOk;

// A scenario file as written before format 3: no "format", an RRTP flow timed by the
// flow's TCP block (ns-2's 200 ms floor and 3 s initial RTO).
constexpr const char* kOldRrtpFile = R"({
  "duration_s": 5, "max_events": 400000,
  "topology": {"bottleneck": {"delay_ms": 10}},
  "flows": [{"protocol": "rrtp", "tcp": {"min_rto_ms": 200, "initial_rto_ms": 3000},
             "app": {"token_bucket": {"enabled": false}}}]
})";

nlohmann::json Migrated(nlohmann::json doc, std::vector<std::string>* changes = nullptr) {
  std::vector<std::string> local;
  EXPECT_EQ(MigrateScenarioFile(doc, changes != nullptr ? changes : &local), "");
  return doc;
}

TEST(ScenarioFormat, AnOldFilesRrtpFlowKeepsTheTimerItsTcpBlockSet) {
  const nlohmann::json old = nlohmann::json::parse(kOldRrtpFile);
  std::vector<std::string> changes;
  const nlohmann::json now = Migrated(old, &changes);
  EXPECT_EQ(now["flows"][0]["rrtp"]["min_rto_ms"], 200);
  EXPECT_EQ(now["flows"][0]["rrtp"]["initial_rto_ms"], 3000);
  EXPECT_FALSE(now["flows"][0]["rrtp"].contains("max_rto_ms"));  // the file did not set it
  EXPECT_EQ(now["flows"][0]["tcp"], old["flows"][0]["tcp"]);     // kept, for compared TCP runs
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_NE(changes[0].find("flows[0].rrtp.min_rto_ms = 200, from flows[0].tcp.min_rto_ms"), std::string::npos);

  // The same figures as the file written in format 3 with RRTP's own keys...
  nlohmann::json v3 = old;
  v3["format"] = kScenarioFormat;
  v3["flows"][0]["rrtp"] = {{"min_rto_ms", 200}, {"initial_rto_ms", 3000}};
  const auto migrated = RunOk(now);
  EXPECT_EQ(migrated.summary, RunOk(Migrated(v3)).summary);
  // ... and not RRTP's defaults, which the old file read as it is would run.
  EXPECT_LT(migrated.summary["mean_rto_ms"].get<double>(), 300.0);
  EXPECT_EQ(RunOk(old).summary["mean_rto_ms"].get<double>(), 1000.0);
}

TEST(ScenarioFormat, AFormat3FileIsReadAsWritten) {
  nlohmann::json doc = nlohmann::json::parse(kOldRrtpFile);
  doc["format"] = 3;
  std::vector<std::string> changes;
  const nlohmann::json now = Migrated(doc, &changes);
  EXPECT_FALSE(now.contains("format"));  // the engine's scenario has no such field
  EXPECT_FALSE(now["flows"][0].contains("rrtp"));
  EXPECT_TRUE(changes.empty());
}

TEST(ScenarioFormat, OnlyRrtpFlowsAndOnlyTheBoundsTheirRrtpBlockLeavesOut) {
  nlohmann::json doc = nlohmann::json::parse(kOldRrtpFile);
  doc["flows"][0]["rrtp"] = {{"min_rto_ms", 500}};
  doc["flows"].push_back({{"protocol", "reno"}, {"tcp", {{"min_rto_ms", 300}}}});
  doc["flows"].push_back({{"tcp", {{"min_rto_ms", 300}}}});  // the default protocol
  const nlohmann::json now = Migrated(doc);
  EXPECT_EQ(now["flows"][0]["rrtp"]["min_rto_ms"], 500);
  EXPECT_EQ(now["flows"][0]["rrtp"]["initial_rto_ms"], 3000);
  EXPECT_FALSE(now["flows"][1].contains("rrtp"));
  EXPECT_FALSE(now["flows"][2].contains("rrtp"));
  // Explicit older formats are migrated the same way.
  doc["format"] = 2;
  EXPECT_EQ(Migrated(doc), now);
}

TEST(ScenarioFormat, ABadFormatIsNamedWithItsRange) {
  for (const char* bad : {"4", "0", "-1", "2.5", "\"3\"", "null", "[3]"}) {
    nlohmann::json doc = nlohmann::json::parse(std::string(R"({"format": )") + bad + "}");
    std::vector<std::string> changes;
    const std::string error = MigrateScenarioFile(doc, &changes);
    EXPECT_NE(error.find("format must be an integer within [1, 3]"), std::string::npos) << bad << ": " << error;
  }
  // Not an object: left for Scenario::Parse to refuse.
  nlohmann::json list = nlohmann::json::array();
  std::vector<std::string> changes;
  EXPECT_EQ(MigrateScenarioFile(list, &changes), "");
}

}  // namespace
}  // namespace plab
