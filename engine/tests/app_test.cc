#include <gtest/gtest.h>

#include "app/token_bucket_source.h"
#include "record/time_series.h"
#include "test_util.h"

namespace plab {
namespace {

using plab::testing::RunOk;

TEST(TokenBucket, StartsFullThenRefillsAtTheRate) {
  TokenBucketSource::Params p;  // 20 tokens / 30 ms, depth 20, 1000-byte tokens
  TokenBucketSource tb(p);
  Time retry;
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(tb.TrySendNew(Time::Zero(), 1000, &retry));
  EXPECT_FALSE(tb.TrySendNew(Time::Zero(), 1000, &retry));
  EXPECT_EQ(retry, Time::FromMicroseconds(1500));  // one token every 1.5 ms
  EXPECT_TRUE(tb.TrySendNew(retry, 1000, &retry));
  EXPECT_EQ(tb.tokens_consumed(), 21);
  // Idle for a second: the bucket holds only its depth.
  int sent = 0;
  while (tb.TrySendNew(Time::FromSeconds(2), 1000, &retry)) ++sent;
  EXPECT_EQ(sent, 20);
  EXPECT_DOUBLE_EQ(tb.AllowedTokens(Time::FromMilliseconds(60)), 40.0);
}

TEST(TokenBucket, LimitsTheFlowToTheTokenRate) {
  // 20 x 1000 B per 30 ms = 5.33 Mb/s of payload over a clean 100 Mb/s path.
  const auto r = RunOk({{"duration_s", 20},
                        {"topology", {{"bottleneck", {{"rate_mbps", 100}}}}},
                        {"flows", {{{"channel", {{"forward", {{"p", 0}}}}}}}}});
  EXPECT_NEAR(r.summary["goodput_mbps"].get<double>(), 20 * 1000 * 8 / 0.030 / 1e6, 0.1);
  // With no loss the flow takes (almost) every token it is allowed.
  EXPECT_GT(r.summary["mean_tokens_per_rtt"].get<double>(),
            0.95 * r.summary["mean_allowed_tokens_per_rtt"].get<double>());
}

TEST(TokenBucket, LossLowersTokensConsumedPerRtt) {
  auto with_loss = [](double p) {
    return RunOk({{"duration_s", 30}, {"flows", {{{"channel", {{"forward", {{"p", p}}}}}}}}})
        .summary["mean_tokens_per_rtt"]
        .get<double>();
  };
  EXPECT_LT(with_loss(0.05), 0.7 * with_loss(0.0));
}

TEST(Playback, SucceedsWhenTheNetworkOutpacesItAndTracksGoodputWhenStarved) {
  // 5 KB every 40 ms = 1 Mb/s. Over a clean 10 Mb/s path nearly every read succeeds;
  // over 0.5 Mb/s a starved reader succeeds just as often as a read's worth of data
  // has arrived: success fraction ~= goodput / 1 Mb/s.
  auto run = [](double rate_mbps) {
    return RunOk({{"duration_s", 20},
                  {"topology", {{"bottleneck", {{"rate_mbps", rate_mbps}}}}},
                  {"flows",
                   {{{"channel", {{"forward", {{"p", 0}}}}}, {"app", {{"token_bucket", {{"enabled", false}}}}}}}}})
        .summary;
  };
  EXPECT_GT(run(10)["app_success_pct"].get<double>(), 99.0);
  const auto starved = run(0.5);
  const double success = starved["app_success_pct"].get<double>() / 100;
  EXPECT_LT(success, 0.5);
  EXPECT_NEAR(success, starved["goodput_mbps"].get<double>() / 1.0, 0.03);
}

TEST(TimeSeries, DecimationBoundsSizeAndKeepsExtremes) {
  TimeSeries s("x", "u", Time::FromSeconds(10), 100);
  for (int i = 0; i < 1000000; ++i) {
    const double v = (i == 123457) ? 1e6 : (i == 765433 ? -1e6 : i % 7);
    s.Add(Time::FromMicroseconds(i * 10), v);
  }
  s.Finish();
  EXPECT_LE(s.size(), 400u);
  EXPECT_EQ(*std::max_element(s.values().begin(), s.values().end()), 1e6);
  EXPECT_EQ(*std::min_element(s.values().begin(), s.values().end()), -1e6);
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(Playback, TheDrainReadingGivesTcpRealsBurstyTableAndTheBufferedOneCannot) {
  // TCP-Real's bursty case (Table 3/6): 0.5 s ON with 99 % loss, 5 s OFF, a goodput
  // about 2.5x the 1 Mb/s read rate; the paper's readers succeed 57-73 % of the time.
  // A buffered reader banks the surplus of the OFF periods and never misses; a
  // draining reader misses every read of an outage, as the paper's did.
  auto success = [](const std::string& mode) {
    return RunOk({{"seed", 2},
                  {"duration_s", 400},
                  {"topology", {{"bottleneck", {{"rate_mbps", 5}, {"delay_ms", 14.5}}}}},
                  {"flows",
                   {{{"protocol", "reno"},
                     {"channel",
                      {{"forward", {{"model", "on_off"}, {"on_mean_s", 0.5}, {"off_mean_s", 5}, {"on_p", 0.99}}},
                       {"reverse", {{"model", "none"}}}}},
                     {"app",
                      {{"size_bytes", 20000000},
                       {"token_bucket", {{"enabled", false}}},
                       {"playback", {{"mode", mode}}}}}}}}})
        .summary["app_success_pct"]
        .get<double>();
  };
  EXPECT_GT(success("buffered"), 99.0);
  const double drain = success("drain");
  EXPECT_GT(drain, 50.0);
  EXPECT_LT(drain, 85.0);
}

}  // namespace
}  // namespace plab
