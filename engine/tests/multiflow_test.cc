// Scenario-tier tests of the many-flow engine: flows share links fairly, finish on
// their own, sit on the topology the scenario names, and the run ends when and how
// it should. Seeds are in the failure messages.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "test_util.h"
#include "world/simulation.h"

namespace plab {
namespace {

using plab::testing::RunOk;

nlohmann::json Bulk(const std::string& protocol) {
  return {{"protocol", protocol},
          {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
          {"app", {{"token_bucket", {{"enabled", false}}}}}};
}

nlohmann::json LossyDumbbell(nlohmann::json flows, double loss = 0.001) {
  // LossyDumbbell({one}) is a one-flow list under GCC but the flow itself under clang (a
  // braced list of one json copies it): make it a list either way.
  if (!flows.is_array()) flows = nlohmann::json::array({flows});
  return {{"duration_s", 60},
          {"topology",
           {{"kind", "dumbbell"},
            {"bottleneck",
             {{"rate_mbps", 10},
              {"delay_ms", 20},
              {"queue_packets", 100},
              {"errors", {{"forward", {{"model", "bernoulli"}, {"p", loss}}}}}}}}},
          {"flows", std::move(flows)}};
}

std::vector<double> FlowGoodputs(const plab::testing::RunResult& r) {
  std::vector<double> out;
  const auto doc = nlohmann::json::parse(r.json);
  for (const auto& f : doc["flows"]) out.push_back(f["summary"]["goodput_mbps"]);
  return out;
}

// Four NewReno flows with equal RTTs, started 0.37 s apart, share the bottleneck
// evenly over a minute: Jain's index of their goodputs is at least 0.95, every seed.
TEST(ManyFlows, EqualFlowsConverge) {
  nlohmann::json flows = nlohmann::json::array();
  for (int i = 0; i < 4; ++i) {
    nlohmann::json f = Bulk("newreno");
    f["start_s"] = 0.37 * i;
    flows.push_back(f);
  }
  for (int seed = 1; seed <= 5; ++seed) {
    nlohmann::json s = LossyDumbbell(flows);
    s["seed"] = seed;
    const auto r = RunOk(s);
    EXPECT_GE(r.summary["jain_index"].get<double>(), 0.95) << "seed " << seed;
    EXPECT_GT(r.summary["flows_goodput_mbps"].get<double>(), 9.0) << "seed " << seed;  // the link stays full
  }
}

// Fairness is measured, not assumed: one flow that starts 30 s late has had less time
// to grow, and a flow with a 50 ms longer access link gets less.
TEST(ManyFlows, JainSeesAnUnfairShare) {
  nlohmann::json fast = Bulk("newreno");
  nlohmann::json slow = Bulk("newreno");
  slow["access"] = {{"delay_ms", 100}};
  const auto r = RunOk(LossyDumbbell({fast, slow}));
  const auto g = FlowGoodputs(r);
  EXPECT_GT(g[0], 1.5 * g[1]);
  EXPECT_LT(r.summary["jain_index"].get<double>(), 0.95);
}

// A fixed-size flow that finishes early leaves the run (and the link) to the others.
TEST(ManyFlows, AFlowThatFinishesEarlyDoesNotEndTheOthersRun) {
  nlohmann::json small = Bulk("newreno");
  small["app"]["size_bytes"] = 200000;
  const auto r = RunOk(LossyDumbbell({small, Bulk("newreno")}, 0));
  const auto doc = nlohmann::json::parse(r.json);
  EXPECT_TRUE(doc["flows"][0]["summary"]["completed"].get<bool>());
  EXPECT_LT(doc["flows"][0]["summary"]["connection_time_s"].get<double>(), 5.0);
  EXPECT_DOUBLE_EQ(r.summary["sim_end_s"].get<double>(), 60.0);
  EXPECT_EQ(r.summary["ended_by"], "duration");
  // The other flow ran to the end and had the link to itself afterwards.
  EXPECT_GT(doc["flows"][1]["summary"]["goodput_mbps"].get<double>(), 9.0);
}

// When every flow has a fixed size, the run ends when the last one finishes.
TEST(ManyFlows, TheRunEndsWhenEveryFiniteFlowHasFinished) {
  nlohmann::json a = Bulk("newreno"), b = Bulk("cubic");
  a["app"]["size_bytes"] = 200000;
  b["app"]["size_bytes"] = 1000000;
  b["start_s"] = 1;
  const auto r = RunOk(LossyDumbbell({a, b}, 0));
  const auto doc = nlohmann::json::parse(r.json);
  const double last = doc["flows"][1]["summary"]["connection_time_s"].get<double>() + 1;
  EXPECT_EQ(r.summary["ended_by"], "completed");
  EXPECT_NEAR(r.summary["sim_end_s"].get<double>(), last, 1e-9);
  EXPECT_LT(last, 60);
}

// A flow's stop time closes its application; what was sent is still delivered.
TEST(ManyFlows, StopTimeEndsAFlowsTransfer) {
  nlohmann::json a = Bulk("newreno");
  a["stop_s"] = 10;
  const auto r = RunOk(LossyDumbbell({a}, 0));
  EXPECT_TRUE(r.summary["completed"].get<bool>());
  EXPECT_GT(r.summary["connection_time_s"].get<double>(), 10.0);
  EXPECT_LT(r.summary["connection_time_s"].get<double>(), 15.0);  // the queue drains, losses repaired
  EXPECT_EQ(r.summary["ended_by"], "completed");
}

// Each flow sits where the topology says: on a dumbbell its own access delay sets its
// RTT; on the wireless topology its channel is its own last hop.
TEST(Topologies, DumbbellAccessDelaysSetEachFlowsRtt) {
  nlohmann::json near = Bulk("newreno"), far = Bulk("newreno");
  far["access"] = {{"delay_ms", 30}};
  const auto r = RunOk(LossyDumbbell({near, far}, 0));
  const auto doc = nlohmann::json::parse(r.json);
  const double rtt0 = doc["flows"][0]["summary"]["mean_srtt_ms"];
  const double rtt1 = doc["flows"][1]["summary"]["mean_srtt_ms"];
  EXPECT_NEAR(rtt1 - rtt0, 2 * (30 - 1), 10.0);  // queueing is shared, propagation is not
}

TEST(Topologies, WirelessLastHopCarriesEachFlowsOwnChannel) {
  nlohmann::json lossy = Bulk("newreno"), clean = Bulk("newreno");
  lossy["channel"]["forward"] = {{"model", "bernoulli"}, {"p", 0.05}};
  const nlohmann::json s = {
      {"duration_s", 20}, {"topology", {{"kind", "wireless_last_hop"}}}, {"flows", {lossy, clean}}};
  const auto r = RunOk(s);
  const auto doc = nlohmann::json::parse(r.json);
  EXPECT_GT(doc["flows"][0]["summary"]["forward_channel_drops"].get<int>(), 50);
  EXPECT_EQ(doc["flows"][1]["summary"]["forward_channel_drops"].get<int>(), 0);
  // Each receiver has its own 2 Mb/s last hop: the clean flow is limited by its own.
  EXPECT_GT(doc["flows"][1]["summary"]["goodput_mbps"].get<double>(), 1.7);
  EXPECT_LT(doc["flows"][1]["summary"]["goodput_mbps"].get<double>(), 2.0);
}

TEST(Topologies, OnAPathEveryFlowSharesOneBottleneck) {
  const nlohmann::json s = {{"duration_s", 30}, {"flows", {Bulk("newreno"), Bulk("newreno"), Bulk("newreno")}}};
  const auto r = RunOk(s);
  EXPECT_NEAR(r.summary["flows_goodput_mbps"].get<double>(), 9.6, 0.3);  // 10 Mb/s less headers
  EXPECT_EQ(nlohmann::json::parse(r.json)["flows"].size(), 3u);
}

// Background web users: responses of Pareto size with the configured mean arrive,
// each user thinking between them; they show up as one group, not as many flows.
TEST(Background, HttpUsersFetchResponsesOfTheConfiguredMeanSize) {
  nlohmann::json s = {
      {"duration_s", 300},
      {"topology", {{"kind", "dumbbell"}, {"bottleneck", {{"rate_mbps", 100}}}}},
      {"flows", {Bulk("newreno")}},
      {"background",
       {{{"kind", "http"}, {"count", 20}, {"think_mean_s", 2}, {"size_mean_bytes", 20000}, {"size_shape", 2.5}}}}};
  s["flows"][0]["start_s"] = 299;  // out of the way (and unlimited: it keeps the run going)
  const auto r = RunOk(s);
  const auto group = nlohmann::json::parse(r.json)["groups"][0]["summary"];
  const double responses = group["responses"].get<double>();
  const double response_s = group["mean_response_time_s"].get<double>();
  // Each user alternates a response and a think: responses ~ users x T / (think + response).
  EXPECT_NEAR(responses, 20 * 300 / (2 + response_s), 0.1 * 20 * 300 / (2 + response_s));
  // Bytes per response: the Pareto mean (shape 2.5 has a finite variance, so the mean
  // of ~2800 samples is within a few percent).
  const double bytes = group["goodput_mbps"].get<double>() * 1e6 / 8 * 300;
  EXPECT_NEAR(bytes / responses, 20000, 0.15 * 20000);
  EXPECT_EQ(group["count"].get<int>(), 20);
}

TEST(Background, FtpFlowsStartWithinTheirRangeAndShareTheLink) {
  const nlohmann::json s = {{"duration_s", 40},
                            {"topology", {{"kind", "dumbbell"}}},
                            {"flows", {Bulk("newreno")}},
                            {"background", {{{"kind", "ftp"}, {"count", 9}, {"start_min_s", 5}, {"start_max_s", 10}}}}};
  const auto r = RunOk(s);
  const auto& t = r.series.at("background[0].throughput").t;
  const auto& v = r.series.at("background[0].throughput").v;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] <= 5.0) EXPECT_EQ(v[i], 0.0) << "at " << t[i] << " s";
  }
  const auto group = nlohmann::json::parse(r.json)["groups"][0]["summary"];
  // Ten flows on 10 Mb/s: the explicit one gets about a tenth once they are all in.
  EXPECT_GT(group["goodput_mbps"].get<double>(), 5.0);
  EXPECT_GT(group["jain_index"].get<double>(), 0.8);
}

