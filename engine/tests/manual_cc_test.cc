// "You are the congestion control": the manual window follows what the student sets
// mid-run (a live-mode timeline) and bounds the flight, and the same timeline set by
// stepping gives the same run.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "stepping_util.h"
#include "test_util.h"
#include "transport/registry.h"
#include "world/simulation.h"

namespace plab {
namespace {

nlohmann::json ManualScenario() {
  nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
  s["seed"] = 3;
  s["duration_s"] = 6;
  s["flows"][0]["protocol"] = "manual";
  s["flows"][0]["app"]["token_bucket"]["enabled"] = false;  // the window alone limits the flow
  // No random losses: the flight's bound shows without repairs.
  s["flows"][0]["channel"]["forward"]["model"] = "none";
  return s;
}

const char* kTimeline = R"([
  {"t_s": 2, "path": "flows[0].manual.cwnd_segments", "value": 4},
  {"t_s": 4, "path": "flows[0].manual.cwnd_segments", "value": 25}
])";

// The largest value of a series for t in [from, to).
double MaxIn(const testing::Series& s, double from, double to) {
  double m = -1;
  for (size_t i = 0; i < s.t.size(); ++i) {
    if (s.t[i] >= from && s.t[i] < to) m = std::max(m, s.v[i]);
  }
  return m;
}

double MinIn(const testing::Series& s, double from, double to) {
  double m = 1e300;
  for (size_t i = 0; i < s.t.size(); ++i) {
    if (s.t[i] >= from && s.t[i] < to) m = std::min(m, s.v[i]);
  }
  return m;
}

testing::RunResult RunOkWithTimeline(const nlohmann::json& s, const char* timeline) {
  RunOptions options;
  options.timeline_json = timeline;
  return testing::RunOk(s, options);
}

TEST(ManualCc, TheWindowFollowsTheStudentAndBoundsTheFlight) {
  const testing::RunResult r = RunOkWithTimeline(ManualScenario(), kTimeline);
  const testing::Series& cwnd = r.series.at("cwnd");
  const testing::Series& flight = r.series.at("flight_size");
  // Before the first change: the default 10 segments (the series are in segments).
  EXPECT_EQ(MinIn(cwnd, 0.5, 2), 10);
  EXPECT_EQ(MaxIn(cwnd, 0.5, 2), 10);
  EXPECT_GT(MaxIn(flight, 0.5, 2), 4);
  EXPECT_LE(MaxIn(flight, 0.5, 2), 10);
  // Backed off to 4 at t = 2: the window is 4 and, once the old flight has drained
  // (an RTT), the flight never exceeds it.
  EXPECT_EQ(MinIn(cwnd, 2.001, 4), 4);
  EXPECT_EQ(MaxIn(cwnd, 2.001, 4), 4);
  EXPECT_LE(MaxIn(flight, 2.5, 4), 4);
  EXPECT_GE(MaxIn(flight, 2.5, 4), 3);
  // Grown to 25 at t = 4: the flight grows past the old window, bounded by the new.
  EXPECT_EQ(MinIn(cwnd, 4.001, 6), 25);
  EXPECT_EQ(MaxIn(cwnd, 4.001, 6), 25);
  EXPECT_GT(MaxIn(flight, 4.5, 6), 10);
  EXPECT_LE(MaxIn(flight, 4.5, 6), MaxIn(cwnd, 4.001, 6));
  // The student's window is no slow-start threshold: the protocol does not declare one
  // (the page draws no ssthresh line for it).
  const std::vector<std::string>& declared = FindProtocol("manual")->series;
  EXPECT_EQ(std::find(declared.begin(), declared.end(), "ssthresh"), declared.end());
}

// The page's manual scenario (web/src/manual/scenario.ts): 4 Mb/s, 20 ms one way, a
// buffer of 32 packets, no random loss; the queue alone drops.
nlohmann::json QueueScenario() {
  nlohmann::json s = ManualScenario();
  s["duration_s"] = 9;
  s["topology"]["bottleneck"]["rate_mbps"] = 4;
  s["topology"]["bottleneck"]["delay_ms"] = 20;
  s["topology"]["bottleneck"]["queue_packets"] = 32;
  s["flows"][0]["channel"]["reverse"]["model"] = "none";
  return s;
}

