#include <gtest/gtest.h>

#include "scenario/sweep.h"
#include "test_util.h"

namespace plab {
namespace {

TEST(Sweep, GridsAreLinearOrGeometricWithExactEnds) {
  SweepSpec s{"flows[0].channel.forward.p", 0.001, 0.1, 3, true, 1, {}};
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

TEST(Sweep, ValidationNamesTheFieldAndRange) {
  const auto errors = ValidateSweep({"flows[0].channel.forward.p", 0.01, 2, 1, false, 0, {"quic"}});
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].message, "to must be within [0, 1] (the range of flows[0].channel.forward.p), got 2");
  EXPECT_EQ(errors[1].message, "points must be within [2, 200], got 1");
  EXPECT_EQ(errors[2].message, "seeds must be within [1, 100], got 0");
  EXPECT_EQ(errors[3].message, "protocols must be among the schema's protocols, got quic");
  EXPECT_EQ(ValidateSweep({"flows[0].protocol", 0, 1, 2, false, 1, {}})[0].message,
            "x must be a numeric parameter (see `lab schema`), got flows[0].protocol");
}

TEST(Sweep, PointsAggregateTheSameRunsAsSingleRuns) {
  const nlohmann::json base = {{"duration_s", 5}, {"seed", 3}};
  const auto doc = RunSweep(base, {"flows[0].channel.forward.p", 0.0, 0.02, 2, false, 2, {"reno", "cubic"}});
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