// A group's members share its access delay unless it spreads them: window-limited FTP
// flows on an empty 100 Mb/s link each take window / RTT, so equal round trips give
// equal goodputs (Jain 1), and a 40 ms spread of the one-way access delay (RTT 50 to
// 130 ms) gives goodputs between window / 130 ms and window / 50 ms, no two alike.
TEST(Background, AGroupsAccessDelaySpreadGivesEachMemberItsOwnRoundTrip) {
  auto run = [](double spread_ms) {
    nlohmann::json s = {{"duration_s", 30},
                        {"metrics", {{"start_s", 10}}},
                        {"topology", {{"kind", "dumbbell"}, {"bottleneck", {{"rate_mbps", 100}, {"delay_ms", 23}}}}},
                        {"flows", {Bulk("newreno")}},
                        {"background",
                         {{{"kind", "ftp"},
                           {"count", 6},
                           {"tcp", {{"max_window_segments", 10}}},
                           {"access", {{"delay_spread_ms", spread_ms}}}}}}};
    s["flows"][0]["start_s"] = 29;  // out of the way
    return nlohmann::json::parse(RunOk(s).json)["groups"][0]["summary"];
  };
  const double window_bits = 10 * 1000 * 8;
  const auto same = run(0);
  EXPECT_NEAR(same["jain_index"].get<double>(), 1.0, 1e-5);
  EXPECT_NEAR(same["mean_goodput_mbps"].get<double>(), window_bits / 0.050 / 1e6, 0.05);
  const auto spread = run(40);
  EXPECT_LT(spread["jain_index"].get<double>(), 0.99);
  EXPECT_GT(spread["mean_goodput_mbps"].get<double>(), window_bits / 0.130 / 1e6);
  EXPECT_LT(spread["mean_goodput_mbps"].get<double>(), window_bits / 0.050 / 1e6 - 0.05);
}

