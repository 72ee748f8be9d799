#include <vector>

#include <gtest/gtest.h>

#include "net/packet.h"
#include "net/route.h"
#include "sim/random.h"
#include "sim/scheduler.h"
#include "transport/tcp/scoreboard.h"
#include "transport/tcp/tcp_receiver.h"

namespace plab {
namespace {

class AckCollector : public PacketSink {
 public:
  explicit AckCollector(PacketPool* pool) : pool_(pool) {}
  void Receive(Packet* p) override {
    acks.push_back(Tcp(*p));
    wire_bytes.push_back(p->wire_bytes);
    pool_->Release(p);
  }
  std::vector<TcpHeader> acks;
  std::vector<uint32_t> wire_bytes;

 private:
  PacketPool* pool_;
};

void Deliver(TcpReceiver& r, PacketPool& pool, uint64_t segment) {
  Packet* p = pool.NewData(0, segment * 1000, 1000, 0);
  r.Receive(p);
}

TEST(ReceiverSack, FirstBlockHoldsTheNewestSegmentThenTheMostRecentOthers) {
  Scheduler s;
  PacketPool pool;
  TcpReceiverParams rp;
  rp.sack = true;
  TcpReceiver r(&s, &pool, rp);
  AckCollector out(&pool);
  Route back;
  back.hops = {&out};
  r.set_route(&back);
  for (uint64_t seg : {0, 2, 4, 6}) Deliver(r, pool, seg);
  const TcpHeader& a = out.acks.back();
  EXPECT_EQ(a.ack, 1000u);
  ASSERT_EQ(a.sack_count, 3);
  EXPECT_EQ(a.sack[0].start, 6000u);
  EXPECT_EQ(a.sack[1].start, 4000u);
  EXPECT_EQ(a.sack[2].start, 2000u);
  EXPECT_EQ(out.wire_bytes.back(), 40u + 28u);  // 2 + 3 x 8 option bytes, padded to 28
  // Filling 3 joins [2000, 3000) and [4000, 5000) into one block, reported first.
  Deliver(r, pool, 3);
  const TcpHeader& b = out.acks.back();
  ASSERT_EQ(b.sack_count, 2);
  EXPECT_EQ(b.sack[0].start, 2000u);
  EXPECT_EQ(b.sack[0].end, 5000u);
  EXPECT_EQ(b.sack[1].start, 6000u);
  // Filling 1 makes 0..5 in order: one block left.
  Deliver(r, pool, 1);
  EXPECT_EQ(out.acks.back().ack, 5000u);
  ASSERT_EQ(out.acks.back().sack_count, 1);
  EXPECT_EQ(out.acks.back().sack[0].start, 6000u);
}

TEST(ReceiverSack, OffMeansPlainCumulativeAcks) {
  Scheduler s;
  PacketPool pool;
  TcpReceiver r(&s, &pool, TcpReceiverParams{});
  AckCollector out(&pool);
  Route back;
  back.hops = {&out};
  r.set_route(&back);
  for (uint64_t seg : {0, 2, 4}) Deliver(r, pool, seg);
  EXPECT_EQ(out.acks.back().sack_count, 0);
  EXPECT_EQ(out.wire_bytes.back(), 40u);
}

TEST(Scoreboard, IsLostPipeAndNextSegFollowRfc6675) {
  Scoreboard sb(1000);
  for (uint64_t i = 0; i < 10; ++i) sb.OnSent(i * 1000, 1000, Time::Zero(), false, i == 0);
  // Segments 0 and 2 lost; 1 and 3..6 SACKed.
  const SackBlock blocks[] = {{3000, 7000}, {1000, 2000}};
  EXPECT_EQ(sb.OnSack(blocks, 2), 5);
  EXPECT_EQ(sb.MarkLostByDupThresh(3), 2);  // 0 and 2 have >= 3 SACKed above
  // Pipe: 7, 8, 9 in flight; 0 and 2 lost; SACKed ones left the network.
  EXPECT_EQ(sb.Pipe(), 3000u);
  EXPECT_EQ(sb.NextLostSegment(), 0u);
  sb.OnSent(0, 1000, Time::Zero(), true, false);  // retransmit 0
  EXPECT_EQ(sb.Pipe(), 4000u);
  EXPECT_EQ(sb.NextLostSegment(), 2000u);
  EXPECT_EQ(sb.ForwardMostSacked(0), 7000u);
  // The cumulative ACK for 0..1 gives no RTT sample (0 was retransmitted: Karn).
  EXPECT_FALSE(sb.OnCumulativeAck(2000).has_value());
}

TEST(Scoreboard, FackJudgesEveryHoleBelowTheForwardMostSackLost) {
  Scoreboard sb(1000);
  for (uint64_t i = 0; i < 10; ++i) sb.OnSent(i * 1000, 1000, Time::Zero(), false, i == 0);
  const SackBlock blocks[] = {{8000, 9000}};  // only one SACKed segment, far ahead
  sb.OnSack(blocks, 1);
  EXPECT_EQ(sb.MarkLostByDupThresh(3), 0);  // RFC 6675 waits for more SACKs
  EXPECT_EQ(sb.MarkLostBelowFack(), 8);     // FACK: 0..7 are all lost
}

// tcp.pipe = ns3: ns-3.44's TcpTxBuffer::BytesInFlight() is sent - SACKed - lost +
// retransmitted bytes, and a SACK (TcpTxBuffer::Update) sets m_sacked and clears m_lost
// but leaves m_retrans: a retransmitted segment stays in the pipe once SACKed, until the
// cumulative ACK passes it (RemoveFromCounts) or a timeout clears every m_retrans
// (SetSentListLost). RFC 6675 §4's SetPipe counts only octets not SACKed. Segments never
// retransmitted leave the pipe when SACKed either way.
TEST(Scoreboard, Ns3PipeKeepsASackedRetransmissionUntilTheCumulativeAck) {
  for (const Scoreboard::PipeCount count : {Scoreboard::PipeCount::kRfc6675, Scoreboard::PipeCount::kNs3}) {
    const bool ns3 = count == Scoreboard::PipeCount::kNs3;
    Scoreboard sb(1000, count);
    for (uint64_t i = 0; i < 10; ++i) sb.OnSent(i * 1000, 1000, Time::Zero(), false, i == 0);
    const SackBlock first[] = {{3000, 7000}, {1000, 2000}};  // 0 and 2 lost
    sb.OnSack(first, 2);
    EXPECT_EQ(sb.MarkLostByDupThresh(3), 2);
    EXPECT_EQ(sb.Pipe(), 3000u);  // 7, 8, 9: SACKed segments never retransmitted are out in both
    sb.OnSent(0, 1000, Time::Zero(), true, false);
    sb.OnSent(2000, 1000, Time::Zero(), true, false);
    EXPECT_EQ(sb.Pipe(), 5000u);                // and the two retransmissions
    const SackBlock second[] = {{2000, 8000}};  // 2's retransmission and 7 arrive
    EXPECT_EQ(sb.OnSack(second, 1), 2);
    EXPECT_EQ(sb.Pipe(), ns3 ? 4000u : 3000u) << "SACKed retransmission of 2";
    EXPECT_EQ(sb.Pipe(), sb.PipeByScan());
    sb.OnCumulativeAck(8000);  // 0's retransmission arrives: everything up to 8
    EXPECT_EQ(sb.Pipe(), 2000u);
    // A timeout takes a SACKed retransmission out too (SetSentListLost clears m_retrans).
    sb.OnSent(8000, 1000, Time::Zero(), true, false);
    const SackBlock third[] = {{8000, 9000}};
    sb.OnSack(third, 1);
    EXPECT_EQ(sb.Pipe(), ns3 ? 2000u : 1000u);
    sb.MarkAllLost();
    EXPECT_EQ(sb.Pipe(), 0u);
    EXPECT_EQ(sb.PipeByScan(), 0u);
  }
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(Scoreboard, IncrementalPipeEqualsAFullScanThroughRandomHistories) {
  Random rng(11);
  for (int trial = 0; trial < 50; ++trial) {
    // Every other trial counts the pipe as ns-3.44 does (SACKed retransmissions in it).
    Scoreboard sb(1000, trial % 2 == 0 ? Scoreboard::PipeCount::kRfc6675 : Scoreboard::PipeCount::kNs3);
    uint64_t una = 0, next = 0;
    for (int step = 0; step < 400; ++step) {
      const uint64_t op = rng.NextU64() % 6;
      if (op <= 1) {
        sb.OnSent(next, 1000, Time::Zero(), false, una == next);
        next += 1000;
      } else if (op == 2 && next > una) {
        const uint64_t seg = una + (rng.NextU64() % ((next - una) / 1000)) * 1000;
        sb.OnSent(seg, 1000, Time::Zero(), true, false);
      } else if (op == 3 && next > una) {
        const uint64_t start = una + (rng.NextU64() % ((next - una) / 1000)) * 1000;
        const SackBlock b{start, std::min(next, start + 1000 * (1 + rng.NextU64() % 3))};
        sb.OnSack(&b, 1);
      } else if (op == 4 && next > una) {
        una += 1000 * (1 + rng.NextU64() % ((next - una) / 1000));
        sb.OnCumulativeAck(una);
      } else if (op == 5) {
        (rng.NextU64() % 2 ? sb.MarkLostByDupThresh(3) : sb.MarkLostBelowFack());
        if (rng.NextU64() % 20 == 0) sb.MarkAllLost();
        if (rng.NextU64() % 5 == 0 && next > una) sb.MarkOverdue(una + (rng.NextU64() % ((next - una) / 1000)) * 1000);
      }
      ASSERT_EQ(sb.Pipe(), sb.PipeByScan()) << "trial " << trial << " step " << step;
      ASSERT_EQ(sb.NextLostSegment(), sb.NextLostSegmentByScan()) << "trial " << trial << " step " << step;
      ASSERT_EQ(sb.NextUnsackedBelowHighestSack(), sb.NextUnsackedBelowHighestSackByScan())
          << "trial " << trial << " step " << step;
    }
  }
}

// Issue G, finding 11: loss marking and NextSeg scanned the whole window on every ACK
// (84 % of a 10 Gb/s BBR run). A recovery in a window of 40,000 segments, one lost in
// every 50, SACKed one segment per ACK with a retransmission sent for each loss found:
// the walks must cost a few segments per ACK, not the window.
TEST(Scoreboard, LossMarkingAndNextSegCostAFewSegmentsPerAckNotTheWindow) {
  constexpr uint64_t kMss = 1000;
  constexpr uint64_t kWindow = 40000;
  Scoreboard sb(kMss);
  for (uint64_t i = 0; i < kWindow; ++i) sb.OnSent(i * kMss, kMss, Time::Zero(), false, i == 0);
  uint64_t acks = 0;
  uint64_t retransmitted = 0;
  for (uint64_t i = 0; i < kWindow; ++i) {
    if (i % 50 == 0) continue;  // lost: never SACKed
    const SackBlock b{i * kMss, (i + 1) * kMss};
    sb.OnSack(&b, 1);
    sb.MarkLostByDupThresh(3);
    while (const auto seq = sb.NextLostSegment()) {
      sb.OnSent(*seq, kMss, Time::Zero(), true, false);
      ++retransmitted;
    }
    ++acks;
  }
  EXPECT_EQ(retransmitted, kWindow / 50);  // every loss, each found once
  EXPECT_LT(sb.segments_walked(), 8 * acks)
      << "segments walked per ACK: " << static_cast<double>(sb.segments_walked()) / static_cast<double>(acks);
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

// Issue H §1b finding 6: NextSeg rule 3 (the lowest un-SACKed segment below the highest
// SACK not retransmitted yet) scanned the board from its start on every send, so a
// 10 Gb/s BBR recovery in a 50,000-segment window walked the window per send. A window
// of 40,000 segments whose first 20 are lost: the rest is SACKed one segment per ACK
// while new data goes out above, and every ACK asks rule 3 once, retransmitting what it
// names (as SackRecovery::NextSegment does when rules 1 and 2 have nothing).
TEST(Scoreboard, NextSegRuleThreeCostsAFewSegmentsPerCallNotTheWindow) {
  constexpr uint64_t kMss = 1000;
  constexpr uint64_t kWindow = 40000;
  constexpr uint64_t kLost = 20;
  Scoreboard sb(kMss);
  for (uint64_t i = 0; i < kWindow; ++i) sb.OnSent(i * kMss, kMss, Time::Zero(), false, i == 0);
  uint64_t next = kWindow;
  uint64_t calls = 0;
  uint64_t retransmitted = 0;
  for (uint64_t i = kLost; i < kWindow; ++i) {
    const SackBlock b{i * kMss, (i + 1) * kMss};
    sb.OnSack(&b, 1);
    const uint64_t before = sb.segments_walked();
    const auto hole = sb.NextUnsackedBelowHighestSack();
    ++calls;
    if (hole.has_value()) {
      EXPECT_LT(*hole, kLost * kMss);  // only the lost head is un-SACKed below the top
      sb.OnSent(*hole, kMss, Time::Zero(), true, false);
      ++retransmitted;
    } else {
      sb.OnSent(next * kMss, kMss, Time::Zero(), false, false);
      ++next;
    }
    ASSERT_LT(sb.segments_walked() - before, kWindow / 4) << "call " << calls;  // fails fast on a full scan
  }
  EXPECT_EQ(retransmitted, kLost);  // each hole named once
  EXPECT_LT(sb.segments_walked(), 8 * calls)
      << "segments walked per call: " << static_cast<double>(sb.segments_walked()) / static_cast<double>(calls);
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

// Issue H §1b.6: OnSack walked every segment of every SACK block from the block's start,
// so the block that grows by one segment per ACK behind a hole cost the window per ACK
// (86 % of a 10 Gb/s BBR run in a 50,000-segment window). A window of 40,000 segments
// with a hole every 10,000: each ACK SACKs the next segment and carries up to three
// blocks as a receiver sends them (RFC 2018 §4: the newest block first, then the most
// recent others, which are already SACKed). OnSack must cost the segments it newly
// SACKs plus a few per block, not the blocks' lengths.
TEST(Scoreboard, OnSackCostsTheNewlySackedSegmentsPlusAFewPerBlockNotTheBlocks) {
  constexpr uint64_t kMss = 1000;
  constexpr uint64_t kWindow = 40000;
  constexpr uint64_t kHoleEvery = 10000;
  Scoreboard sb(kMss);
  for (uint64_t i = 0; i < kWindow; ++i) sb.OnSent(i * kMss, kMss, Time::Zero(), false, i == 0);
  std::vector<SackBlock> done;  // completed blocks, newest last
  uint64_t block_start = 1;
  uint64_t blocks_sent = 0;
  uint64_t newly = 0;
  for (uint64_t i = 1; i < kWindow; ++i) {
    if (i % kHoleEvery == 0) {  // a hole: the current block is complete
      done.push_back({block_start * kMss, i * kMss});
      block_start = i + 1;
      continue;
    }
    std::vector<SackBlock> blocks = {{block_start * kMss, (i + 1) * kMss}};
    for (size_t d = done.size(); d-- > 0 && blocks.size() < 3;) blocks.push_back(done[d]);
    const uint64_t before = sb.sack_segments_walked();
    const int n = sb.OnSack(blocks.data(), static_cast<int>(blocks.size()));
    ASSERT_EQ(n, 1) << "ACK for segment " << i;  // only the newest segment is new
    newly += static_cast<uint64_t>(n);
    blocks_sent += blocks.size();
    ASSERT_LT(sb.sack_segments_walked() - before, kWindow / 4) << "ACK for segment " << i;  // fails fast on a full walk
  }
  EXPECT_EQ(sb.sacked_segments(), static_cast<int>(kWindow - kWindow / kHoleEvery));
  EXPECT_LT(sb.sack_segments_walked(), newly + 4 * blocks_sent)
      << "segments walked per ACK: " << static_cast<double>(sb.sack_segments_walked()) / static_cast<double>(newly);
}

// The skipping OnSack against a plain set of SACKed segments through random histories:
// blocks of any length that overlap, start inside a segment or below snd_una, or reach
// past the last segment sent, with cumulative ACKs and timeouts between them. It must
// SACK exactly the segments a walk of every block would, in the same order (the delivered
// count and the rate sample follow from the order).
TEST(Scoreboard, SkippingSackedRunsSacksWhatAFullWalkWould) {
  constexpr uint64_t kMss = 1000;
  Random rng(29);
  for (int trial = 0; trial < 50; ++trial) {
    Scoreboard sb(kMss);
    std::vector<bool> sacked;  // by absolute segment index
    uint64_t una = 0, next = 0;
    for (int step = 0; step < 600; ++step) {
      const uint64_t op = rng.NextU64() % 5;
      if (op <= 1) {
        const uint64_t burst = 1 + rng.NextU64() % 8;
        for (uint64_t k = 0; k < burst; ++k, next += kMss) sb.OnSent(next, kMss, Time::Zero(), false, una == next);
        sacked.resize(next / kMss, false);
      } else if (op == 2 && next > una) {
        const int count = 1 + static_cast<int>(rng.NextU64() % 4);
        std::vector<SackBlock> blocks;
        int expected = 0;
        for (int b = 0; b < count; ++b) {
          // Anywhere from a little below snd_una to a little past snd_max, any byte.
          const uint64_t start = una - std::min<uint64_t>(una, rng.NextU64() % 3000) + rng.NextU64() % (next - una + 1);
          const uint64_t end = start + 1 + rng.NextU64() % 20000;
          blocks.push_back({start, end});
          for (uint64_t seq = std::max(start, una); seq < end && seq < next; seq += kMss) {
            if (!sacked[seq / kMss]) {
              sacked[seq / kMss] = true;
              ++expected;
            }
          }
        }
        const uint64_t delivered_before = sb.delivered();
        ASSERT_EQ(sb.OnSack(blocks.data(), count), expected) << "trial " << trial << " step " << step;
        ASSERT_EQ(sb.delivered() - delivered_before, static_cast<uint64_t>(expected) * kMss);
      } else if (op == 3 && next > una) {
        una += kMss * (1 + rng.NextU64() % ((next - una) / kMss));
        sb.OnCumulativeAck(una);
      } else if (op == 4 && rng.NextU64() % 4 == 0) {
        sb.MarkAllLost();
      }
      for (uint64_t seq = una; seq < next; seq += kMss) {
        ASSERT_EQ(sb.IsSacked(seq), static_cast<bool>(sacked[seq / kMss])) << "trial " << trial << " step " << step;
      }
      ASSERT_EQ(sb.Pipe(), sb.PipeByScan()) << "trial " << trial << " step " << step;
    }
  }
}

}  // namespace
}  // namespace plab
