#include <gtest/gtest.h>

#include "test_util.h"
#include "transport/rtt_stats.h"

namespace plab {
namespace {

using testing::Ms;

TEST(RttStats, FollowsRfc6298) {
  RttStats::Params params;
  params.min_rto = Ms(200);
  RttStats e(params);
  EXPECT_EQ(e.rto(), Ms(1000));  // §2.1: 1 s before any sample
  e.OnSample(Ms(100));           // §2.2: SRTT = R, RTTVAR = R/2
  EXPECT_EQ(e.srtt(), Ms(100));
  EXPECT_EQ(e.rttvar(), Ms(50));
  EXPECT_EQ(e.rto(), Ms(300));                           // 100 + 4 * 50
  e.OnSample(Ms(200));                                   // §2.3
  EXPECT_EQ(e.rttvar(), Time::FromMicroseconds(62500));  // 3/4 * 50 + 1/4 * 100
  EXPECT_EQ(e.srtt(), Time::FromMicroseconds(112500));   // 7/8 * 100 + 1/8 * 200
  EXPECT_EQ(e.rto(), Time::FromMicroseconds(362500));
}

TEST(RttStats, MinimumRtoAndBackoffWithCap) {
  RttStats::Params params;  // min RTO 1 s, max 60 s
  RttStats e(params);
  e.OnSample(Ms(10));
  EXPECT_EQ(e.rto(), Ms(1000));  // §2.4
  e.Backoff();
  EXPECT_EQ(e.rto(), Ms(2000));  // §5.5
  for (int i = 0; i < 10; ++i) e.Backoff();
  EXPECT_EQ(e.rto(), Ms(60000));  // §2.5 cap
  e.OnSample(Ms(10));             // a valid sample clears the backoff (Karn)
  EXPECT_EQ(e.rto(), Ms(1000));
}

TEST(RttStats, KeepsTheLatestAndTheSmallestSample) {
  RttStats e(RttStats::Params{});
  EXPECT_EQ(e.latest_rtt(), Time::Zero());
  EXPECT_TRUE(e.min_rtt().IsInfinite());
  e.OnSample(Ms(80));
  e.OnSample(Ms(50));
  e.OnSample(Ms(70));
  EXPECT_EQ(e.latest_rtt(), Ms(70));
  EXPECT_EQ(e.min_rtt(), Ms(50));
}

}  // namespace
}  // namespace plab
