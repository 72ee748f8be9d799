// RunOptions::summary_only (a campaign's row): the head of the whole result, the summary
// with its keys in byte order, figure for figure the whole run's, and a partial run
// still marked as one.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "plab/api.h"

namespace plab {
namespace {

RunOutput RunWith(const std::string& scenario, bool summary_only) {
  RunOptions options;
  options.series = false;
  options.summary_only = summary_only;
  return Run(scenario, options);
}

TEST(SummaryOnly, IsTheWholeRunsSummaryWithSortedKeys) {
  for (const std::string protocol : {"newreno", "cubic", "bbr", "tfrc"}) {
    const std::string scenario = R"({"duration_s": 1, "flows": [{"protocol": ")" + protocol +
                                 R"(", "channel": {"forward": {"model": "bernoulli", "p": 0.01}}}]})";
    const RunOutput whole = RunWith(scenario, false);
    const RunOutput head = RunWith(scenario, true);
    ASSERT_TRUE(whole.ok && head.ok) << protocol << ": " << head.json;
    const auto full = nlohmann::json::parse(whole.json);
    // A parsed document's summary written out again: keys in byte order.
    const std::string expected = R"({"ok":true,"summary":)" + full["summary"].dump() + "}";
    EXPECT_EQ(head.json, expected) << protocol;
    EXPECT_TRUE(head.columns.empty());
  }
}

TEST(SummaryOnly, KeepsAPartialRunsMarks) {
  const std::string scenario = R"({"duration_s": 5, "max_events": 3000})";
  const auto head = nlohmann::json::parse(RunWith(scenario, true).json);
  const auto whole = nlohmann::json::parse(RunWith(scenario, false).json);
  EXPECT_EQ(head.value("partial", false), true);
  EXPECT_EQ(head["ended_by"], whole["ended_by"]);
  EXPECT_EQ(head["warning"], whole["warning"]);
  EXPECT_EQ(head["summary"], whole["summary"]);
  EXPECT_FALSE(head.contains("flows"));
}

}  // namespace
}  // namespace plab
