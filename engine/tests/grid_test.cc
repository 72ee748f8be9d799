#include <gtest/gtest.h>

#include "sweep/grid.h"

#include "plab/api.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace plab {
namespace {

SweepSpec Axis(const std::string& path, double from, double to, int points, bool log = false) {
  SweepSpec a;
  a.x_path = path;
  a.from = from;
  a.to = to;
  a.points = points;
  a.log_scale = log;
  return a;
}

const nlohmann::json kBase = {{"duration_s", 0.2}, {"seed", 7}};

// Issue L §1: point by point with the last axis fastest, then protocol, then seed.
TEST(Grid, PlanOrderIsPointThenProtocolThenSeed) {
  GridSpec spec;
  spec.axes = {Axis("flows[0].channel.forward.p", 0.01, 0.02, 2), Axis("topology.bottleneck.delay_ms", 10, 30, 3)};
  spec.protocols = {"reno", "cubic"};
  spec.seeds = 2;
  ASSERT_TRUE(ValidateGrid(spec).empty());
  const GridPlan plan = PlanGrid(kBase, spec);
  ASSERT_EQ(plan.runs(), 2 * 3 * 2 * 2);
  std::vector<std::string> order;
  for (int64_t r = 0; r < plan.runs(); ++r) {
    const auto rec = GridRunRecord(plan, r, nullptr);
    EXPECT_EQ(rec["run"], r);
    order.push_back(rec["coords"].dump() + " " + rec["protocol"].get<std::string>() + " " + rec["seed"].dump());
    const nlohmann::json s = GridRunScenario(kBase, spec, plan, r);
    // As values: clang finds no one == for a json and an ordered_json (the sanitizer build).
    EXPECT_EQ(s["flows"][0]["channel"]["forward"]["p"].get<double>(),
              rec["coords"]["flows[0].channel.forward.p"].get<double>());
    EXPECT_EQ(s["topology"]["bottleneck"]["delay_ms"].get<double>(),
              rec["coords"]["topology.bottleneck.delay_ms"].get<double>());
    EXPECT_EQ(s["flows"][0]["protocol"].get<std::string>(), rec["protocol"].get<std::string>());
    EXPECT_EQ(s["seed"].get<int64_t>(), rec["seed"].get<int64_t>());
  }
  const std::string p = "{\"flows[0].channel.forward.p\":";
  EXPECT_EQ(order[0], p + "0.01,\"topology.bottleneck.delay_ms\":10.0} reno 7");
  EXPECT_EQ(order[1], p + "0.01,\"topology.bottleneck.delay_ms\":10.0} reno 8");
  EXPECT_EQ(order[2], p + "0.01,\"topology.bottleneck.delay_ms\":10.0} cubic 7");
  EXPECT_EQ(order[4], p + "0.01,\"topology.bottleneck.delay_ms\":20.0} reno 7");
  EXPECT_EQ(order[12], p + "0.02,\"topology.bottleneck.delay_ms\":10.0} reno 7");
  EXPECT_EQ(order[23], p + "0.02,\"topology.bottleneck.delay_ms\":30.0} cubic 8");
}

// One axis is a sweep: the same x values, seeds and scenarios as PlanSweep, run for run.
TEST(Grid, OneAxisIsTheSweepsPlan) {
  SweepSpec sweep = Axis("flows[0].channel.forward.p", 0.001, 0.05, 5, true);
  sweep.seeds = 2;
  sweep.protocols = {"reno", "fixed/le"};
  GridSpec spec;
  spec.axes = {sweep};
  spec.seeds = 2;
  spec.protocols = sweep.protocols;
  const auto sweep_plan = PlanSweep(kBase, sweep);
  const GridPlan plan = PlanGrid(kBase, spec);
  ASSERT_EQ(plan.runs(), static_cast<int64_t>(sweep_plan["runs"].size()));
  // PlanSweep's plan is an ordered_json, compared as a json (clang finds no one == for both).
  EXPECT_EQ(nlohmann::json(plan.values[0]), nlohmann::json::parse(sweep_plan["grid"].dump()));
  for (int64_t r = 0; r < plan.runs(); ++r) {
    EXPECT_EQ(GridRunScenario(kBase, spec, plan, r), nlohmann::json::parse(sweep_plan["runs"][r]["scenario"].dump()))
        << r;
  }
}

// An integer axis's values are whole numbers, written as integers.
TEST(Grid, IntegerAxesAreWholeNumbers) {
  GridSpec spec;
  spec.axes = {Axis("flows", 1, 3, 3)};
  const GridPlan plan = PlanGrid(kBase, spec);
  EXPECT_EQ(plan.Describe()["axes"][0]["values"].dump(), "[1,2,3]");
  EXPECT_EQ(GridRunScenario(kBase, spec, plan, 2)["flows"].size(), 3u);
}

std::string FirstError(const GridSpec& spec) {
  const auto errors = ValidateGrid(spec);
  return errors.empty() ? "" : errors.front().message;
}

TEST(Grid, RefusesBadAxesAndTooManyRuns) {
  GridSpec spec;
  EXPECT_EQ(FirstError(spec), "a grid needs at least one axis");
  spec.axes = {Axis("flows[0].channel.forward.q", 0, 1, 3)};
  EXPECT_EQ(FirstError(spec),
            "grid axis flows[0].channel.forward.q: flows[0].channel.forward.q is not a parameter (see `plab schema`)");
  spec.axes = {Axis("flows[0].channel.forward.p", 0, 2, 3)};
  EXPECT_EQ(FirstError(spec),
            "grid axis flows[0].channel.forward.p: to must be within [0, 1] (the range of flows[0].channel.forward.p), "
            "got 2");
  spec.axes = {Axis("flows[0].channel.forward.p", 0, 1, 3), Axis("flows[0].channel.forward.p", 0, 1, 3)};
  EXPECT_NE(FirstError(spec).find("is given twice"), std::string::npos);
  spec.axes = {Axis("flows[0].channel.forward.p", 0, 1, 200), Axis("topology.bottleneck.delay_ms", 1, 100, 200)};
  spec.seeds = 2;
  EXPECT_TRUE(ValidateGrid(spec).empty());  // 80,000 runs: within the limit
  spec.seeds = 3;
  EXPECT_EQ(FirstError(spec),
            "the grid makes 120000 runs (points x protocols x seeds), more than the limit of 100000; split it into "
            "several grids");
  spec.seeds = 0;
  EXPECT_EQ(FirstError(spec), "seeds must be within [1, 100], got 0");
}

// The per-point figures are a sweep's: StatsJson over the seeds of a point and protocol.
TEST(Grid, AggregatesEachPointAndProtocolOverItsSeeds) {
  GridAggregator a;
  auto rec = [](int point, const char* protocol, double y) {
    return nlohmann::ordered_json{
        {"run", 0}, {"point", point}, {"coords", {{"x", point}}}, {"protocol", protocol}, {"summary", {{"y", y}}}};
  };
  a.Add(rec(0, "reno", 1));
  a.Add(rec(0, "reno", 3));
  a.Add(rec(0, "cubic", 5));
  a.Add(rec(1, "reno", 2));
  const auto lines = a.Lines();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0]["figures"]["y"], StatsJson({1, 3}));
  EXPECT_EQ(lines[1]["protocol"], "cubic");
  EXPECT_EQ(lines[2]["coords"]["x"], 1);
}

