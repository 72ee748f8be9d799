// Algorithm-tier tests of the window law, with no network (QUICHE
// tcp_cubic_sender_bytes_test style): feed ACKs, read cwnd.
#include <gtest/gtest.h>

#include "transport/tcp/cc/aimd.h"

namespace plab {
namespace {

TcpState StateWithFlight(uint64_t flight_bytes) {
  TcpState s;
  s.mss = 1000;
  s.snd_max = flight_bytes;
  return s;
}

TEST(Aimd, SlowStartDoublesPerRoundThenCongestionAvoidanceAddsOneSegment) {
  RttStats rtt(RttStats::Params{});
  Aimd cc;
  cc.Init(&rtt, 1000, 2000);
  TcpState s = StateWithFlight(16000);
  cc.RestartAfterLoss(s);  // ssthresh = 16000 / 2, cwnd = 1 segment
  EXPECT_EQ(cc.ssthresh(), 8000u);
  EXPECT_EQ(cc.cwnd(), 1000u);
  // Rounds of 1, 2 and 4 ACKs: 2, 4, then 8 segments (ssthresh).
  cc.OnAck(s, 1000, Time::Zero());
  EXPECT_EQ(cc.cwnd(), 2000u);
  for (int i = 0; i < 2; ++i) cc.OnAck(s, 1000, Time::Zero());
  EXPECT_EQ(cc.cwnd(), 4000u);
  for (int i = 0; i < 4; ++i) cc.OnAck(s, 1000, Time::Zero());
  EXPECT_EQ(cc.cwnd(), 8000u);
  EXPECT_FALSE(cc.InSlowStart());
  // One window of ACKs in congestion avoidance adds about one segment.
  for (int i = 0; i < 8; ++i) cc.OnAck(s, 1000, Time::Zero());
  EXPECT_GE(cc.cwnd(), 8900u);
  EXPECT_LE(cc.cwnd(), 9000u);
}

TEST(Aimd, SlowStartCountsAtMostOneSegmentPerAck) {
  RttStats rtt(RttStats::Params{});
  Aimd cc;
  cc.Init(&rtt, 1000, 2000);
  cc.OnAck(StateWithFlight(2000), 5000, Time::Zero());  // a stretch ACK
  EXPECT_EQ(cc.cwnd(), 3000u);
}

TEST(Aimd, SsthreshIsHalfTheFlightButAtLeastTwoSegments) {
  RttStats rtt(RttStats::Params{});
  Aimd cc;
  cc.Init(&rtt, 1000, 20000);
  cc.EnterRecovery(StateWithFlight(20000), 0);
  EXPECT_EQ(cc.ssthresh(), 10000u);
  cc.EnterRecovery(StateWithFlight(3000), 0);
  EXPECT_EQ(cc.ssthresh(), 2000u);
}

TEST(WindowAnswers, RenoRecoveryInflatesThenDeflatesToSsthresh) {
  // RFC 5681 §3.2: cwnd = ssthresh + 3 SMSS, + 1 SMSS per further dupack, = ssthresh on exit.
  RttStats rtt(RttStats::Params{});
  Aimd cc;
  cc.Init(&rtt, 1000, 20000);
  cc.EnterRecovery(StateWithFlight(20000), 3);
  EXPECT_EQ(cc.cwnd(), 13000u);
  cc.InflateForDupAck();
  cc.InflateForDupAck();
  EXPECT_EQ(cc.cwnd(), 15000u);
  cc.ExitRecovery();
  EXPECT_EQ(cc.cwnd(), 10000u);
}

TEST(WindowAnswers, NewRenoPartialAckDeflatesByWhatWasAckedPlusOneSegment) {
  // RFC 6582 §3.2 step 5; the full ACK sets min(ssthresh, max(FlightSize, SMSS) + SMSS).
  RttStats rtt(RttStats::Params{});
  Aimd cc;
  cc.Init(&rtt, 1000, 20000);
  cc.EnterRecovery(StateWithFlight(20000), 3);  // 13000
  cc.DeflateOnPartialAck(4000);                 // 13000 - 4000 + 1000
  EXPECT_EQ(cc.cwnd(), 10000u);
  cc.DeflateOnPartialAck(500);  // less than one SMSS: no segment added back
  EXPECT_EQ(cc.cwnd(), 9500u);
  cc.DeflateOnPartialAck(50000);  // never below one segment
  EXPECT_EQ(cc.cwnd(), 1000u);
  cc.ExitRecovery(3000);
  EXPECT_EQ(cc.cwnd(), 3000u);
}

TEST(WindowAnswers, TimeoutSetsSsthreshFromTheFlightAndOneSegment) {
  RttStats rtt(RttStats::Params{});
  Aimd cc;
  cc.Init(&rtt, 1000, 30000);
  cc.OnRetransmissionTimeout(StateWithFlight(30000));
  EXPECT_EQ(cc.ssthresh(), 15000u);
  EXPECT_EQ(cc.cwnd(), 1000u);
  EXPECT_TRUE(cc.InSlowStart());
}

TEST(Aimd, Ns2HalvingTakesHalfTheWindowInWholeSegmentsNotTheFlight) {
  // ns-2 tcp.cc slowdown(CLOSE_SSTHRESH_HALF): ssthresh_ = int(window() / 2), window() =
  // int(cwnd_): an application-limited flow with 4 segments out of a 10.5-segment window
  // keeps 5, where RFC 5681 eq. 4 (FlightSize / 2) gives the floor of 2.
  RttStats rtt(RttStats::Params{});
  Aimd ns2(Aimd::Params{false, true});
  ns2.Init(&rtt, 1000, 10500);
  ns2.EnterRecovery(StateWithFlight(4000), 0);
  EXPECT_EQ(ns2.ssthresh(), 5000u);
  EXPECT_EQ(ns2.cwnd(), 5000u);
  Aimd rfc;
  rfc.Init(&rtt, 1000, 10500);
  rfc.EnterRecovery(StateWithFlight(4000), 0);
  EXPECT_EQ(rfc.ssthresh(), 2000u);
  // 7.9 segments: int(7.9) = 7, int(7 / 2) = 3.
  Aimd odd(Aimd::Params{false, true});
  odd.Init(&rtt, 1000, 7900);
  odd.EnterRecovery(StateWithFlight(20000), 0);
  EXPECT_EQ(odd.ssthresh(), 3000u);
}

TEST(Aimd, Ns2HalvingCapsTheWindowAtTheReceiverWindowAndKeepsTwoSegments) {
  // window() = min(cwnd_, wnd_); "if (ssthresh_ < 2) ssthresh_ = 2", also after a second
  // timeout in a row (cwnd 1: int(1 / 2) = 0, raised to 2).
  RttStats rtt(RttStats::Params{});
  Aimd cc(Aimd::Params{false, true, 64000});
  cc.Init(&rtt, 1000, 100000);
  cc.OnRetransmissionTimeout(StateWithFlight(3000));
  EXPECT_EQ(cc.ssthresh(), 32000u);
  EXPECT_EQ(cc.cwnd(), 1000u);
  cc.OnRetransmissionTimeout(StateWithFlight(3000));
  EXPECT_EQ(cc.ssthresh(), 2000u);
}

}  // namespace
}  // namespace plab
