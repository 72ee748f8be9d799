// Algorithm-tier tests of the window law, with no network (QUICHE
// tcp_cubic_sender_bytes_test style): feed ACKs, read cwnd.
#include <gtest/gtest.h>

#include "transport/tcp/cc/aimd.h"

namespace plab {
namespace {

TEST(Aimd, SlowStartDoublesPerRoundThenCongestionAvoidanceAddsOneSegment) {
  Aimd cc;
  TcpState s;
  s.mss = 1000;
  s.cwnd = 2000;
  s.ssthresh = 8000;
  // Round 1: 2 ACKs -> 4 segments; round 2: 4 ACKs -> 8 segments (ssthresh).
  for (int i = 0; i < 2; ++i) cc.OnAck(s, 1000, Time::Zero());
  EXPECT_EQ(s.cwnd, 4000u);
  for (int i = 0; i < 4; ++i) cc.OnAck(s, 1000, Time::Zero());
  EXPECT_EQ(s.cwnd, 8000u);
  EXPECT_FALSE(s.in_slow_start());
  // One window of ACKs in congestion avoidance adds about one segment.
  for (int i = 0; i < 8; ++i) cc.OnAck(s, 1000, Time::Zero());
  EXPECT_GE(s.cwnd, 8900u);
  EXPECT_LE(s.cwnd, 9000u);
}

TEST(Aimd, SlowStartCountsAtMostOneSegmentPerAck) {
  Aimd cc;
  TcpState s;
  s.mss = 1000;
  s.cwnd = 2000;
  cc.OnAck(s, 5000, Time::Zero());  // a stretch ACK
  EXPECT_EQ(s.cwnd, 3000u);
}

TEST(Aimd, SsthreshIsHalfTheFlightButAtLeastTwoSegments) {
  Aimd cc;
  TcpState s;
  s.mss = 1000;
  EXPECT_EQ(cc.SsthreshAfterLoss(s, 20000), 10000u);
  EXPECT_EQ(cc.SsthreshAfterLoss(s, 3000), 2000u);
}

}  // namespace
}  // namespace plab
