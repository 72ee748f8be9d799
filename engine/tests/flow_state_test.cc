// RunSession::Set and RunSession::Observe (the Python binding's Gymnasium steps): a
// change set at the session's time is the timeline's change at that time, bit for bit;
// the flow's state read now is the sender's (window, RTT, delivered bytes, rate); and
// reading it changes nothing.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "plab/api.h"

namespace plab {
namespace {

nlohmann::json ManualFlowScenario() {
  nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
  s["seed"] = 4;
  s["duration_s"] = 3;
  s["flows"][0]["protocol"] = "manual";
  s["flows"][0]["app"]["token_bucket"]["enabled"] = false;
  s["flows"][0]["channel"]["forward"]["p"] = 0.02;
  return s;
}

TEST(FlowState, SetAtTheSessionsTimeIsTheTimelinesChange) {
  const std::string scenario = ManualFlowScenario().dump();
  RunOptions options;
  options.timeline_json = R"([{"t_s": 0, "path": "flows[0].manual.cwnd_segments", "value": 3},
    {"t_s": 0.75, "path": "flows[0].manual.cwnd_segments", "value": 30},
    {"t_s": 2, "path": "flows[0].manual.cwnd_segments", "value": 7}])";
  const RunOutput replay = plab::Run(scenario, options);
  ASSERT_TRUE(replay.ok) << replay.json;

  RunSession session(scenario);
  EXPECT_EQ(session.Set("flows[0].manual.cwnd_segments", "3"), "");
  session.AdvanceTo(0.75);
  EXPECT_EQ(session.Set("flows[0].manual.cwnd_segments", "30"), "");
  session.AdvanceTo(2);
  EXPECT_EQ(session.Set("flows[0].manual.cwnd_segments", "7"), "");
  const RunOutput stepped = session.Finish();
  // Whole documents: compared as booleans, so that a failure does not print two of them.
  EXPECT_TRUE(stepped.json == replay.json) << "the session's Set calls differ from the timeline's changes";
  EXPECT_TRUE(stepped.columns == replay.columns);
  EXPECT_FALSE(stepped.json == plab::Run(scenario).json) << "the changes did not change the run";
}

TEST(FlowState, SetRefusesWhatATimelineRefuses) {
  RunSession session(ManualFlowScenario().dump());
  EXPECT_NE(session.Set("flows[0].manual.cwnd_segments", "5000").find("within [1, 1000]"), std::string::npos);
  EXPECT_NE(session.Set("topology.bottleneck.queue_packets", "5").find("cannot change during a run"),
            std::string::npos);
  EXPECT_NE(session.Set("flows[0].manual.cwnd_segments", "{").find("not valid JSON"), std::string::npos);
  session.Finish();
  EXPECT_NE(session.Set("flows[0].manual.cwnd_segments", "5").find("ended"), std::string::npos);
}

TEST(FlowState, ObserveReadsTheWindowTheRttAndTheDeliveredBytes) {
  RunSession session(ManualFlowScenario().dump());
  ASSERT_EQ(session.Set("flows[0].manual.cwnd_segments", "17"), "");
  session.AdvanceTo(1.5);
  const FlowState s = session.Observe(0);
  ASSERT_TRUE(s.valid);
  EXPECT_DOUBLE_EQ(s.t_s, 1.5);
  EXPECT_TRUE(s.has_window);
  EXPECT_FALSE(s.has_rate);
  EXPECT_EQ(s.cwnd_bytes, 17 * s.segment_bytes);
  EXPECT_GT(s.flight_bytes, 0u);  // snd_max - snd_una: SACKed data above a hole too, so not bounded by cwnd
  EXPECT_GT(s.rtt_samples, 0);
  EXPECT_GT(s.min_rtt_s, 0);
  EXPECT_LE(s.min_rtt_s, s.srtt_s);
  EXPECT_GT(s.delivered_bytes, 0u);
  EXPECT_GT(s.data_packets_sent, 0);
  EXPECT_GT(s.retransmissions, 0);  // 2 % loss over 1.5 s

  // The result's own figures at the end agree with the state read then.
  session.Finish();
  const FlowState end = session.Observe(0);
  const nlohmann::json doc = nlohmann::json::parse(session.Snapshot().json);
  EXPECT_EQ(end.delivered_bytes, doc["summary"]["delivered_bytes"].get<uint64_t>());
  EXPECT_EQ(end.retransmissions, doc["summary"]["retransmissions"].get<int64_t>());
  EXPECT_DOUBLE_EQ(static_cast<double>(end.cwnd_bytes) / end.segment_bytes,
                   doc["summary"]["final_cwnd_segments"].get<double>());
  EXPECT_FALSE(session.Observe(1).valid);
  EXPECT_FALSE(session.Observe(-1).valid);
}

TEST(FlowState, ObserveReadsARateBasedSendersRate) {
  nlohmann::json s = ManualFlowScenario();
  s["flows"][0]["protocol"] = "tfrc";
  RunSession session(s.dump());
  session.AdvanceTo(2);
  const FlowState state = session.Observe(0);
  ASSERT_TRUE(state.valid);
  EXPECT_TRUE(state.has_rate);
  EXPECT_FALSE(state.has_window);
  EXPECT_GT(state.allowed_rate_bytes_s, 0);
}

TEST(FlowState, ObservingChangesNothing) {
  const std::string scenario = ManualFlowScenario().dump();
  RunSession session(scenario);
  for (double t = 0; !session.AdvanceTo(t); t += 0.01) session.Observe(0);
  const RunOutput stepped = session.Finish();
  const RunOutput whole = plab::Run(scenario);
  EXPECT_TRUE(stepped.json == whole.json) << "observing changed the run";
  EXPECT_TRUE(stepped.columns == whole.columns);
}

TEST(FlowState, ARefusedRunHasNoState) {
  RunSession session(R"({"duration_s": -1})");
  EXPECT_FALSE(session.Observe(0).valid);
  EXPECT_NE(session.Set("flows[0].manual.cwnd_segments", "5").find("ended"), std::string::npos);
}

}  // namespace
}  // namespace plab
