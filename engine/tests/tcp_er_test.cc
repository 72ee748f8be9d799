// TCP-ER and SACK-ER (Yin, Alnuweiri & Reddy, §II-B, §III), driven with chosen ACKs:
// early retransmission on a duplicate ACK once Vegas's fine-grained timer has expired,
// Algorithm 1's window (cwnd < 4: 2 + 2 of inflation; else cwnd/2 + the dupacks), the
// usual window on a third-dupack fast retransmission, and a lost retransmission resent
// on the next duplicate ACK instead of waiting for the RTO (footnote 2).
#include <gtest/gtest.h>

#include "recovery_rig.h"
#include "test_util.h"
#include "transport/tcp/recovery/newreno_recovery.h"
#include "transport/tcp/recovery/sack_recovery.h"
#include "transport/tcp/scoreboard.h"

namespace plab {
namespace {

using testing::kMss;

// One recovery driven by duplicate ACKs, a full window sent at t = 1 s. RTT 50 ms from
// one sample, so the fine-grained timeout (SRTT + 4 RTTVAR) is 150 ms.
class Rig : public testing::RecoveryRig {
 public:
  Rig(std::unique_ptr<LossRecovery> r, uint64_t cwnd) : RecoveryRig(cwnd), recovery(std::move(r)) {
    for (uint64_t i = 0; i < cwnd; ++i) {
      sb.OnSent(i * kMss, kMss, now_, false, i == 0);
      state.snd_max = (i + 1) * kMss;
    }
  }
  // A duplicate ACK of snd_una SACKing segment `sacked` (0 = no SACK).
  void DupAck(uint64_t sacked = 0) {
    if (sacked > 0) {
      const SackBlock block{sacked * kMss, (sacked + 1) * kMss};
      sb.OnSack(&block, 1);
    }
    ++state.dupacks;
    recovery->OnDupAck(state, *this);
  }
  double cwnd() const { return cwnd_segments(); }
  double ssthresh() const { return ssthresh_segments(); }

