#include <gtest/gtest.h>

#include "sweep/sweep.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "plab/api.h"
#include "sweep/sweep_stats.h"
#include "test_util.h"

namespace plab {
namespace {

TEST(Sweep, GridsAreLinearOrGeometricWithExactEnds) {
  SweepSpec s{"flows[0].channel.forward.p", 0.001, 0.1, 3, true, 1, {}, {}};
  const auto log = SweepGrid(s, false);
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[0], 0.001);
  EXPECT_NEAR(log[1], 0.01, 1e-15);
  EXPECT_EQ(log[2], 0.1);
  s.log_scale = false;
  s.from = 0;
  s.to = 1;
  s.points = 5;
  EXPECT_EQ(SweepGrid(s, false), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
  s.from = 1;
  s.to = 3;
  EXPECT_EQ(SweepGrid(s, true), (std::vector<double>{1, 2, 3}));  // integers de-duplicated
}

// Issue H §1b: --from A --to A ran `points` identical points; it is the one point A.
TEST(Sweep, FromEqualToIsOnePoint) {
  SweepSpec s{"flows[0].channel.forward.p", 0.01, 0.01, 5, false, 1, {}, {}};
  EXPECT_EQ(SweepGrid(s, false), (std::vector<double>{0.01}));
  s.log_scale = true;
  EXPECT_EQ(SweepGrid(s, false), (std::vector<double>{0.01}));
  s.from = s.to = 3;
  EXPECT_EQ(SweepGrid(s, true), (std::vector<double>{3}));
}

// Issue K: the page's grid rules are the one set (docs/engine-api.md, "Sweeps"): the
// interior points of a grid are rounded to 6 significant digits, as every link the page
// wrote was (unrounded, the CLI ran 0.00237137... where the page ran 0.00237137).
TEST(Sweep, InteriorPointsAreRoundedToSixSignificantDigits) {
  SweepSpec s{"flows[0].channel.forward.p", 0.001, 0.05, 10, true, 1, {}, {}};
  const auto grid = SweepGrid(s, false);
  ASSERT_EQ(grid.size(), 10u);
  EXPECT_EQ(grid[0], 0.001);
  EXPECT_EQ(grid[1], 0.00154445);  // 0.001 * 50^(1/9) = 0.0015444521...
  EXPECT_EQ(grid[9], 0.05);
  for (double x : grid) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.5e", x);
    EXPECT_EQ(std::strtod(text, nullptr), x) << x;
  }
  s = {"flows[0].channel.forward.p", 0, 1, 4, false, 1, {}, {}};
  EXPECT_EQ(SweepGrid(s, false), (std::vector<double>{0, 0.333333, 0.666667, 1}));
  // Ties round away from zero (JavaScript's toPrecision), not to even: 1234565 -> 1234570.
  EXPECT_EQ(RoundSignificant6(1234565), 1234570);
  EXPECT_EQ(RoundSignificant6(-1234565), -1234570);
  EXPECT_EQ(RoundSignificant6(9999995), 1e7);
  EXPECT_EQ(RoundSignificant6(0.1 + 0.2), 0.3);
}

TEST(Sweep, AnExplicitListIsTheGridAndIsCheckedAsAWhole) {
  SweepSpec s{"flows[0].channel.reverse.p", 0, 0, 10, true, 1, {}, {0, 0.019, 0.098, 0.19}};
  EXPECT_TRUE(ValidateSweep(s).empty());  // a log scale does not refuse a list from 0
  EXPECT_EQ(SweepGrid(s, false), (std::vector<double>{0, 0.019, 0.098, 0.19}));
  s.xs = {0.1, 0.05};
  ASSERT_EQ(ValidateSweep(s).size(), 1u);
  EXPECT_EQ(ValidateSweep(s)[0].message,
            "the x values must be 2 to 200 ascending numbers within [0, 1] (the range of flows[0].channel.reverse.p), "
            "got 2 values");
}

TEST(Sweep, ALogSweepFromZeroIsRefused) {
  const auto errors = ValidateSweep({"flows[0].channel.forward.p", 0, 0.05, 5, true, 1, {}, {}});
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].path, "from");
}

