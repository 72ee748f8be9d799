// Live mode's timeline: a run with changes at given times is exactly the run a person
// got by stepping and setting them (so a live-mode link replays the same numbers), and
// a run without one is unchanged.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "scenario/simulation.h"
#include "scenario/timeline.h"
#include "stepping_util.h"

namespace plab {
namespace {

nlohmann::json LossyDefault() {
  nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
  s["seed"] = 9;
  s["flows"][0]["channel"]["forward"]["model"] = "bernoulli";
  s["flows"][0]["channel"]["forward"]["p"] = 0.001;
  return s;
}

const char* kTimeline = R"([
  {"t_s": 2.5, "path": "flows[0].channel.forward.p", "value": 0.05},
  {"t_s": 6, "path": "topology.bottleneck.rate_mbps", "value": 2},
  {"t_s": 6, "path": "flows[0].channel.forward.p", "value": 0.002}
])";

TEST(Timeline, ARunWithATimelineIsTheSteppedRunWithTheSameSets) {
  const nlohmann::json s = LossyDefault();
  const RunOutput replayed = testing::RunWithTimeline(s, kTimeline);
  ASSERT_TRUE(replayed.ok);
  const auto simulation = testing::SteppableSimulation(s);
  Simulation& stepped = *simulation;
  stepped.AdvanceTo(Time::FromSecondsDouble(2.5));
  ASSERT_EQ(stepped.Set("flows[0].channel.forward.p", 0.05), "");
  stepped.AdvanceTo(Time::FromSeconds(4));  // a pause in between changes nothing
  stepped.AdvanceTo(Time::FromSeconds(6));
  ASSERT_EQ(stepped.Set("topology.bottleneck.rate_mbps", 2), "");
  ASSERT_EQ(stepped.Set("flows[0].channel.forward.p", 0.002), "");
  testing::ExpectSameAsReplayed(stepped, replayed);

  // And the changes mattered: the plain run is different.
  const RunOutput plain = plab::Run(s.dump());
  EXPECT_NE(plain.json, replayed.json);
  EXPECT_GT(nlohmann::json::parse(replayed.json)["summary"]["forward_channel_drops"].get<int>(),
            nlohmann::json::parse(plain.json)["summary"]["forward_channel_drops"].get<int>());
}

TEST(Timeline, AnEmptyTimelineIsThePlainRun) {
  const nlohmann::json s = LossyDefault();
  RunOptions options;
  options.timeline_json = "[]";
  const RunOutput a = plab::Run(s.dump(), options);
  const RunOutput b = plab::Run(s.dump());
  ASSERT_TRUE(a.ok);
  EXPECT_EQ(a.json, b.json);
  EXPECT_EQ(a.columns, b.columns);
}

TEST(Timeline, BadEntriesAreNamed) {
  const std::string s = LossyDefault().dump();
  RunOptions options;
  options.timeline_json = R"([{"t_s": 3, "path": "flows[0].channel.forward.p", "value": 0.1},
                              {"t_s": 1, "path": "flows[0].channel.forward.p", "value": 0.1}])";
  RunOutput out = plab::Run(s, options);
  EXPECT_FALSE(out.ok);
  EXPECT_NE(out.json.find("timeline[1].t_s must be a time in seconds, not before the previous change"),
            std::string::npos)
      << out.json;

  options.timeline_json = R"([{"t_s": 1, "path": "topology.bottleneck.queue_packets", "value": 10}])";
  out = plab::Run(s, options);
  EXPECT_FALSE(out.ok);
  EXPECT_NE(out.json.find("cannot change during a run"), std::string::npos) << out.json;

  options.timeline_json = R"([{"t_s": 1, "path": "flows[0].channel.forward.p", "value": 7}])";
  out = plab::Run(s, options);
  EXPECT_FALSE(out.ok);
  EXPECT_NE(out.json.find("\"timeline[0]\""), std::string::npos) << out.json;

  options.timeline_json = "{not json";
  EXPECT_NE(plab::Run(s, options).json.find("the timeline is not valid JSON"), std::string::npos);
}

TEST(Timeline, ChangesAfterTheEndAreNotReached) {
  nlohmann::json s = LossyDefault();
  s["duration_s"] = 5;
  RunOptions options;
  options.timeline_json = R"([{"t_s": 9, "path": "flows[0].channel.forward.p", "value": 0.5}])";
  const RunOutput late = plab::Run(s.dump(), options);
  ASSERT_TRUE(late.ok) << late.json;
  EXPECT_EQ(late.columns, plab::Run(s.dump()).columns);
}

}  // namespace
}  // namespace plab