// The API's plan (the page's and Python's) is the CLI's: a one-axis grid's runs are the
// sweep's scenarios; bad axes are named.
TEST(Grid, ApiPlanIsTheSweepsPlanForOneAxis) {
  const std::string base = kBase.dump();
  const auto sweep = nlohmann::json::parse(
      SweepPlanJson(base, R"({"x": "flows[0].channel.forward.p", "from": 0.001, "to": 0.1, "points": 3, "scale": "log",
                "seeds": 2, "protocols": ["reno", "cubic"]})"));
  const auto grid = nlohmann::json::parse(GridPlanJson(
      base, R"({"axes": [{"x": "flows[0].channel.forward.p", "from": 0.001, "to": 0.1, "points": 3, "scale": "log"}],
                "seeds": 2, "protocols": ["reno", "cubic"]})"));
  ASSERT_TRUE(grid["ok"]) << grid.dump();
  ASSERT_EQ(grid["runs"].size(), sweep["plan"]["runs"].size());
  for (size_t r = 0; r < grid["runs"].size(); ++r) {
    EXPECT_EQ(grid["runs"][r]["scenario"], sweep["plan"]["runs"][r]["scenario"]) << r;
  }
  const auto bad = nlohmann::json::parse(
      GridPlanJson(base, R"({"axes": [{"x": "flows[0].channel.forward.p", "from": 0, "to": 2, "points": 3}]})"));
  EXPECT_FALSE(bad["ok"]);
  EXPECT_EQ(bad["errors"][0]["path"], "axes[0].to");
  const auto seeds = nlohmann::json::parse(GridPlanJson(
      base, R"({"axes": [{"x": "flows[0].channel.forward.p", "from": 0, "to": 1, "points": 3}], "seeds": 0})"));
  EXPECT_EQ(seeds["errors"][0]["message"], "seeds must be within [1, 100], got 0");
}