// The run stops at its event budget and says so; nothing crashes and the figures are
// those of the simulated part.
TEST(Limits, TheEventBudgetStopsTheRunAndSaysSo) {
  nlohmann::json s = LossyDumbbell({Bulk("newreno")});
  s["max_events"] = 20000;
  const auto r = RunOk(s);
  const auto doc = nlohmann::json::parse(r.json);
  EXPECT_EQ(r.summary["ended_by"], "event_budget");
  EXPECT_EQ(r.summary["events"].get<uint64_t>(), 20000u);
  EXPECT_LT(r.summary["sim_end_s"].get<double>(), 60.0);
  ASSERT_TRUE(doc.contains("warning"));
  EXPECT_NE(doc["warning"].get<std::string>().find("max_events"), std::string::npos);
  EXPECT_EQ(doc["partial"], true);
  EXPECT_EQ(doc["ended_by"], "event_budget");
}

// A run that finishes within its budget is whole: no partial mark, no warning.
TEST(Limits, AWholeRunIsNotMarkedPartial) {
  nlohmann::json s = LossyDumbbell({Bulk("newreno")});
  s["duration_s"] = 2;
  const auto r = RunOk(s);
  const auto doc = nlohmann::json::parse(r.json);
  EXPECT_NE(r.summary["ended_by"], "event_budget");
  EXPECT_FALSE(doc.contains("partial"));
  EXPECT_FALSE(doc.contains("warning"));
}