TEST(Sweep, APlanListsEveryRunPointByPointWithItsSeed) {
  const nlohmann::json base = {{"seed", 4294967294LL}, {"flows", {{{"protocol", "reno"}}}}};
  SweepSpec spec;
  ASSERT_TRUE(SweepSpecFromJson({{"x", "flows[0].channel.forward.p"},
                                 {"from", 0.01},
                                 {"to", 0.01},
                                 {"seeds", 3},
                                 {"protocols", {"cubic", "fixed/le"}}},
                                &spec)
                  .empty());
  const auto plan = PlanSweep(base, spec);
  EXPECT_EQ(plan["grid"], nlohmann::ordered_json({0.01}));
  EXPECT_EQ(plan["seeds"], nlohmann::ordered_json({4294967294LL, 4294967295LL, 0}));  // wraps as the seed's range does
  ASSERT_EQ(plan["runs"].size(), 6u);
  EXPECT_EQ(plan["runs"][3]["protocol"], "fixed/le");
  EXPECT_EQ(plan["runs"][3]["scenario"]["flows"][0]["recovery"], "le");
  EXPECT_EQ(plan["runs"][5]["scenario"]["seed"], 0);
  SweepSpec bad;
  EXPECT_EQ(SweepSpecFromJson({{"x", "flows[0].channel.forward.p"}, {"from", "a"}}, &bad)[0].message,
            "sweep from must be a number, got \"a\"");
}

TEST(Sweep, StatsAreMeanSdAndStudentTInterval) {
  const auto s = AggregateValues({2, 4, 4, 4, 5, 5, 7, 9, std::nan("")});
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->n, 8);
  EXPECT_EQ(s->mean, 5);
  EXPECT_DOUBLE_EQ(s->sd, std::sqrt(32.0 / 7));
  EXPECT_DOUBLE_EQ(s->ci95, 2.365 * std::sqrt(32.0 / 7) / std::sqrt(8.0));
  EXPECT_EQ(AggregateValues({5})->ci95, 0);
  EXPECT_FALSE(AggregateValues({}).has_value());
}

TEST(Sweep, ValidationNamesTheFieldAndRange) {
  const auto errors = ValidateSweep({"flows[0].channel.forward.p", 0.01, 2, 1, false, 0, {"quic"}, {}});
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].message, "to must be within [0, 1] (the range of flows[0].channel.forward.p), got 2");
  EXPECT_EQ(errors[1].message, "points must be within [2, 200], got 1");
  EXPECT_EQ(errors[2].message, "seeds must be within [1, 100], got 0");
  EXPECT_EQ(errors[3].message,
            "protocols must be among the schema's protocols, or protocol/recovery with a recovery of "
            "flows[].recovery, got quic");
  for (const std::string bad : {"fixed/default", "fixed/quic", "quic/le", "fixed/le/x"}) {
    EXPECT_EQ(ValidateSweep({"flows[0].channel.forward.p", 0, 1, 2, false, 1, {bad}, {}}).size(), 1u) << bad;
  }
  EXPECT_TRUE(
      ValidateSweep({"flows[0].channel.forward.p", 0, 1, 2, false, 1, {"fixed/le", "westwood/sack"}, {}}).empty());
  EXPECT_EQ(ValidateSweep({"flows[0].protocol", 0, 1, 2, false, 1, {}, {}})[0].message,
            "x must be a numeric parameter (see `lab schema`), flows (the number of flows) or flows[1:]. and a "
            "flow's numeric parameter (every flow after the first), got flows[0].protocol");
  EXPECT_EQ(ValidateSweep({"flows[1:].protocol", 0, 1, 2, false, 1, {}, {}})[0].message,
            "x must be a numeric parameter (see `lab schema`), flows (the number of flows) or flows[1:]. and a "
            "flow's numeric parameter (every flow after the first), got flows[1:].protocol");
  EXPECT_EQ(ValidateSweep({"flows[1:].access.delay_ms", 0, 1e9, 2, false, 1, {}, {}})[0].message,
            "to must be within [0, 10000] (the range of flows[1:].access.delay_ms), got 1000000000");
  EXPECT_EQ(ValidateSweep({"seed", 0, 10, 2, false, 1, {}, {}})[0].message,
            "x cannot be seed: every point already runs seeds from the scenario's seed (--seeds)");
  EXPECT_EQ(ValidateSweep({"flows[].channel.forward.p", 0, 1, 2, false, 1, {}, {}})[0].message,
            "x must name one item, e.g. flows[0].channel.forward.p, got flows[].channel.forward.p");
  EXPECT_EQ(ValidateSweep({"flows", 1, 65, 2, false, 1, {}, {}})[0].message,
            "to must be within [1, 64] (the range of flows), got 65");
}

