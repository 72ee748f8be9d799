// cubic.law = ns3: ns-3.44 TcpCubic's window law in whole segments (cubic.h, Ns3Law), rule
// by rule against a sender fed by hand. Each test fails if its rule is broken.
#include <gtest/gtest.h>

#include "cubic_sender.h"
#include "test_util.h"

namespace plab {
namespace {

using testing::kMss;
using Sender = CubicSender;

constexpr auto kNs3Law = Cubic::Params::Law::kNs3;
constexpr auto kRfcLaw = Cubic::Params::Law::kRfc9438;

// Slow start adds every segment the ACK newly delivered (ns-3's byte counting), not one
// SMSS per ACK; segments SACKed before do not count again.
TEST(CubicNs3Law, SlowStartCountsEverySegmentAnAckDelivers) {
  Sender ns3(kNs3Law, 10), rfc(kRfcLaw, 10);
  ns3.Ack(3 * kMss, 3 * kMss);
  rfc.Ack(3 * kMss, 3 * kMss);
  EXPECT_EQ(ns3.cwnd_segments(), 13);
  EXPECT_EQ(rfc.cwnd_segments(), 11);
  ns3.Ack(3 * kMss, 1 * kMss);  // two of the three were SACKed before
  EXPECT_EQ(ns3.cwnd_segments(), 14);
}

// ssthresh = max(floor(0.7 x whole segments of cwnd), 2) segments (GetSsThresh), where
// RFC 9438's is 0.7 cwnd in bytes.
TEST(CubicNs3Law, SsthreshAfterALossIsWholeSegments) {
  Sender ns3(kNs3Law, 5), rfc(kRfcLaw, 5);
  ns3.Loss();
  rfc.Loss();
  EXPECT_EQ(ns3.cubic().ssthresh(), 3 * kMss);
  EXPECT_EQ(rfc.cubic().ssthresh(), 3500u);
  Sender two(kNs3Law, 2);
  two.Loss();
  EXPECT_EQ(two.cubic().ssthresh(), 2 * kMss);
}

// In avoidance cwnd grows by one whole segment at a time; before the first loss (slow
// start ended by HyStart) at least one per 20 ACKs (CntClamp), where the curve alone,
// flat at its origin, would hardly grow it.
TEST(CubicNs3Law, AvoidanceBeforeALossGrowsOneSegmentPerTwentyAcks) {
  Sender ns3(kNs3Law, 10, Cubic::Params::HyStart::kNs3);
  while (!ns3.cubic().ssthresh_set()) ns3.Ack(kMss, kMss);  // an ACK train ends slow start
  const double exit = ns3.cwnd_segments();
  for (int i = 0; i < 200; ++i) {
    ns3.Ack(kMss, kMss);
    EXPECT_EQ(ns3.cubic().cwnd() % kMss, 0u);
  }
  EXPECT_NEAR(ns3.cwnd_segments() - exit, 10, 1);
}

}  // namespace
}  // namespace plab