// Whatever the number of flows, a result stays a few hundred thousand points.
TEST(Limits, SeriesStayBoundedWhateverTheNumberOfFlows) {
  nlohmann::json flows = nlohmann::json::array();
  for (int i = 0; i < 64; ++i) flows.push_back(Bulk(i % 2 ? "cubic" : "newreno"));
  nlohmann::json s = LossyDumbbell(flows);
  s["duration_s"] = 30;
  const RunOutput out = plab::Run(s.dump());
  ASSERT_TRUE(out.ok) << out.json;
  EXPECT_LT(out.columns.size(), 2u * 400000u);
  const RunOutput one = plab::Run(LossyDumbbell({Bulk("newreno")}).dump());
  EXPECT_LT(one.columns.size(), 2u * 100000u);
}

// Stepping is the same run: AdvanceTo in pieces gives the bytes Run() gives.
TEST(Stepping, AdvancingInStepsGivesExactlyTheWholeRun) {
  nlohmann::json s = LossyDumbbell({Bulk("newreno"), Bulk("cubic")}, 0.01);
  s["duration_s"] = 20;
  s["background"] = {{{"kind", "http"}, {"count", 10}}};
  Scenario scenario;
  ASSERT_TRUE(Scenario::Parse(s, &scenario).empty());
  Simulation whole(scenario);
  whole.Run();
  std::vector<double> whole_columns;
  const std::string whole_json = whole.Report(&whole_columns).dump();

  Simulation stepped(scenario);
  for (double t : {0.0, 0.001, 1.5, 1.5, 7.25, 19.0, 20.0, 25.0}) stepped.AdvanceTo(Time::FromSecondsDouble(t));
  EXPECT_TRUE(stepped.ended());
  std::vector<double> stepped_columns;
  EXPECT_EQ(stepped.Report(&stepped_columns).dump(), whole_json);
  EXPECT_EQ(stepped_columns, whole_columns);
}

// A live parameter changed between steps takes effect from then on, and only then.
TEST(Stepping, SetChangesALiveParameterFromNowOn) {
  nlohmann::json s = LossyDumbbell({Bulk("newreno")}, 0);
  s["duration_s"] = 20;
  Scenario scenario;
  ASSERT_TRUE(Scenario::Parse(s, &scenario).empty());
  Simulation control(scenario), changed(scenario);
  control.AdvanceTo(Time::FromSeconds(10));
  changed.AdvanceTo(Time::FromSeconds(10));
  EXPECT_EQ(changed.Summary()["delivered_bytes"], control.Summary()["delivered_bytes"]);
  EXPECT_EQ(changed.Set("flows[0].channel.forward.p", 0.05),
            "flows[0].channel.forward.p does not apply to this run "
            "(its topology or model does not use it)");
  EXPECT_EQ(changed.Set("topology.bottleneck.errors.forward.p", 0.05), "");
  EXPECT_EQ(changed.Set("topology.bottleneck.rate_mbps", 0),
            "topology.bottleneck.rate_mbps must be within [0.001, 10000], got 0");
  EXPECT_EQ(changed.Set("topology.bottleneck.queue_packets", 10),
            "topology.bottleneck.queue_packets cannot change during a run; only parameters marked live can");
  EXPECT_EQ(changed.Set("flows[0].nonsense", 1), "unknown parameter flows[0].nonsense (see `lab schema`)");
  control.Run();
  changed.Run();
  EXPECT_EQ(control.Summary()["link_drops"], 0);
  EXPECT_GT(changed.Summary()["link_drops"].get<int>(), 100);
  EXPECT_LT(changed.Summary()["goodput_mbps"].get<double>(), 0.8 * control.Summary()["goodput_mbps"].get<double>());
  // The change is in the result's scenario, so the report says what was run.
  std::vector<double> columns;
  EXPECT_EQ(changed.Report(&columns)["scenario"]["topology"]["bottleneck"]["errors"]["forward"]["p"], 0.05);
}

TEST(Stepping, ALinkRateChangedMidRunChangesThroughput) {
  nlohmann::json s = LossyDumbbell({Bulk("cubic")}, 0);
  s["duration_s"] = 40;
  Scenario scenario;
  ASSERT_TRUE(Scenario::Parse(s, &scenario).empty());
  Simulation sim(scenario);
  sim.AdvanceTo(Time::FromSeconds(20));
  const double before = sim.Summary()["delivered_bytes"].get<double>();
  ASSERT_EQ(sim.Set("topology.bottleneck.rate_mbps", 2), "");
  sim.Run();
  const double after = sim.Summary()["delivered_bytes"].get<double>() - before;
  EXPECT_GT(before * 8 / 20 / 1e6, 8.0);  // ~10 Mb/s before
  EXPECT_LT(after * 8 / 20 / 1e6, 2.0);   // at most 2 Mb/s after
}

}  // namespace
}  // namespace plab
