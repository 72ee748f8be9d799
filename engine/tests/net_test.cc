#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "net/error_model.h"
#include "net/link.h"
#include "net/queue/drop_tail_queue.h"
#include "net/route.h"

namespace plab {
namespace {

class Sink : public PacketSink {
 public:
  Sink(Scheduler* s, PacketPool* pool) : s_(s), pool_(pool) {}
  void Receive(Packet* p) override {
    arrivals.push_back(s_->now());
    seqs.push_back(p->seq);
    pool_->Release(p);
  }
  std::vector<Time> arrivals;
  std::vector<uint64_t> seqs;

 private:
  Scheduler* s_;
  PacketPool* pool_;
};

Packet* MakePacket(PacketPool& pool, uint64_t seq, uint32_t bytes) { return pool.NewData(0, seq, 0, bytes); }

// One drop-tail link into a sink, on its own scheduler.
struct OneLink {
  OneLink(Link::Params params, int64_t queue_packets)
      : link(&s, &pool, params, std::make_unique<DropTailQueue>(&pool, queue_packets), nullptr), sink(&s, &pool) {
    route.hops = {&link, &sink};
  }
  void Inject(uint64_t seq, uint32_t bytes) { route.Inject(MakePacket(pool, seq, bytes)); }
  Scheduler s;
  PacketPool pool;
  Link link;
  Sink sink;
  Route route;
};

TEST(Link, SerializesBackToBackThenPropagates) {
  OneLink l({Bandwidth::FromMbpsDouble(10), Time::FromMilliseconds(5)}, 10);
  for (uint64_t i = 0; i < 3; ++i) l.Inject(i, 1250);  // 1 ms each
  l.s.RunUntil(Time::Infinite());
  EXPECT_EQ(l.sink.arrivals,
            (std::vector<Time>{Time::FromMilliseconds(6), Time::FromMilliseconds(7), Time::FromMilliseconds(8)}));
  EXPECT_EQ(l.sink.seqs, (std::vector<uint64_t>{0, 1, 2}));
}

// A packet that found the wire idle has no event for the end of its serialization
// (net/link.h), yet a delay changed while it serializes still applies to it, and one
// changed after it left the wire does not: the delay is the one in force when it leaves.
TEST(Link, ADelayChangedWhileAPacketSerializesAppliesToIt) {
  OneLink l({Bandwidth::FromMbpsDouble(10), Time::FromMilliseconds(5)}, 10);
  l.Inject(0, 1250);  // on the wire over [0, 1 ms]
  l.s.RunUntil(Time::FromMicroseconds(500));
  l.link.set_delay(Time::FromMilliseconds(2));
  l.s.RunUntil(Time::FromMilliseconds(10));
  l.Inject(1, 1250);  // over [10, 11 ms]
  l.s.RunUntil(Time::FromMicroseconds(11500));
  l.link.set_delay(Time::FromMilliseconds(7));
  l.s.RunUntil(Time::Infinite());
  EXPECT_EQ(l.sink.arrivals, (std::vector<Time>{Time::FromMilliseconds(3), Time::FromMilliseconds(13)}));
}

TEST(Link, DropTailKeepsQueueCapacityPlusThePacketOnTheWire) {
  OneLink l({Bandwidth::FromMbpsDouble(1), Time::Zero()}, 4);
  for (uint64_t i = 0; i < 10; ++i) l.Inject(i, 1000);
  l.s.RunUntil(Time::Infinite());
  EXPECT_EQ(l.sink.seqs, (std::vector<uint64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(l.link.queue_stats().overflow_drops, 5);
  EXPECT_EQ(l.route.stats.queue_drops, 5);
}

TEST(ErrorModels, BernoulliLosesAboutP) {
  BernoulliErrors e(0.1, Random(3));
  Packet p;
  int drops = 0;
  const int n = 100000;
  for (int i = 0; i < n; ++i) drops += e.Drop(p, Time::Zero());
  EXPECT_NEAR(drops / double(n), 0.1, 0.003);  // 3 sd
}

TEST(ErrorModels, OnOffLosesOnlyWhileOnAndSpendsTheRightFractionThere) {
  // ON 0.5 s mean, OFF 1.5 s: ON a quarter of the time; all packets lost while ON.
  OnOffErrors e({Time::FromMilliseconds(500), Time::FromMilliseconds(1500), 1.0, 0.0}, Random(9));
  Packet p;
  int drops = 0, runs = 0;
  bool last = false;
  const int n = 400000;  // one packet per ms for 400 s: ~200 ON periods
  for (int i = 0; i < n; ++i) {
    const bool d = e.Drop(p, Time::FromMilliseconds(i));
    drops += d;
    runs += d && !last;
    last = d;
  }
  EXPECT_NEAR(drops / double(n), 0.25, 0.04);
  // Losses come in bursts (one per ON period), not independently.
  EXPECT_NEAR(runs, 200, 50);
}

TEST(ErrorModels, ScriptedDropsExactlyTheListedArrivals) {
  ScriptedErrors e({5, 2, 7});
  Packet p;
  std::vector<int> dropped;
  for (int i = 1; i <= 10; ++i) {
    if (e.Drop(p, Time::Zero())) dropped.push_back(i);
  }
  EXPECT_EQ(dropped, (std::vector<int>{2, 5, 7}));
}

}  // namespace
}  // namespace plab
