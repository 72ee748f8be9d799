// FQ-CoDel (RFC 8290) driven directly with a fake clock: the new/old lists and the
// deficit round robin of §4.2-§4.3, the fattest-flow drop of §4.1, CoDel per flow, and
// what it is for: a sparse flow keeps a low delay beside a bulk one (§1, §4.4). Each
// test fails when its rule is broken in fq_codel_queue.cc.
#include <algorithm>
#include <deque>
#include <vector>

#include <gtest/gtest.h>

#include "net/queue/codel_queue.h"
#include "net/queue/fq_codel_queue.h"
#include "test_util.h"

namespace plab {
namespace {

using testing::Ms;

Packet* FqPacket(PacketPool& pool, uint32_t flow, uint32_t bytes = 1000) { return pool.NewData(flow, 0, bytes, 0); }

FqCodelQueue::Params FqParams(int64_t limit = 10000) {
  FqCodelQueue::Params p;
  p.limit_packets = limit;
  return p;
}

std::vector<int64_t> AsVector(const std::deque<int64_t>& d) { return {d.begin(), d.end()}; }

// Dequeues one packet at `t`; its flow, or -1 for none.
int64_t FqSend(FqCodelQueue& fq, PacketPool& pool, Time t) {
  Packet* p = fq.Dequeue(t);
  if (p == nullptr) return -1;
  const int64_t flow = p->flow;
  pool.Release(p);
  return flow;
}

TEST(FqCodel, ANewFlowJoinsTheTailOfNewFlowsWithAQuantumOfCredit) {
  PacketPool pool;
  FqCodelQueue fq(&pool, FqParams());
  const int64_t a = fq.SubQueueOf(*FqPacket(pool, 1)), b = fq.SubQueueOf(*FqPacket(pool, 2));
  ASSERT_NE(a, b);
  fq.Enqueue(FqPacket(pool, 1), Time::Zero());
  EXPECT_EQ(AsVector(fq.new_flows()), std::vector<int64_t>{a});
  EXPECT_EQ(fq.deficit(a), 1514);
  fq.Enqueue(FqPacket(pool, 2), Time::Zero());
  fq.Enqueue(FqPacket(pool, 1), Time::Zero());  // already listed: no change
  EXPECT_EQ(AsVector(fq.new_flows()), (std::vector<int64_t>{a, b}));
  EXPECT_TRUE(fq.old_flows().empty());
  EXPECT_EQ(fq.SubQueuePackets(a), 2);
}

// Quantum 1514, packets of 1000 bytes: a flow sends two (1514 -> 514 -> -486), then is
// moved to old_flows's tail with one more quantum (1028), and the next flow takes over.
TEST(FqCodel, AFlowThatSpentItsCreditGoesToOldFlowsTailWithAnotherQuantum) {
  PacketPool pool;
  FqCodelQueue fq(&pool, FqParams());
  for (int i = 0; i < 10; ++i) {
    fq.Enqueue(FqPacket(pool, 1), Time::Zero());
    fq.Enqueue(FqPacket(pool, 2), Time::Zero());
  }
  const int64_t a = fq.SubQueueOf(*FqPacket(pool, 1)), b = fq.SubQueueOf(*FqPacket(pool, 2));
  std::vector<int64_t> order;
  for (int i = 0; i < 8; ++i) order.push_back(FqSend(fq, pool, Time::Zero()));
  EXPECT_EQ(order, (std::vector<int64_t>{1, 1, 2, 2, 1, 1, 2, 2}));
  // a: 1514 - 2000 -> to old with 1028 -> sends two more, -972 -> at the 7th call it is
  // topped up (542) and moved behind b, which sends its second pair (1028 -> -972).
  EXPECT_TRUE(fq.new_flows().empty());
  EXPECT_EQ(AsVector(fq.old_flows()), (std::vector<int64_t>{b, a}));
  EXPECT_EQ(fq.deficit(a), 1514 - 2000 + 1514 - 2000 + 1514);
  EXPECT_EQ(fq.deficit(b), 1514 - 2000 + 1514 - 2000);
  // b's credit is spent: topped up, moved behind a, and a sends.
  EXPECT_EQ(FqSend(fq, pool, Time::Zero()), 1);
  EXPECT_EQ(AsVector(fq.old_flows()), (std::vector<int64_t>{a, b}));
  EXPECT_EQ(fq.deficit(a), 542 - 1000);
  EXPECT_EQ(fq.deficit(b), -972 + 1514);
}

// RFC 8290 §4.2: a new flow found empty goes to the tail of old_flows when there are
// old flows (so it cannot be new again at once and starve them); without old flows it
// leaves the lists, and its next packet makes it new again with a fresh quantum.
TEST(FqCodel, AnEmptiedNewFlowPassesThroughOldFlowsOrLeavesTheLists) {
  PacketPool pool;
  FqCodelQueue fq(&pool, FqParams());
  const int64_t a = fq.SubQueueOf(*FqPacket(pool, 1)), b = fq.SubQueueOf(*FqPacket(pool, 2));
  for (int i = 0; i < 10; ++i) fq.Enqueue(FqPacket(pool, 1), Time::Zero());
  for (int i = 0; i < 3; ++i) FqSend(fq, pool, Time::Zero());  // a: 2 sent, to old, 1 more
  ASSERT_EQ(AsVector(fq.old_flows()), std::vector<int64_t>{a});
  fq.Enqueue(FqPacket(pool, 2), Time::Zero());
  EXPECT_EQ(FqSend(fq, pool, Time::Zero()), 2);  // new flows first
  EXPECT_EQ(FqSend(fq, pool, Time::Zero()), 1);  // b found empty: to old_flows's tail
  EXPECT_TRUE(fq.new_flows().empty());
  EXPECT_EQ(AsVector(fq.old_flows()), (std::vector<int64_t>{a, b}));
  // A packet of b now does not make it new: it waits its turn in old_flows.
  fq.Enqueue(FqPacket(pool, 2), Time::Zero());
  EXPECT_TRUE(fq.new_flows().empty());

  // Alone: emptied, it leaves the lists; its next packet makes it new again.
  FqCodelQueue solo(&pool, FqParams());
  solo.Enqueue(FqPacket(pool, 2), Time::Zero());
  EXPECT_EQ(FqSend(solo, pool, Time::Zero()), 2);
  EXPECT_EQ(FqSend(solo, pool, Time::Zero()), -1);
  EXPECT_TRUE(solo.new_flows().empty());
  EXPECT_TRUE(solo.old_flows().empty());
  solo.Enqueue(FqPacket(pool, 2), Time::Zero());
  EXPECT_EQ(AsVector(solo.new_flows()), std::vector<int64_t>{b});
  EXPECT_EQ(solo.deficit(b), 1514);
}

// The deficit counts bytes: a flow of 1500-byte packets and one of 300-byte packets,
// both always backlogged, get the same bytes (to within a quantum), not the same packets.
TEST(FqCodel, TheDeficitSharesBytesNotPackets) {
  PacketPool pool;
  FqCodelQueue fq(&pool, FqParams());
  for (int i = 0; i < 400; ++i) fq.Enqueue(FqPacket(pool, 1, 1500), Time::Zero());
  for (int i = 0; i < 2000; ++i) fq.Enqueue(FqPacket(pool, 2, 300), Time::Zero());
  int64_t bytes[3] = {0, 0, 0};
  for (int i = 0; i < 1500; ++i) {
    Packet* p = fq.Dequeue(Time::Zero());
    ASSERT_NE(p, nullptr);
    bytes[p->flow] += p->wire_bytes;
    pool.Release(p);
  }
  EXPECT_NEAR(static_cast<double>(bytes[1]), static_cast<double>(bytes[2]), 1514 + 1500);
  EXPECT_GT(bytes[1], 100000);
}

// §4.1: at the limit, packets go from the head of the flow holding the most bytes (a
// batch, as Linux: until half its bytes are gone), not the arrival's flow.
TEST(FqCodel, AFullBufferDropsFromTheFattestFlowsHead) {
  PacketPool pool;
  FqCodelQueue fq(&pool, FqParams(10));
  std::vector<Packet*> fat;
  for (int i = 0; i < 8; ++i) {
    fat.push_back(FqPacket(pool, 1));
    fat.back()->seq = static_cast<uint64_t>(i);
    ASSERT_TRUE(fq.Enqueue(fat.back(), Time::Zero()));
  }
  ASSERT_TRUE(fq.Enqueue(FqPacket(pool, 2), Time::Zero()));
  ASSERT_TRUE(fq.Enqueue(FqPacket(pool, 2), Time::Zero()));
  EXPECT_EQ(fq.stats().overflow_drops, 0);
  // The 11th packet, of the thin flow: it stays; the fat flow loses 4 (4000 of 8000 bytes).
  EXPECT_TRUE(fq.Enqueue(FqPacket(pool, 2), Time::Zero()));
  EXPECT_EQ(fq.stats().overflow_drops, 4);
  EXPECT_EQ(fq.SubQueuePackets(fq.SubQueueOf(*FqPacket(pool, 1))), 4);
  EXPECT_EQ(fq.SubQueuePackets(fq.SubQueueOf(*FqPacket(pool, 2))), 3);
  EXPECT_EQ(fq.length_packets(), 7);
  // From its head: the first packet sent of the fat flow is its 5th (seq 4).
  Packet* p = nullptr;
  while ((p = fq.Dequeue(Time::Zero())) != nullptr && p->flow != 1) pool.Release(p);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->seq, 4u);
  pool.Release(p);
}

// Feeds a 10 Mb/s link (a 1000-byte packet every 0.8 ms): a bulk flow sends twice what
// the link carries, a sparse flow one packet every 20 ms. Returns the sparse flow's
// worst sojourn, and checks every packet is accounted for.
struct SparseBeside {
  Time worst_sparse = Time::Zero();
  int64_t sparse_sent = 0;
};

template <typename Queue>
SparseBeside RunSparseBesideBulk(Queue& q, PacketPool& pool) {
  SparseBeside r;
  const Time slot = Ms(0.8);
  Time next_sparse = Ms(500);
  for (Time t = Time::Zero(); t < Time::FromSeconds(3); t += slot) {
    q.Enqueue(FqPacket(pool, 1), t);
    q.Enqueue(FqPacket(pool, 1), t + slot / 2);
    if (t >= next_sparse) {
      q.Enqueue(FqPacket(pool, 2), t);
      next_sparse += Ms(20);
    }
    if (Packet* p = q.Dequeue(t + slot / 2)) {
      if (p->flow == 2) {
        r.worst_sparse = std::max(r.worst_sparse, t + slot / 2 - p->enqueued_at);
        ++r.sparse_sent;
      }
      pool.Release(p);
    }
  }
  return r;
}

TEST(FqCodel, ASparseFlowKeepsALowDelayBesideABulkFlow) {
  PacketPool pool;
  FqCodelQueue fq(&pool, FqParams(1000));
  const SparseBeside fair = RunSparseBesideBulk(fq, pool);
  ASSERT_GT(fair.sparse_sent, 100);
  // It is a new flow at each packet: sent at the next departure.
  EXPECT_LE(fair.worst_sparse, Ms(0.8));
  // CoDel works in the bulk flow's own queue, and only there.
  EXPECT_GT(fq.stats().aqm_drops, 0);
  EXPECT_GT(fq.codel(fq.SubQueueOf(*FqPacket(pool, 1)))->count(), 0u);
  EXPECT_EQ(fq.codel(fq.SubQueueOf(*FqPacket(pool, 2)))->count(), 0u);
  // One CoDel queue for both: the sparse packets wait behind the bulk flow's standing
  // queue (CoDel's target and more).
  CodelQueue::Params cp;
  cp.limit_packets = 1000;
  CodelQueue codel(&pool, cp);
  const SparseBeside shared = RunSparseBesideBulk(codel, pool);
  EXPECT_GT(shared.worst_sparse, Ms(5));
}

TEST(FqCodel, ImpossibleSettingsAreRefusedNamingTheField) {
  for (const std::string field : {"quantum_bytes", "flows"}) {
    const nlohmann::json s = {{"duration_s", 1},
                              {"topology", {{"bottleneck", {{"queue", "fq_codel"}, {"fq_codel", {{field, 0}}}}}}},
                              {"flows", {{{"protocol", "newreno"}}}}};
    const std::string error = testing::FirstError(s.dump());
    EXPECT_NE(error.find("topology.bottleneck.fq_codel." + field + " must be within [1, "), std::string::npos) << error;
  }
}

// The queue chart shows each sub-queue (issue M §3): a run through FQ-CoDel records, per
// flow, its data's sub-queue ("sub_queue"), whose lengths add up to the queue's; a run
// through a single queue records none.
TEST(FqCodel, EachFlowsSubQueueIsRecordedForTheQueueChart) {
  auto scenario = [](const std::string& queue) {
    nlohmann::json flow = {{"protocol", "cubic"}, {"channel", {{"forward", {{"model", "none"}}}}}};
    nlohmann::json second = flow;
    second["start_s"] = 0.5;
    return nlohmann::json{{"duration_s", 5},
                          {"topology", {{"bottleneck", {{"queue", queue}, {"queue_packets", 300}}}}},
                          {"flows", {flow, second}}};
  };
  const auto fq = testing::RunOk(scenario("fq_codel"));
  ASSERT_EQ(fq.series.count("flows[0].sub_queue"), 1u);
  ASSERT_EQ(fq.series.count("flows[1].sub_queue"), 1u);
  // The series keep each bucket's first, lowest, highest and last points, so peaks and
  // the final values are exact: the final sub-queues add up to the final queue, each
  // sub-queue's peak is at most the queue's, and together they reach it.
  const auto& whole = fq.series.at("links.bottleneck.queue");
  const auto& a = fq.series.at("flows[0].sub_queue");
  const auto& b = fq.series.at("flows[1].sub_queue");
  EXPECT_EQ(a.v.back() + b.v.back(), whole.v.back());
  const double peak = *std::max_element(whole.v.begin(), whole.v.end());
  const double peak_a = *std::max_element(a.v.begin(), a.v.end());
  const double peak_b = *std::max_element(b.v.begin(), b.v.end());
  EXPECT_GT(peak_a, 2);
  EXPECT_GT(peak_b, 2);
  EXPECT_LE(peak_a, peak);
  EXPECT_LE(peak_b, peak);
  EXPECT_GE(peak_a + peak_b, peak);
  const auto tail = testing::RunOk(scenario("drop_tail"));
  EXPECT_EQ(tail.series.count("flows[0].sub_queue"), 0u);
}

}  // namespace
}  // namespace plab
