// Reno after a timeout, as ns-2 runs it with its default bug_fix_ (RenoTcpAgent::
// dupack_action, recover_ = maxseq_ on a timeout): duplicate ACKs for data sent before
// the timeout are echoes of the go-back-N resend, and must not start a fast
// retransmit; a second fast retransmit in one window is still allowed after a first
// one (Reno's known double halving, which ns-2 keeps).
#include <gtest/gtest.h>

#include "recovery_rig.h"
#include "test_util.h"
#include "transport/tcp/recovery/reno_recovery.h"

namespace plab {
namespace {

// Twenty segments of window, no RTT sample: Reno needs neither.
struct FakeActions : testing::RecoveryRig {
  FakeActions() : RecoveryRig(20, false) {}
};

TcpState ThreeDupAcks(uint64_t snd_una, uint64_t recover, TcpState::LossAction last) {
  TcpState s;
  s.snd_una = snd_una;
  s.snd_max = 40000;
  s.dupacks = 3;
  s.recover = recover;
  s.recover_set = true;
  s.last_loss_action = last;
  return s;
}

TEST(RenoBugFix, NoFastRetransmitFromDuplicateAcksOfDataSentBeforeATimeout) {
  FakeActions actions;
  RenoRecovery reno;
  TcpState s = ThreeDupAcks(10000, 30000, TcpState::LossAction::kTimeout);
  reno.OnDupAck(s, actions);
  EXPECT_EQ(actions.recoveries, 0);
  EXPECT_FALSE(s.in_recovery);
  // Once the cumulative ACK covers what was outstanding at the timeout, it may.
  s = ThreeDupAcks(30000, 30000, TcpState::LossAction::kTimeout);
  reno.OnDupAck(s, actions);
  EXPECT_EQ(actions.recoveries, 1);
  EXPECT_TRUE(s.in_recovery);
}

TEST(RenoBugFix, ASecondFastRetransmitInOneWindowFollowsAFirst) {
  FakeActions actions;
  RenoRecovery reno;
  TcpState s = ThreeDupAcks(10000, 30000, TcpState::LossAction::kFastRetransmit);
  reno.OnDupAck(s, actions);
  EXPECT_EQ(actions.recoveries, 1);
}

// The run that showed it: a 10 Mb/s LAN with 1 % loss. Without the fix, echoes of a
// timeout's resend started fast retransmits that halved the window again and again
// and the timer backed off to 32 s (goodput 0.8 Mb/s); with it, ns-2's Reno.
TEST(RenoBugFix, ALanRunDoesNotCascadeIntoBackedOffTimeouts) {
  const nlohmann::json scenario = {
      {"seed", 9},
      {"duration_s", 60},
      {"topology", {{"access", {{"delay_ms", 0.1}}}, {"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 0.5}}}}},
      {"flows",
       {{{"protocol", "reno"},
         {"channel", {{"forward", {{"model", "bernoulli"}, {"p", 0.01}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
  const auto r = plab::testing::RunOk(scenario);
  double max_rto_ms = 0;
  for (double v : r.series.at("flows[0].rto").v) max_rto_ms = std::max(max_rto_ms, v);
  EXPECT_LE(max_rto_ms, 8000);
  EXPECT_GT(r.summary["goodput_mbps"].get<double>(), 4.0);
}

}  // namespace
}  // namespace plab
