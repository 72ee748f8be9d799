// RFC 6675 §2's duplicate acknowledgment, in the sender: "a segment that arrives carrying
// a SACK block that identifies previously unacknowledged and un-SACKed octets between
// HighACK and HighData ... is counted as a duplicate acknowledgment under this
// definition even if it carries new data, changes the advertised window, or moves the
// cumulative acknowledgment point". §5: a cumulative ACK resets DupAcks, and such an ACK,
// outside loss recovery, counts one and goes to step (4) if IsLost(HighACK + 1). So a
// cumulative ACK whose SACK blocks put DupThresh segments above the new HighACK starts
// recovery at once; before this, our sender waited for pure duplicates (ns-3.44 counts
// as the RFC: ProcessAck's isDupack = scoreboardUpdated with SACK). And a duplicate that
// SACKs nothing new (a duplicate segment's ACK) is no duplicate ACK: ours counted three
// of them, after a timeout's go-back-N, as a loss.
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "held_sender.h"
#include "test_util.h"
#include "transport/tcp/recovery/newreno_recovery.h"
#include "transport/tcp/recovery/prr_recovery.h"
#include "transport/tcp/recovery/sack_recovery.h"
#include "transport/tcp/tcp_sender.h"

namespace plab {
namespace {

using testing::kMss;

// A sender of 20 segments whose ACKs the test writes, with the recovery `make` builds.
class SackSenderRig {
 public:
  explicit SackSenderRig(std::function<std::unique_ptr<LossRecovery>()> make)
      : held_(std::move(make), [](TcpSenderParams& p) { p.sack = true; }) {}
  // An ACK of everything below segment `ack`, SACKing segments [from, to).
  void Ack(uint64_t ack, uint64_t from = 0, uint64_t to = 0) {
    if (to > from) {
      Ack(ack, {{from, to}});
    } else {
      Ack(ack, {});
    }
  }
  // The same with several SACK blocks [first, second) (the receiver's order).
  void Ack(uint64_t ack, const std::vector<std::pair<uint64_t, uint64_t>>& blocks) {
    Packet* p = held_.NewAck(ack * kMss);
    for (const auto& [from, to] : blocks) {
      Tcp(*p).sack[Tcp(*p).sack_count++] = {from * kMss, to * kMss};
    }
    held_.Deliver(p);
  }
  // How many times segment `segment` went out.
  int TimesSent(uint64_t segment) const {
    int n = 0;
    for (const Packet& p : held_.sent()) n += p.seq == segment * kMss ? 1 : 0;
    return n;
  }
  const TcpSender& sender() const { return held_.sender(); }
  size_t sent() const { return held_.sent().size(); }

 private:
  testing::HeldSender held_;
};

std::unique_ptr<LossRecovery> Sack() { return std::make_unique<SackRecovery>(); }
std::unique_ptr<LossRecovery> Prr() { return std::make_unique<PrrRecovery>(); }

// Segment 0 arrives, 1-3 are lost, 4-6 arrive: the ACK of segment 0 SACKs 4-6, three
// segments above HighACK + 1 = segment 1, which is lost (IsLost): recovery and the fast
// retransmit of segment 1 on that one cumulative ACK, with SACK or PRR.
TEST(SackDupAck, ACumulativeAckThatSacksDupThreshAboveStartsRecovery) {
  for (auto make : {Sack, Prr}) {
    SackSenderRig rig(make);
    ASSERT_EQ(rig.sent(), 20u);
    rig.Ack(1, 4, 7);
    EXPECT_TRUE(rig.sender().state().in_recovery);
    EXPECT_EQ(rig.sender().stats().fast_retransmits, 1);
    // SACK's pipe (19 - 3 SACKed - 3 lost + 1 resent) is above cwnd (9.5): segment 1
    // alone; PRR's share of the 4 segments delivered is 2: segments 1 and 2.
    EXPECT_EQ(rig.sender().stats().retransmissions, make == Sack ? 1 : 2);
  }
}

// The rule's other side: a cumulative ACK whose SACK block holds nothing new is not a
// duplicate (and resets DupAcks); two segments SACKed above HighACK + 1 are not IsLost;
// and RFC 5681's duplicate ACK (NewReno) never counts an ACK that moves snd_una.
TEST(SackDupAck, OnlyNewSackDataAboveDupThreshCounts) {
  {
    SackSenderRig rig(Sack);
    rig.Ack(1, 4, 6);  // 4-5 SACKed: segment 1 has two above it, not lost yet
    EXPECT_FALSE(rig.sender().state().in_recovery);
    EXPECT_EQ(rig.sender().state().dupacks, 1);  // counted, under DupThresh
    rig.Ack(2, 4, 6);                            // nothing new SACKed: a plain cumulative ACK
    EXPECT_FALSE(rig.sender().state().in_recovery);
    EXPECT_EQ(rig.sender().state().dupacks, 0);
    rig.Ack(2, 4, 6);  // a duplicate SACKing nothing new: not counted
    rig.Ack(2, 4, 6);
    rig.Ack(2, 4, 6);
    EXPECT_FALSE(rig.sender().state().in_recovery);
    EXPECT_EQ(rig.sender().state().dupacks, 0);
    rig.Ack(2, 4, 7);  // a duplicate SACKing 6: segment 2 has 4-6 above it
    EXPECT_TRUE(rig.sender().state().in_recovery);
  }
  {
    SackSenderRig rig([] { return std::make_unique<NewRenoRecovery>(); });
    rig.Ack(1, 4, 7);
    EXPECT_FALSE(rig.sender().state().in_recovery);
    EXPECT_EQ(rig.sender().state().dupacks, 0);
  }
}

// IsLost(HighACK + 1) is a SACK predicate: a head lost and already retransmitted is
// still lost. Segments 0 and 10 of the first 20 are lost, and 20, sent in that recovery,
// too; SACKs of 21-23 have it retransmitted before the ACK of 0 and 10 ends the recovery
// with 20 the new head, its retransmission still out. The next ACK SACKing something new
// starts the next recovery (a new loss event: 20 was sent after the first); before, our
// IsLost was "lost and not yet retransmitted" and waited for three duplicates.
TEST(SackDupAck, AHeadLostAndResentInTheLastRecoveryIsStillLost) {
  for (auto make : {Sack, Prr}) {
    SackSenderRig rig(make);
    rig.Ack(0, 1, 4);
    ASSERT_TRUE(rig.sender().state().in_recovery);
    for (uint64_t top = 12; top <= 20; ++top) rig.Ack(0, {{11, top}, {1, 10}});
    ASSERT_GE(rig.sent(), 20u + 2u + 4u);  // 0 and 10 again, new data from 20
    ASSERT_EQ(rig.TimesSent(10), 2);
    for (uint64_t top = 22; top <= 24; ++top) rig.Ack(0, {{21, top}, {11, 20}, {1, 10}});
    ASSERT_EQ(rig.TimesSent(20), 2) << "20 resent in the first recovery";
    rig.Ack(20, {{21, 24}});  // 0 and 10 arrived: past RecoveryPoint, nothing new SACKed
    ASSERT_FALSE(rig.sender().state().in_recovery);
    ASSERT_EQ(rig.sender().stats().fast_retransmits, 1);
    rig.Ack(20, {{21, 25}});  // a duplicate SACKing 24
    EXPECT_TRUE(rig.sender().state().in_recovery);
    EXPECT_EQ(rig.sender().stats().fast_retransmits, 2);
  }
}

}  // namespace
}  // namespace plab
