#include <set>
#include <string>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "scenario/json_depth.h"
#include "scenario/params.h"
#include "test_util.h"

namespace plab {
namespace {

using plab::testing::FirstError;
using plab::testing::RunOk;

TEST(Validation, OutOfRangeNamesThePathAndTheRange) {
  EXPECT_EQ(FirstError(R"({"flows":[{"channel":{"forward":{"p":1.5}}}]})"),
            "flows[0].channel.forward.p must be within [0, 1], got 1.5");
  EXPECT_EQ(FirstError(R"({"topology":{"bottleneck":{"rate_mbps":0}}})"),
            "topology.bottleneck.rate_mbps must be within [0.001, 10000], got 0");
  EXPECT_EQ(FirstError(R"({"duration_s":-1})"), "duration_s must be within [0.1, 2000], got -1");
  EXPECT_EQ(FirstError(R"({"flows":[{}, {"start_s":30}]})"),
            "flows[1].start_s must be less than duration_s (20), got 30");
  EXPECT_EQ(FirstError(R"({"flows":[{}],"metrics":{"trace_flow":3}})"),
            "metrics.trace_flow must name one of the 1 flows (0 to 0), got 3");
}

TEST(Validation, WrongTypesUnknownFieldsAndEnums) {
  EXPECT_EQ(FirstError(R"({"seed":"abc"})"), "seed must be an integer within [0, 4294967295], got \"abc\"");
  EXPECT_EQ(FirstError(R"({"seed":1.5})"), "seed must be an integer within [0, 4294967295], got 1.5");
  const std::string protocol = FirstError(R"({"flows":[{"protocol":"quic"}]})");
  EXPECT_EQ(protocol.rfind("flows[0].protocol must be one of tahoe, reno, newreno, ", 0), 0u) << protocol;
  EXPECT_NE(protocol.find(", got \"quic\""), std::string::npos) << protocol;
  EXPECT_EQ(FirstError(R"({"flows":[{"tcp":{"msss":1}}]})"),
            "unknown field flows[0].tcp.msss (see `lab schema` for the fields)");
  EXPECT_EQ(FirstError(R"({"flows":[{"app":{"token_bucket":{"enabled":1}}}]})"),
            "flows[0].app.token_bucket.enabled must be true or false, got 1");
  EXPECT_EQ(FirstError(R"({"flows":[{"channel":{"forward":{"drop_packets":[3,0]}}}]})"),
            "flows[0].channel.forward.drop_packets[1] must be an integer within [1, 1000000000], got 0");
  EXPECT_EQ(FirstError(R"({"flows":[]})"), "flows must be a list of 1 to 64 items, got 0 items");
  EXPECT_EQ(FirstError(R"({"background":[{"kind":"smtp"}]})"),
            "background[0].kind must be one of ftp, http, got \"smtp\"");
  // A field is reached one way only: no dotted or indexed keys as aliases.
  EXPECT_EQ(FirstError(R"({"flows[0]":{"protocol":"reno"}})"),
            "unknown field \"flows[0]\" (fields are plain names, nested as objects)");
  EXPECT_EQ(FirstError(R"({"topology.access.rate_mbps":7})"),
            "unknown field \"topology.access.rate_mbps\" (fields are plain names, nested as objects)");
  EXPECT_EQ(FirstError("[1,2]"), "the scenario must be a JSON object, got [1,2]");
  // Issue H §1b: "not valid JSON" says where (line and column, from 1).
  EXPECT_EQ(FirstError("{not json"),
            "the scenario is not valid JSON at line 1, column 3: syntax error while parsing object key - invalid "
            "literal; last read: '{no'; expected string literal");
  EXPECT_EQ(FirstError("{\n  \"seed\": 1,\n  oops\n}").substr(0, 52),
            "the scenario is not valid JSON at line 3, column 3: ");
  EXPECT_EQ(FirstError("{\"seed\": 1").substr(0, 53), "the scenario is not valid JSON at line 1, column 11: ");
  EXPECT_EQ(FirstError("").substr(0, 52), "the scenario is not valid JSON at line 1, column 1: ");
  EXPECT_EQ(FirstError("{} x").substr(0, 52), "the scenario is not valid JSON at line 1, column 4: ");
}

TEST(Validation, DeepNestingIsRefusedBeforeAnythingRecurses) {
  // 100,000 nested lists overflowed the stack (nlohmann's recursive dump, and the WASM
  // module's "Maximum call stack size exceeded" at 7,000): now a message, no recursion.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(FirstError(deep),
            "the scenario nests lists and objects more than 32 levels deep (a scenario needs at most 6); "
            "refused before parsing");
  EXPECT_EQ(FirstError("{\"seed\":" + std::string(7000, '[') + std::string(7000, ']') + "}").substr(0, 40),
            "the scenario nests lists and objects mor");
  EXPECT_EQ(JsonNestingDepth(R"({"a":[1,{"b":[2]}],"c":"[[[[{{"})"), 4) << "brackets in strings do not nest";
  EXPECT_EQ(JsonNestingDepth(R"({"a":"\"[[[["})"), 1) << "an escaped quote does not end a string";
  EXPECT_EQ(JsonNestingDepth(std::string(50, '[')), kMaxJsonDepth + 1) << "the scan stops past the limit";
  // The deepest real scenario passes.
  RunOk(nlohmann::json::parse(
      R"({"duration_s":1,"flows":[{"channel":{"forward":{"model":"scripted","drop_packets":[3]}}}]})"));
}

TEST(Validation, EveryErrorIsReportedNotJustTheFirst) {
  const RunOutput out = plab::Run(R"({"seed":-1,"duration_s":0,"flows":[{"tcp":{"mss_bytes":5}}]})");
  ASSERT_FALSE(out.ok);
  const auto doc = nlohmann::json::parse(out.json);
  std::set<std::string> paths;
  for (const auto& e : doc["errors"]) paths.insert(e["path"].get<std::string>());
  EXPECT_EQ(paths, (std::set<std::string>{"seed", "duration_s", "flows[0].tcp.mss_bytes"}));
}

TEST(Validation, CrossFieldTokenDepthMustHoldOneSegment) {
  EXPECT_EQ(FirstError(R"({"flows":[{"tcp":{"mss_bytes":1500},"app":{"token_bucket":{"depth_tokens":1}}}]})"),
            "flows[0].app.token_bucket.depth_tokens must be at least 2 (one segment of tcp.mss_bytes / "
            "token_bytes), got 1");
}

TEST(Schema, EveryDeclarationIsCompleteAndItsDefaultValidates) {
  const auto schema = nlohmann::json::parse(SchemaJson());
  ASSERT_EQ(schema["params"].size(), AllParams().size());
  for (const auto& p : schema["params"]) {
    SCOPED_TRACE(p["path"].get<std::string>());
    EXPECT_FALSE(p["label"].get<std::string>().empty());
    EXPECT_FALSE(p["help"].get<std::string>().empty());
    const std::string type = p["type"];
    if (type == "number" || type == "integer") {
      EXPECT_LE(p["min"].get<double>(), p["default"].get<double>());
      EXPECT_GE(p["max"].get<double>(), p["default"].get<double>());
    }
  }
  // The default scenario document is itself a valid scenario.
  EXPECT_TRUE(plab::Run(DefaultScenarioJson()).ok);
}

TEST(Determinism, SameSeedSameBytesDifferentSeedDifferentRun) {
  const std::string s1 = R"({"seed":5,"duration_s":10,"flows":[{"channel":{"forward":{"model":"on_off"}}}]})";
  const std::string s2 = R"({"seed":6,"duration_s":10,"flows":[{"channel":{"forward":{"model":"on_off"}}}]})";
  const RunOutput a = plab::Run(s1), b = plab::Run(s1), c = plab::Run(s2);
  EXPECT_EQ(a.json, b.json);
  EXPECT_EQ(a.columns, b.columns);
  EXPECT_NE(a.json, c.json);
}

TEST(Result, SeriesAreBoundedAndFinite) {
  // A long, busy run still returns a few thousand points per series.
  const auto r = RunOk({{"duration_s", 300}, {"flows", {{{"channel", {{"forward", {{"p", 0.001}}}}}}}}});
  for (const auto& [name, s] : r.series) {
    SCOPED_TRACE(name);
    // Decimated lines: 4 points per bucket x 1000 buckets. Time-sequence traces keep
    // every event up to their cap.
    EXPECT_LE(s.t.size(), name.find("seq_") != std::string::npos ? 30000u : 4000u);
    for (size_t i = 0; i < s.t.size(); ++i) {
      ASSERT_TRUE(std::isfinite(s.t[i]) && std::isfinite(s.v[i]));
      if (i > 0) {
        ASSERT_LE(s.t[i - 1], s.t[i]);
      }
    }
  }
  EXPECT_FALSE(r.series.at("cwnd").t.empty());
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(Schema, EverySummaryFigureIsDeclaredAndEveryDeclarationIsReported) {
  const auto schema = nlohmann::json::parse(SchemaJson());
  std::set<std::string> declared;
  for (const auto& f : schema["summary"]) declared.insert(f["name"].get<std::string>());
  const auto doc = nlohmann::json::parse(plab::Run("{}").json);
  std::set<std::string> reported;
  for (const auto& [key, value] : doc["summary"].items()) reported.insert(key);
  EXPECT_EQ(declared, reported);
}

TEST(Result, SummaryOnlyRunsGiveTheSameSummaryWithoutSeries) {
  const std::string s = R"({"duration_s":10,"flows":[{"protocol":"sack"}]})";
  const RunOutput full = plab::Run(s);
  const RunOutput summary_only = plab::Run(s, RunOptions{false, {}, {}});
  ASSERT_TRUE(summary_only.ok);
  const auto a = nlohmann::json::parse(full.json), b = nlohmann::json::parse(summary_only.json);
  EXPECT_EQ(a["summary"], b["summary"]);
  EXPECT_TRUE(b["series"].empty());
  EXPECT_TRUE(summary_only.columns.empty());
}

}  // namespace
}  // namespace plab