TEST(Sweep, TheNumberOfFlowsCopiesTheLastFlow) {
  const nlohmann::json base = {{"flows", {{{"protocol", "reno"}}, {{"protocol", "cubic"}, {"start_s", 1}}}}};
  const auto s = SweepScenario(base, {"flows", 1, 5, 5, false, 1, {}, {}}, 4, 7, "");
  ASSERT_EQ(s["flows"].size(), 4u);
  EXPECT_EQ(s["flows"][3], base["flows"][1]);
  EXPECT_EQ(s["seed"], 7);
  EXPECT_EQ(SweepScenario(base, {"flows", 1, 5, 5, false, 1, {}, {}}, 1, 7, "")["flows"].size(), 1u);
  const auto doc = RunSweep({{"duration_s", 2}}, {"flows", 1, 3, 3, false, 1, {}, {}});
  ASSERT_EQ(doc["points"].size(), 3u);
  EXPECT_EQ(doc["points"][2]["figures"]["flows"]["mean"], 3);
}

// flows[1:].PARAM sets PARAM in every flow after the first and leaves flows[0] as it was
// (Ng & Chan §4.3: the TCP streams' side-link delay, the rate-based stream's unchanged).
TEST(Sweep, LaterFlowsSetsEveryFlowButTheFirst) {
  const nlohmann::json base = {{"flows",
                                {{{"protocol", "crp"}, {"access", {{"delay_ms", 3}}}},
                                 {{"protocol", "reno"}, {"access", {{"delay_ms", 3}}}},
                                 {{"protocol", "reno"}}}}};
  const SweepSpec spec{"flows[1:].access.delay_ms", 3, 200, 4, false, 1, {}, {}};
  EXPECT_TRUE(ValidateSweep(spec).empty());
  const auto s = SweepScenario(base, spec, 120, 1, "");
  EXPECT_EQ(s["flows"][0]["access"]["delay_ms"], 3);
  EXPECT_EQ(s["flows"][1]["access"]["delay_ms"], 120);
  EXPECT_EQ(s["flows"][2]["access"]["delay_ms"], 120);
  // An integer parameter is set as one (tcp.mss_bytes).
  const auto m = SweepScenario(base, {"flows[1:].tcp.mss_bytes", 256, 1024, 2, false, 1, {}, {}}, 1024, 1, "");
  EXPECT_TRUE(m["flows"][2]["tcp"]["mss_bytes"].is_number_integer());
  EXPECT_FALSE(m["flows"][0].contains("tcp"));
  // One flow: nothing after the first, so the plan says why instead of sweeping nothing.
  const nlohmann::json one = {{"flows", {{{"protocol", "reno"}}}}};
  EXPECT_THROW(PlanSweep(one, spec), std::invalid_argument);
  const auto answer = nlohmann::json::parse(
      SweepPlanJson(one.dump(), R"({"x": "flows[1:].access.delay_ms", "from": 3, "to": 200, "points": 2})"));
  EXPECT_FALSE(answer["ok"]);
  EXPECT_EQ(answer["errors"][0]["message"],
            "x flows[1:].access.delay_ms sets the flows after the first, and the scenario has 1 flow");
}

