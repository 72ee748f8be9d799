// Scenario::SetPath reads a path's parts between dots as std::getline(stream, part, '.')
// did before it stopped building a stringstream per call (a campaign's planner sets four
// paths a run): the same parts, so the same values set and the same paths refused.
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scenario/scenario.h"

namespace plab {
namespace {

TEST(SetPath, SetsNestedMembersAndListItems) {
  nlohmann::json doc = nlohmann::json::object();
  Scenario::SetPath(doc, "topology.bottleneck.delay_ms", 12.5);
  Scenario::SetPath(doc, "flows[1].channel.forward.p", 0.02);
  Scenario::SetPath(doc, "seed", 7);
  EXPECT_EQ(doc["topology"]["bottleneck"]["delay_ms"], 12.5);
  ASSERT_EQ(doc["flows"].size(), 2u);
  EXPECT_EQ(doc["flows"][1]["channel"]["forward"]["p"], 0.02);
  EXPECT_EQ(doc["seed"], 7);
}

TEST(SetPath, ALastDotAddsNoEmptyPartAsGetlineDid) {
  nlohmann::json doc = nlohmann::json::object();
  Scenario::SetPath(doc, "topology.bottleneck.", 3);  // getline: "topology", "bottleneck"
  EXPECT_EQ(doc["topology"]["bottleneck"], 3);
}

TEST(SetPath, EmptyPartsAndEmptyPathsAreRefused) {
  nlohmann::json doc = nlohmann::json::object();
  EXPECT_THROW(Scenario::SetPath(doc, "", 1), std::invalid_argument);
  EXPECT_THROW(Scenario::SetPath(doc, "topology..delay_ms", 1), std::invalid_argument);
  EXPECT_THROW(Scenario::SetPath(doc, ".seed", 1), std::invalid_argument);
  doc = {{"seed", 1}};
  try {
    Scenario::SetPath(doc, "seed.x", 2);
    FAIL() << "set a member inside a number";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "cannot set seed.x: seed is not an object");
  }
  try {
    Scenario::SetPath(doc, "topology.flows[0].p", 2);
    FAIL() << "a list below the top level";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "cannot set topology.flows[0].p: flows[0] is not a list");
  }
}

}  // namespace
}  // namespace plab