// Issue 19 finding 2.4: the window is exactly the student's through loss recovery.
// 80 segments overflow pipe (~20) + buffer (32): fast retransmits; 1000 overflow it
// by far; then 15. A recovery's inflation (Reno's ACK clock) drew ~390 segments, its
// deflation and NewReno's exit cap near 0: neither may show.
TEST(ManualCc, TheWindowIsExactlyTheStudentsThroughLossRecovery) {
  const testing::RunResult r = RunOkWithTimeline(QueueScenario(), R"([
    {"t_s": 1, "path": "flows[0].manual.cwnd_segments", "value": 80},
    {"t_s": 4, "path": "flows[0].manual.cwnd_segments", "value": 1000},
    {"t_s": 7, "path": "flows[0].manual.cwnd_segments", "value": 15}
  ])");
  const testing::Series& cwnd = r.series.at("cwnd");
  const testing::Series& fr = r.series.at("fast_retransmit");
  ASSERT_GT(r.summary.at("fast_retransmits").get<double>(), 0);
  ASSERT_GT(r.summary.at("retransmissions").get<double>(), 0);
  EXPECT_GT(MaxIn(fr, 1, 4), 0) << "no fast retransmit while the window was 80";
  EXPECT_EQ(MinIn(cwnd, 0, 1), 10);
  EXPECT_EQ(MaxIn(cwnd, 0, 1), 10);
  EXPECT_EQ(MinIn(cwnd, 1.01, 4), 80);
  EXPECT_EQ(MaxIn(cwnd, 1.01, 4), 80);
  EXPECT_EQ(MinIn(cwnd, 4.01, 7), 1000);
  EXPECT_EQ(MaxIn(cwnd, 4.01, 7), 1000);
  EXPECT_EQ(MinIn(cwnd, 7.01, 9), 15);
  EXPECT_EQ(MaxIn(cwnd, 7.01, 9), 15);
  // The fast-retransmit markers sit on the student's window too.
  for (size_t i = 0; i < fr.t.size(); ++i) {
    if (fr.t[i] > 1.01 && fr.t[i] < 4) EXPECT_EQ(fr.v[i], 80) << "at t = " << fr.t[i];
  }
}

TEST(ManualCc, TheTimelineIsTheSteppedRunWithTheSameSets) {
  const nlohmann::json s = ManualScenario();
  const RunOutput replayed = testing::RunWithTimeline(s, kTimeline);
  ASSERT_TRUE(replayed.ok);
  const auto simulation = testing::SteppableSimulation(s);
  Simulation& stepped = *simulation;
  stepped.AdvanceTo(Time::FromSeconds(2));
  ASSERT_EQ(stepped.Set("flows[0].manual.cwnd_segments", 4), "");
  stepped.AdvanceTo(Time::FromSeconds(4));
  ASSERT_EQ(stepped.Set("flows[0].manual.cwnd_segments", 25), "");
  testing::ExpectSameAsReplayed(stepped, replayed);
  // And without the timeline the run is different (the window stayed at 10).
  EXPECT_NE(plab::Run(s.dump()).columns, replayed.columns);
}

TEST(ManualCc, AWindowOutsideItsRangeIsRefusedByLabel) {
  RunOptions options;
  options.timeline_json = R"([{"t_s": 1, "path": "flows[0].manual.cwnd_segments", "value": 5000}])";
  const RunOutput out = plab::Run(ManualScenario().dump(), options);
  EXPECT_FALSE(out.ok);
  EXPECT_NE(out.json.find("1000"), std::string::npos) << out.json;
  // Another protocol's flow has no manual window to set.
  nlohmann::json reno = ManualScenario();
  reno["flows"][0]["protocol"] = "reno";
  options.timeline_json = R"([{"t_s": 1, "path": "flows[0].manual.cwnd_segments", "value": 5}])";
  EXPECT_FALSE(plab::Run(reno.dump(), options).ok);
}

}  // namespace
}  // namespace plab
