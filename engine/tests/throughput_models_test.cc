#include <cmath>

#include <gtest/gtest.h>

#include "test_util.h"
#include "transport/throughput_models.h"

namespace plab {
namespace {

TEST(ThroughputModels, HandComputedValues) {
  ModelInputs in{1000, 0.1, 1.0, 0.01, 1};
  // Simple: 1000 x sqrt(1.5) / (0.1 x 0.1) = 122474.487 B/s.
  EXPECT_NEAR(SimpleModelBytesPerSecond(in), 122474.487, 0.01);
  // Complex: 1000 / (0.1 x 0.0816497 + 1 x 0.1837117 x 0.01 x 1.0032) = 99920.9 B/s.
  EXPECT_NEAR(ComplexModelBytesPerSecond(in), 99920.9, 1.0);
  // Modified: P(Q) = 0.99 x 0.01^13.33 / (2 (1 - 0.99^16.33)) ~ 1e-26: timeouts vanish
  // and the model meets the simple one (Ng & Chan §5: random loss rarely starves dupacks).
  EXPECT_NEAR(ModifiedModelBytesPerSecond(in), SimpleModelBytesPerSecond(in), 1e-6 * SimpleModelBytesPerSecond(in));
  // At 30 % loss the timeout term matters again and the modified model falls well
  // below the simple one.
  in.p = 0.3;
  EXPECT_LT(ModifiedModelBytesPerSecond(in), 0.5 * SimpleModelBytesPerSecond(in));
  in.p = 0;
  EXPECT_EQ(ComplexModelBytesPerSecond(in), 0.0);
}

TEST(ThroughputModels, DeterministicExpAndPowMatchTheLibrary) {
  for (double x : {-700.0, -20.0, -1.0, -1e-9, 0.0, 0.5, 1.0, 3.7, 50.0, 700.0}) {
    EXPECT_NEAR(DeterministicExp(x), std::exp(x), 2e-15 * std::exp(x)) << x;  // a few ulp
  }
  EXPECT_NEAR(DeterministicPow(0.99, 16.33), std::pow(0.99, 16.33), 1e-15);
  EXPECT_NEAR(DeterministicPow(0.01, 13.33), std::pow(0.01, 13.33), 1e-13 * std::pow(0.01, 13.33));
}

TEST(ThroughputModels, RunSummaryCarriesTheModelsWithItsOwnRttAndRto) {
  const auto r = plab::testing::RunOk(
      {{"duration_s", 60},
       {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}}}}},
       {"flows", {{{"channel", {{"forward", {{"p", 0.01}}}}}, {"app", {{"token_bucket", {{"enabled", false}}}}}}}}});
  const auto& s = r.summary;
  ModelInputs in{1000, s["mean_srtt_ms"].get<double>() / 1e3, s["mean_rto_ms"].get<double>() / 1e3,
                 s["loss_event_rate"].get<double>(), 1};
  EXPECT_GT(in.p, 0.005);
  EXPECT_LT(in.p, 0.0101);
  EXPECT_DOUBLE_EQ(s["model_simple_mbps"].get<double>(), SimpleModelBytesPerSecond(in) * 8 / 1e6);
  EXPECT_DOUBLE_EQ(s["model_complex_mbps"].get<double>(), ComplexModelBytesPerSecond(in) * 8 / 1e6);
  // Reno-family TCP under Bernoulli loss sits between the complex and the simple model
  // (reference README), within 30 % of them.
  const double g = s["goodput_mbps"].get<double>();
  EXPECT_GT(g, 0.7 * s["model_complex_mbps"].get<double>());
  EXPECT_LT(g, 1.3 * s["model_simple_mbps"].get<double>());
  // Each model's deviation from the flow's goodput, as Ng & Chan's Figs. 3 and 27 plot it.
  for (const char* m : {"simple", "complex", "modified"}) {
    const double model = s[std::string("model_") + m + "_mbps"].get<double>();
    EXPECT_DOUBLE_EQ(s[std::string("model_") + m + "_deviation_pct"].get<double>(), 100 * std::abs(model - g) / g) << m;
  }
}

// Without a loss indication there is no estimate to be off: the deviations are null.
TEST(ThroughputModels, NoDeviationWithoutALossIndication) {
  const auto r = plab::testing::RunOk({{"duration_s", 5},
                                       {"flows",
                                        {{{"channel", {{"forward", {{"model", "none"}}}}},
                                          {"tcp", {{"max_window_segments", 20}}},
                                          {"app", {{"token_bucket", {{"enabled", false}}}}}}}}});
  ASSERT_EQ(r.summary["loss_event_rate"].get<double>(), 0);
  EXPECT_TRUE(r.summary["model_simple_deviation_pct"].is_null());
  EXPECT_TRUE(r.summary["model_modified_deviation_pct"].is_null());
}

}  // namespace
}  // namespace plab
