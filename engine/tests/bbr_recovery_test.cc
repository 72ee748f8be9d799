// Algorithm-tier tests of BBR's window in loss recovery, with no network: feed ACKs
// (rate samples) and loss recovery's calls, read cwnd. The rules are those of
// draft-cardwell-iccrg-bbr-congestion-control-00 §4.2.3.4 "Modulating cwnd in Loss
// Recovery" (Linux tcp_bbr.c bbr_save_cwnd / bbr_set_cwnd_to_recover_or_restore).
#include <gtest/gtest.h>

#include "test_util.h"
#include "transport/tcp/cc/bbr.h"

namespace plab {
namespace {

using testing::kMss;

// A BBR in Startup on a 100 ms, 10 Mb/s path (target window about 360 kB, far above the
// windows used here, so Startup adds every delivered byte), grown to 30 segments.
class BbrRecoveryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cc_.Init(&rtt_, kMss, 10 * kMss);
    rtt_.OnSample(Time::FromMilliseconds(100));
    cc_.OnRttUpdated(now_);
    state_.snd_max = 60 * kMss;
    state_.pipe = 30 * kMss;
    for (int i = 0; i < 20; ++i) Ack(kMss, 0);
  }

  // One ACK delivering `delivered` bytes and judging `lost` bytes lost, within the
  // current round unless `new_round` (its segment was sent after the round began).
  void Ack(uint64_t delivered, uint64_t lost, bool new_round = false) {
    now_ = now_ + Time::FromMilliseconds(1);
    delivered_ += delivered;
    state_.snd_una += delivered;
    RateSample rs;
    rs.valid = true;
    rs.delivery_rate_bps = 10e6;
    rs.interval = Time::FromMilliseconds(100);
    rs.delivered = delivered;
    rs.prior_delivered = new_round ? delivered_ - delivered : 0;
    rs.newly_delivered = delivered;
    rs.total_delivered = delivered_;
    rs.newly_lost = lost;
    cc_.OnAckReceived(state_, rs, now_);
  }

  RttStats rtt_{RttStats::Params{}};
  Bbr cc_{Bbr::Params{}};
  TcpState state_;
  Time now_ = Time::FromSeconds(1);
  uint64_t delivered_ = 0;
};

TEST_F(BbrRecoveryTest, StartupGrowsByWhatIsDelivered) {
  EXPECT_EQ(cc_.cwnd(), 30 * kMss);  // the scaffolding's premise
  EXPECT_EQ(cc_.mode(), Bbr::Mode::kStartup);
}

TEST_F(BbrRecoveryTest, FirstRoundOfFastRecoveryConservesPackets) {
  // Three segments judged lost leave 27 in the pipe; entering recovery cuts cwnd to
  // what is in flight plus what this ACK delivered (draft: packets_in_flight +
  // packets_delivered), where the old code kept 30 segments and grew on.
  state_.pipe = 26 * kMss;
  cc_.EnterRecovery(state_, 0);
  Ack(kMss, 3 * kMss);
  EXPECT_EQ(cc_.cwnd(), 27 * kMss);
  // Within the round: one segment out for each one delivered, no Startup growth...
  Ack(kMss, 0);
  EXPECT_EQ(cc_.cwnd(), 27 * kMss);
  // ... and the bytes a further ACK judges lost come off the window (pipe shrank too).
  state_.pipe = 22 * kMss;
  Ack(kMss, 2 * kMss);
  EXPECT_EQ(cc_.cwnd(), 25 * kMss);  // max(27 - 2, pipe 22 + 1)
  // A segment sent after recovery began is delivered: the round is over, and the window
  // grows by what is delivered again (Startup).
  Ack(kMss, 0, /*new_round=*/true);
  EXPECT_EQ(cc_.cwnd(), 26 * kMss);
}

TEST_F(BbrRecoveryTest, LeavingFastRecoveryRestoresTheWindowSavedAtEntry) {
  state_.pipe = 20 * kMss;
  cc_.EnterRecovery(state_, 0);
  Ack(kMss, 0);
  EXPECT_EQ(cc_.cwnd(), 21 * kMss);
  // A NewReno recovery passes a cap (flight + 1 SMSS) against a burst; BBR restores
  // max(cwnd, prior_cwnd) regardless, then this ACK's update adds what it delivered.
  cc_.ExitRecovery(5 * kMss);
  EXPECT_EQ(cc_.cwnd(), 30 * kMss);
  Ack(kMss, 0);
  EXPECT_EQ(cc_.cwnd(), 31 * kMss);
}

TEST_F(BbrRecoveryTest, TimeoutSavesTheWindowAndTheEndOfItsRecoveryRestoresIt) {
  state_.recover = state_.snd_max;  // the sender sets it at the timeout
  state_.recover_set = true;
  cc_.OnRetransmissionTimeout(state_);
  EXPECT_EQ(cc_.cwnd(), kMss);
  state_.pipe = kMss;
  // Go-back-N repairs: the window grows by what is delivered from BBR's minimum of 4
  // segments, as before...
  Ack(kMss, 0, true);
  Ack(kMss, 0);
  EXPECT_EQ(cc_.cwnd(), 5 * kMss);
  // ... until snd_una reaches `recover` (the rest was SACKed): the window saved at the
  // timeout comes back, plus this ACK's segment (the old code kept it only for the end
  // of ProbeRTT, 10 s away, and had 6 segments here).
  state_.snd_una = state_.recover - kMss;
  Ack(kMss, 0);
  EXPECT_EQ(cc_.cwnd(), 31 * kMss);
}

TEST_F(BbrRecoveryTest, TimeoutInFastRecoverySavesTheLargerOfTheTwoWindows) {
  state_.pipe = 10 * kMss;
  cc_.EnterRecovery(state_, 0);
  Ack(kMss, 0);
  EXPECT_EQ(cc_.cwnd(), 11 * kMss);
  // The timeout comes while recovery has the window cut: what it saves is the window
  // before recovery (draft BBRSaveCwnd: max(prior_cwnd, cwnd) in loss recovery).
  state_.recover = state_.snd_max;
  state_.recover_set = true;
  cc_.OnRetransmissionTimeout(state_);
  state_.pipe = kMss;
  state_.snd_una = state_.recover - kMss;
  Ack(kMss, 0, true);
  EXPECT_EQ(cc_.cwnd(), 31 * kMss);
}

}  // namespace
}  // namespace plab