// Python's campaigns key each run by its scenario's text (scenarios_as_text): the same
// scenario as the plan's object, compact, its keys sorted at every level.
TEST(Grid, ScenariosAsTextAreTheScenariosCanonically) {
  const std::string base = kBase.dump();
  const std::string spec = R"({"axes": [{"x": "flows[0].channel.forward.p", "from": 0.001, "to": 0.1, "points": 3},
                                {"x": "topology.bottleneck.delay_ms", "xs": [5, 50]}], "seeds": 2,
                                "protocols": ["reno", "cubic"]})";
  const auto objects = nlohmann::json::parse(GridPlanJson(base, spec));
  const auto texts = nlohmann::json::parse(GridPlanJson(base, spec, true));
  ASSERT_TRUE(texts["ok"]) << texts.dump();
  ASSERT_EQ(texts["runs"].size(), 24u);
  for (size_t r = 0; r < texts["runs"].size(); ++r) {
    ASSERT_TRUE(texts["runs"][r]["scenario"].is_string()) << r;
    const std::string text = texts["runs"][r]["scenario"];
    EXPECT_EQ(nlohmann::json::parse(text), objects["runs"][r]["scenario"]) << r;
    EXPECT_EQ(text.find(' '), std::string::npos) << r;
    // Sorted keys: the base's "seed" comes after the "flows" and "topology" the grid
    // added to it, and a flow's "channel" before its "protocol".
    EXPECT_LT(text.find("\"flows\""), text.find("\"seed\"")) << text;
    EXPECT_LT(text.find("\"seed\""), text.find("\"topology\"")) << text;
    EXPECT_LT(text.find("\"channel\""), text.find("\"protocol\"")) << text;
    EXPECT_NE(text.find("\"protocol\""), std::string::npos) << text;
  }
}