// A protocol replaces flows[0]'s and that of every flow running the same one: "all run
// X" when the flows are alike, "X against the others" when flows[0] stands apart.
TEST(Sweep, AProtocolReplacesFlowZerosProtocolGroup) {
  const nlohmann::json alike = {{"flows", {{{"protocol", "reno"}}, {{"protocol", "reno"}}, {{"protocol", "reno"}}}}};
  const auto a = SweepScenario(alike, {"flows[0].start_s", 0, 1, 2, false, 1, {"cubic"}, {}}, 0, 1, "cubic");
  for (const auto& f : a["flows"]) EXPECT_EQ(f["protocol"], "cubic");
  const nlohmann::json apart = {{"flows", {{{"protocol", "vegas"}}, {{"protocol", "reno"}}, {{}}}}};
  const auto b = SweepScenario(apart, {"flows[0].start_s", 0, 1, 2, false, 1, {"cubic"}, {}}, 0, 1, "cubic");
  EXPECT_EQ(b["flows"][0]["protocol"], "cubic");
  EXPECT_EQ(b["flows"][1]["protocol"], "reno");
  EXPECT_FALSE(b["flows"][2].contains("protocol"));  // the default protocol, not flows[0]'s
}

// A pairing "protocol/recovery" (LE paper §3.3: five recoveries under AIMD, a fixed
// window and Westwood+) sets the same flows' protocol and loss recovery.
TEST(Sweep, APairingSetsTheProtocolAndTheLossRecoveryOfTheSameFlows) {
  const nlohmann::json apart = {{"flows", {{{"protocol", "reno"}}, {{"protocol", "reno"}}, {{"protocol", "cubic"}}}}};
  const auto s = SweepScenario(apart, {"flows[0].start_s", 0, 1, 2, false, 1, {"fixed/le"}, {}}, 0, 1, "fixed/le");
  for (int i : {0, 1}) {
    EXPECT_EQ(s["flows"][i]["protocol"], "fixed");
    EXPECT_EQ(s["flows"][i]["recovery"], "le");
  }
  EXPECT_EQ(s["flows"][2]["protocol"], "cubic");
  EXPECT_FALSE(s["flows"][2].contains("recovery"));
}

TEST(Sweep, AnInvalidBaseScenarioIsRefusedBeforeItsSeedIsRead) {
  for (const nlohmann::json& base : {nlohmann::json({{"seed", "abc"}}), nlohmann::json({{"seed", 1e20}})}) {
    EXPECT_THROW(RunSweep(base, {"flows[0].channel.forward.p", 0, 0.01, 2, false, 1, {}, {}}), std::invalid_argument);
  }
}

TEST(Sweep, PointsAggregateTheSameRunsAsSingleRuns) {
  const nlohmann::json base = {{"duration_s", 5}, {"seed", 3}};
  const auto doc = RunSweep(base, {"flows[0].channel.forward.p", 0.0, 0.02, 2, false, 2, {"reno", "cubic"}, {}});
  ASSERT_EQ(doc["points"].size(), 4u);  // 2 protocols x 2 points
  const auto& last = doc["points"][3];
  EXPECT_EQ(last["protocol"], "cubic");
  EXPECT_EQ(last["x"], 0.02);
  double sum = 0;
  for (int seed : {3, 4}) {
    nlohmann::json s = base;
    s["seed"] = seed;
    s["flows"] = {{{"protocol", "cubic"}, {"channel", {{"forward", {{"p", 0.02}}}}}}};
    sum += plab::testing::RunOk(s).summary["goodput_mbps"].get<double>();
  }
  EXPECT_DOUBLE_EQ(last["figures"]["goodput_mbps"]["mean"].get<double>(), sum / 2);
  EXPECT_EQ(last["figures"]["goodput_mbps"]["n"], 2);
}

}  // namespace
}  // namespace plab