  std::unique_ptr<LossRecovery> recovery;
};

std::unique_ptr<LossRecovery> TcpEr() { return std::make_unique<NewRenoRecovery>(EarlyRetransmit::kAlgorithm1); }
std::unique_ptr<LossRecovery> SackEr() { return std::make_unique<SackRecovery>(EarlyRetransmit::kAlgorithm1); }

TEST(TcpEr, AFirstDuplicateAckRetransmitsOnceTheFineGrainedTimerHasExpired) {
  Rig r(TcpEr(), 3);
  r.Advance(100);  // 100 ms < 150 ms: not yet overdue
  r.DupAck();
  EXPECT_EQ(r.retransmissions, 0);
  EXPECT_FALSE(r.state.in_recovery);
  r.Advance(60);  // 160 ms since it was sent
  r.DupAck();
  EXPECT_EQ(r.retransmissions, 1);
  EXPECT_EQ(r.early_retransmits, 1);
  EXPECT_TRUE(r.state.in_recovery);
}

TEST(TcpEr, WithoutEarlyRetransmissionASmallWindowWaitsForThreeDuplicates) {
  Rig r(std::make_unique<NewRenoRecovery>(), 3);
  r.Advance(500);
  r.DupAck();
  r.DupAck();
  EXPECT_EQ(r.retransmissions, 0);  // a window of 3 with one loss sends only 2: the RTO follows
}

TEST(TcpEr, AlgorithmOneBelowFourPacketsSetsTwoAndInflatesByTwo) {
  Rig r(TcpEr(), 3);
  r.Advance(200);
  r.DupAck();
  EXPECT_DOUBLE_EQ(r.ssthresh(), 2);  // "cwnd = 2"
  EXPECT_DOUBLE_EQ(r.cwnd(), 4);      // "Inflate cwnd by 2 packets"
}

TEST(TcpEr, AlgorithmOneFromFourPacketsHalvesAndAddsTheDuplicatesReceived) {
  Rig r(TcpEr(), 10);
  r.DupAck();  // the first is early for the timer
  r.Advance(200);
  r.DupAck();  // the second finds it overdue
  EXPECT_DOUBLE_EQ(r.ssthresh(), 5);
  EXPECT_DOUBLE_EQ(r.cwnd(), 5 + 2);  // cwnd/2 + 2 duplicate ACKs
}

TEST(TcpEr, AFastRetransmissionOnTheThirdDuplicateIsAsUsual) {
  Rig newreno(TcpEr(), 10);
  Rig sack(SackEr(), 10);
  for (uint64_t k = 1; k <= 3; ++k) {
    newreno.DupAck();
    sack.DupAck(k);
  }
  EXPECT_EQ(newreno.early_retransmits, 0);
  EXPECT_DOUBLE_EQ(newreno.cwnd(), 5 + 3);  // NewReno: cwnd/2 + 3
  EXPECT_EQ(sack.early_retransmits, 0);
  EXPECT_DOUBLE_EQ(sack.cwnd(), 5);  // RFC 6675: ssthresh, pipe counts what left
}

TEST(SackEr, EarlyRetransmissionEntersRecoveryWithAlgorithmOnesWindowAndTakesTheSegmentOutOfThePipe) {
  Rig r(SackEr(), 3);
  const uint64_t pipe_before = r.sb.Pipe();
  r.Advance(200);
  r.DupAck(1);
  EXPECT_TRUE(r.state.in_recovery);
  EXPECT_EQ(r.early_retransmits, 1);
  EXPECT_EQ(r.retransmissions, 1);
  EXPECT_DOUBLE_EQ(r.cwnd(), 4);
  // Segment 1 left (SACKed), segment 0 is lost and its retransmission is in flight.
  EXPECT_EQ(r.sb.Pipe(), pipe_before - kMss);
}

TEST(SackEr, ALostRetransmissionIsResentOnTheNextDuplicateAckWithoutAnotherCut) {
  Rig r(SackEr(), 10);
  r.Advance(200);
  r.DupAck(1);
  ASSERT_EQ(r.retransmissions, 1);
  const double ssthresh = r.ssthresh();
  r.Advance(100);  // the retransmission is only 100 ms old
  r.DupAck(2);
  EXPECT_EQ(r.retransmissions, 1);
  r.Advance(100);  // now 200 ms: lost too
  r.DupAck(3);
  EXPECT_EQ(r.retransmissions, 2);
  EXPECT_EQ(r.early_retransmits, 2);
  EXPECT_EQ(r.recoveries, 1);
  EXPECT_DOUBLE_EQ(r.ssthresh(), ssthresh);
}

// The Recover ACK: snd_una reaches the recovery point.
void RecoverAck(Rig& r) {
  r.sb.OnCumulativeAck(r.state.recover);
  r.state.snd_una = r.state.recover;
  r.state.dupacks = 0;
  r.recovery->OnAckInRecovery(r.state, r.state.recover, r);
}

TEST(SackEr, TheRecoverAckLeavesAlgorithmOnesTwoPlusTwoSoANewPacketCanGo) {
  // §III: "we inflate CWND by the same number to make sure that when the ACK that pulls
  // the sender out of FR (Recover ACK) arrived, CWND will be at least one packet higher
  // than the number of outstanding packets" (footnote 2: its duplicate ACK triggers the
  // next early retransmission). A window of 3 with the early retransmission's 2 + 2 keeps
  // 4 through the Recover ACK; deflated to ssthresh (2) it would send nothing past 2 more
  // segments in flight, and the next loss would wait for the RTO.
  Rig r(SackEr(), 3);
  r.Advance(200);
  r.DupAck(1);
  ASSERT_TRUE(r.state.in_recovery);
  ASSERT_DOUBLE_EQ(r.cwnd(), 4);
  RecoverAck(r);
  EXPECT_FALSE(r.state.in_recovery);
  EXPECT_DOUBLE_EQ(r.ssthresh(), 2);
  EXPECT_DOUBLE_EQ(r.cwnd(), 4);
}

TEST(TcpEr, TheRecoverAckLeavesAlgorithmOnesTwoPlusTwo) {
  Rig r(TcpEr(), 3);
  r.Advance(200);
  r.DupAck();
  ASSERT_TRUE(r.state.in_recovery);
  RecoverAck(r);
  EXPECT_FALSE(r.state.in_recovery);
  EXPECT_DOUBLE_EQ(r.ssthresh(), 2);
  EXPECT_DOUBLE_EQ(r.cwnd(), 4);
}

TEST(SackEr, AFastRetransmissionOrALargeWindowDeflatesAtTheRecoverAckAsUsual) {
  // "in the case where CWND size is above the safety line, we follow the normal fast
  // retransmission case", and a third-dupack fast retransmission "is the same as usual".
  Rig fast(SackEr(), 10);
  for (uint64_t k = 1; k <= 3; ++k) fast.DupAck(k);
  ASSERT_EQ(fast.early_retransmits, 0);
  RecoverAck(fast);
  EXPECT_DOUBLE_EQ(fast.cwnd(), 5);
  Rig large(SackEr(), 10);
  large.DupAck(1);
  large.Advance(200);
  large.DupAck(2);
  ASSERT_EQ(large.early_retransmits, 1);
  RecoverAck(large);
  EXPECT_DOUBLE_EQ(large.cwnd(), 5);
}

TEST(TcpEr, VegasEarlyRetransmissionKeepsItsOldWindowAndDoesNotResend) {
  // The lab's Vegas (newreno_er) has rule 1 only, with + dupacks whatever the window,
  // as links made with it have always run.
  Rig r(std::make_unique<NewRenoRecovery>(EarlyRetransmit::kVegas), 3);
  r.Advance(200);
  r.DupAck();
  EXPECT_DOUBLE_EQ(r.cwnd(), 2 + 1);
  r.Advance(200);
  r.DupAck();
  EXPECT_EQ(r.retransmissions, 1);
}

// A whole connection whose window is capped at 3 segments loses one packet: NewReno
// gets two duplicate ACKs and waits for its timeout; TCP-ER and SACK-ER retransmit on
// the second duplicate ACK (the timer has expired by then) and never time out.
nlohmann::json SmallWindowDrop(const std::string& protocol) {
  return {{"seed", 1},
          {"duration_s", 5},
          {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}}}}},
          {"flows",
           {{{"protocol", protocol},
             {"tcp", {{"max_window_segments", 3}, {"min_rto_ms", 200}}},
             {"app", {{"token_bucket", {{"enabled", false}}}, {"size_bytes", 100000}}},
             {"channel", {{"forward", {{"model", "scripted"}, {"drop_packets", {40}}}}}}}}}};
}

TEST(TcpErRuns, ASmallWindowRecoversWithoutATimeout) {
  const auto newreno = testing::RunOk(SmallWindowDrop("newreno"));
  EXPECT_EQ(newreno.summary["timeouts"], 1);
  for (const std::string p : {"tcp_er", "sack_er"}) {
    const auto er = testing::RunOk(SmallWindowDrop(p));
    EXPECT_EQ(er.summary["timeouts"], 0) << p;
    EXPECT_GE(er.summary["early_retransmits"].get<int>(), 1) << p;
    EXPECT_LT(er.summary["connection_time_s"].get<double>(), newreno.summary["connection_time_s"].get<double>()) << p;
  }
}

}  // namespace
}  // namespace plab