// Python's campaigns plan through GridPlanner, which writes each run's text from its
// base's, comparing only the members a run may change (an axis's path, the seed, the
// flows' protocols): byte for byte GridPlanJson's texts, which dump each whole scenario,
// for grids that change each of those, add members the base lacks, switch only the flows
// running the first flow's protocol, pair a recovery, and change the number of flows.
TEST(Grid, PlannerTextsAreTheWholePlansTexts) {
  nlohmann::json two_flows = nlohmann::json::parse(DefaultScenarioJson());
  two_flows["flows"].push_back(two_flows["flows"][0]);
  two_flows["flows"][1]["protocol"] = "cubic";
  two_flows["topology"]["bottleneck"]["rate_mbps"] = 4;  // an integer the runs write 4.0 or 8.0
  const std::vector<std::pair<std::string, std::string>> cases = {
      {kBase.dump(), R"({"axes": [{"x": "flows[0].channel.forward.p", "from": 0.001, "to": 0.1, "points": 3},
                                  {"x": "topology.bottleneck.delay_ms", "xs": [5, 50]}], "seeds": 2,
                                  "protocols": ["reno", "cubic"]})"},
      {two_flows.dump(), R"({"axes": [{"x": "topology.bottleneck.rate_mbps", "xs": [4, 8]},
                                      {"x": "flows[1].channel.forward.p", "xs": [0, 0.02]}], "seeds": 3,
                                      "protocols": ["newreno/sack", "cubic", "vegas"]})"},
      {two_flows.dump(),
       R"({"axes": [{"x": "topology.bottleneck.delay_ms", "xs": [5, 50]}, {"x": "flows", "xs": [1, 3]}],
                             "protocols": ["reno", "cubic/sack"]})"},
      {two_flows.dump(), R"({"axes": [{"x": "flows", "xs": [1, 2, 3]}], "seeds": 2})"},
      {two_flows.dump(), R"({"axes": [{"x": "duration_s", "xs": [0.5, 1]}]})"},
  };
  for (const auto& [base, spec] : cases) {
    const auto whole = nlohmann::json::parse(GridPlanJson(base, spec, true));
    ASSERT_TRUE(whole["ok"]) << whole.dump();
    const GridPlanner planner(base, spec);
    ASSERT_TRUE(planner.ok()) << planner.json();
    ASSERT_EQ(planner.runs(), static_cast<int64_t>(whole["runs"].size()));
    for (int64_t first = 0; first < planner.runs(); first += 5) {
      const int64_t count = std::min<int64_t>(5, planner.runs() - first);
      const std::vector<std::string> texts = planner.ScenarioTexts(first, count);
      for (int64_t i = 0; i < count; ++i) {
        EXPECT_EQ(texts[static_cast<size_t>(i)], whole["runs"][first + i]["scenario"].get<std::string>())
            << spec << " run " << first + i;
      }
    }
    EXPECT_EQ(planner.ScenarioText(planner.runs() - 1), whole["runs"].back()["scenario"].get<std::string>());
    // Its document, written as text, is GridPlanJson's without the scenarios, byte for byte.
    auto records = nlohmann::ordered_json::parse(GridPlanJson(base, spec, true));
    for (auto& run : records["runs"]) run.erase("scenario");
    EXPECT_EQ(planner.json(), records.dump()) << spec;
  }
}

// A campaign's runs read their scenarios in memory (GridPlanner::RunPlanned, RunParsed),
// never written out: each answer must be the one `plab run` gives its text, bit for bit,
// the whole document (its scenario echoed, every series) and the summary alone, for
// grids that set doubles, integers written as doubles, protocols, recoveries and flows.
TEST(Grid, PlannedRunsAnswerAsTheirTextsDo) {
  nlohmann::json two_flows = nlohmann::json::parse(DefaultScenarioJson());
  two_flows["duration_s"] = 0.5;
  two_flows["flows"].push_back(two_flows["flows"][0]);
  two_flows["flows"][1]["protocol"] = "cubic";
  two_flows["topology"]["bottleneck"]["rate_mbps"] = 4;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {kBase.dump(), R"({"axes": [{"x": "flows[0].channel.forward.p", "from": 0.001, "to": 0.1, "points": 3}],
                         "seeds": 2, "protocols": ["reno", "cubic"]})"},
      {two_flows.dump(), R"({"axes": [{"x": "topology.bottleneck.rate_mbps", "xs": [4, 8]},
                                      {"x": "flows", "xs": [1, 3]}], "protocols": ["newreno/sack", "vegas"]})"},
  };
  for (const bool summary_only : {true, false}) {
    const RunOptions options = summary_only ? RunOptions::SummaryOnly() : RunOptions{};
    for (const auto& grid : cases) {
      const std::string& spec = grid.second;  // a lambda below names it (clang: no structured binding)
      const GridPlanner planner(grid.first, spec);
      ASSERT_TRUE(planner.ok()) << planner.json();
      int64_t answered = 0;
      planner.RunPlanned(1, planner.runs() - 1, options, [&](int64_t i, RunOutput&& out) {
        EXPECT_EQ(i, answered++);
        const RunOutput by_text = plab::Run(planner.ScenarioText(1 + i), options);
        ASSERT_TRUE(out.ok) << out.json;
        EXPECT_EQ(out.json, by_text.json) << spec << " run " << 1 + i;
      });
      EXPECT_EQ(answered, planner.runs() - 1) << spec;
    }
  }
}

}  // namespace
}  // namespace plab
