// The rules between two parameters: declared once (scenario/cross_field.cc), checked by
// the engine and published in the schema for the page (issue G, finding 12).
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "test_util.h"

namespace plab {
namespace {

using plab::testing::FirstError;

TEST(CrossField, TheSchemaPublishesEachRuleWithDeclaredFields) {
  const auto schema = nlohmann::json::parse(SchemaJson());
  ASSERT_TRUE(schema.contains("constraints"));
  std::set<std::string> paths;
  for (const auto& p : schema["params"]) paths.insert(p["path"].get<std::string>());
  bool start_before_end = false;
  for (const auto& c : schema["constraints"]) {
    EXPECT_TRUE(paths.count(c["field"].get<std::string>())) << c;
    EXPECT_TRUE(paths.count(c["other"].get<std::string>())) << c;
    const std::string rule = c["rule"].get<std::string>();
    EXPECT_TRUE(rule == "less" || rule == "at_least" || rule == "zero_or_greater") << c;
    if (c["field"] == "flows[].start_s" && rule == "less" && c["other"] == "duration_s") start_before_end = true;
  }
  EXPECT_TRUE(start_before_end);
}

TEST(CrossField, EachRuleIsCheckedOnEveryItem) {
  EXPECT_EQ(FirstError(R"({"duration_s":10,"flows":[{}, {"start_s":10}]})"),
            "flows[1].start_s must be less than duration_s (10), got 10");
  EXPECT_EQ(FirstError(R"({"flows":[{"start_s":5,"stop_s":3}]})"),
            "flows[0].stop_s must be 0 (never) or after flows[0].start_s (5), got 3");
  EXPECT_EQ(FirstError(R"({"background":[{"start_min_s":4,"start_max_s":2}]})"),
            "background[0].start_max_s must be at least background[0].start_min_s (4), got 2");
  EXPECT_EQ(FirstError(R"({"duration_s":5,"background":[{"start_min_s":6,"start_max_s":7}]})"),
            "background[0].start_min_s must be less than duration_s (5), got 6");
  EXPECT_EQ(FirstError(R"({"duration_s":5,"metrics":{"start_s":5}})"),
            "metrics.start_s must be less than duration_s (5), got 5");
  // A stop of 0 is "never"; a stop after the start is fine.
  EXPECT_TRUE(plab::Run(R"({"duration_s":1,"flows":[{"start_s":0.5,"stop_s":0}, {"stop_s":0.5}]})").ok);
}

}  // namespace
}  // namespace plab
