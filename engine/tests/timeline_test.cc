// Live mode's timeline: a run with changes at given times is exactly the run a person
// got by stepping and setting them (so a live-mode link replays the same numbers), and
// a run without one is unchanged.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "stepping_util.h"
#include "world/simulation.h"
#include "world/timeline.h"

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

std::string FirstTimelineError(const nlohmann::json& scenario, const std::string& timeline) {
  RunOptions options;
  options.timeline_json = timeline;
  const RunOutput out = plab::Run(scenario.dump(), options);
  EXPECT_FALSE(out.ok);
  const auto doc = nlohmann::json::parse(out.json);
  return out.ok || doc["errors"].empty() ? "" : doc["errors"][0]["message"].get<std::string>();
}

// Issue H §1b: the CLI prints an error's message, not its path, so the message names
// the entry and the parameter it tried to set.
TEST(Timeline, ARefusedChangeNamesItsEntryAndPath) {
  EXPECT_EQ(FirstTimelineError(LossyDefault(), R"([{"t_s": 0.5, "path": "flows[0].channel.forward.p", "value": 0.1},
                                                   {"t_s": 1, "path": "topology.bottleneck.queue_packets", "value": 10}])"),
            "timeline[1] (topology.bottleneck.queue_packets at 1 s): topology.bottleneck.queue_packets cannot change "
            "during a run; only parameters marked live can");
}

// Issue H §1b: unknown keys in an entry were accepted while unknown scenario keys are
// refused; a misspelt "value" passed as if it were not there.
TEST(Timeline, UnknownKeysInAnEntryAreRefused) {
  EXPECT_EQ(FirstTimelineError(LossyDefault(),
                               R"([{"t_s": 1, "path": "flows[0].channel.forward.p", "value": 0.1, "vlaue": 0.2}])"),
            "unknown field timeline[0].vlaue (a timeline entry has t_s, path and value)");
}

// Issue H §1b.3: a change at 1e10 s overflowed the time conversion and was applied from
// t = 0 (the bottleneck at 0.01 Mb/s for the whole run). Times are bounded by the
// longest run, with a message naming the range.
TEST(Timeline, TimesBeyondTheLongestRunAreRefused) {
  nlohmann::json s = nlohmann::json::parse(R"({"duration_s": 1, "max_events": 200000,
                                               "flows": [{"app": {"token_bucket": {"enabled": false}}}]})");
  for (const char* t : {"1e10", "9.3e9", "2000.5", "-1"}) {
    const std::string timeline =
        std::string(R"([{"t_s": )") + t + R"(, "path": "topology.bottleneck.rate_mbps", "value": 0.01}])";
    EXPECT_EQ(FirstTimelineError(s, timeline).substr(0, 57),
              "timeline[0].t_s must be within [0, 2000] s (the longest r")
        << t;
  }
  // The largest allowed time is never reached by a 1 s run: the plain run, bit for bit.
  RunOptions options;
  options.timeline_json = R"([{"t_s": 2000, "path": "topology.bottleneck.rate_mbps", "value": 0.01}])";
  const RunOutput late = plab::Run(s.dump(), options);
  ASSERT_TRUE(late.ok) << late.json;
  const RunOutput plain = plab::Run(s.dump());
  EXPECT_EQ(late.columns, plain.columns);
  EXPECT_EQ(nlohmann::json::parse(late.json)["summary"], nlohmann::json::parse(plain.json)["summary"]);
}

TEST(Timeline, NotJsonSaysWhere) {
  EXPECT_EQ(FirstTimelineError(LossyDefault(), "[\n  {\"t_s\": 1, \"path\": x}\n]").substr(0, 53),
            "the timeline is not valid JSON at line 2, column 22: ");
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
