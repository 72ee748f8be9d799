#include <deque>
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

// A FIFO discipline that notes each packet's sojourn as it is dequeued (CoDel's
// measure, RFC 8289 §4.2: now - the enqueue timestamp).
class SojournFifo final : public QueueDiscipline {
 public:
  bool Enqueue(Packet* p, Time now) override {
    p->enqueued_at = now;
    q_.push_back(p);
    OnAdded(*p);
    return true;
  }
  Packet* Dequeue(Time now) override {
    if (q_.empty()) return nullptr;
    Packet* p = q_.front();
    q_.pop_front();
    OnRemoved(*p);
    sojourns.push_back(now - p->enqueued_at);
    return p;
  }
  int64_t limit_packets() const override { return 1000; }
  std::vector<Time> sojourns;

 private:
  std::deque<Packet*> q_;
};

// ns-3's device under a queue disc (link.h's device stage): the discipline hands a
// packet on when the device has room, one packet time before the wire takes it, so the
// sojourn the discipline measures ends there and its length leaves that packet out;
// what leaves the wire, and when, is the same.
TEST(Link, ADeviceStageEndsTheDisciplinesSojournOnePacketEarlier) {
  auto run = [](int64_t device_packets) {
    Scheduler s;
    PacketPool pool;
    auto fifo = std::make_unique<SojournFifo>();
    SojournFifo* seen = fifo.get();
    Link::Params params{Bandwidth::FromMbpsDouble(10), Time::FromMilliseconds(5), device_packets};
    Link link(&s, &pool, params, std::move(fifo), nullptr);
    Sink sink(&s, &pool);
    Route route;
    route.hops = {&link, &sink};
    for (uint64_t i = 0; i < 4; ++i) route.Inject(MakePacket(pool, i, 1250));  // 1 ms each
    const int64_t queued = link.queue_length();
    const int64_t in_device = link.device_length();
    s.RunUntil(Time::Infinite());
    return std::tuple{queued, in_device, seen->sojourns, sink.arrivals, sink.seqs};
  };
  const auto [queued0, device0, sojourns0, arrivals0, seqs0] = run(0);
  const auto [queued1, device1, sojourns1, arrivals1, seqs1] = run(1);
  const Time ms = Time::FromMilliseconds(1);
  EXPECT_EQ(queued0, 3);
  EXPECT_EQ(device0, 0);
  EXPECT_EQ(sojourns0, (std::vector<Time>{Time::Zero(), ms, ms * 2, ms * 3}));
  EXPECT_EQ(queued1, 2);  // one on the wire, one in the device
  EXPECT_EQ(device1, 1);
  EXPECT_EQ(sojourns1, (std::vector<Time>{Time::Zero(), Time::Zero(), ms, ms * 2}));
  EXPECT_EQ(arrivals1, arrivals0);
  EXPECT_EQ(arrivals1, (std::vector<Time>{ms * 6, ms * 7, ms * 8, ms * 9}));
  EXPECT_EQ(seqs1, (std::vector<uint64_t>{0, 1, 2, 3}));
}

// The device's room adds to the buffer: a drop-tail queue of 4 behind a device of 2
// holds 4 + 2 + the packet on the wire.
TEST(Link, ADeviceStageAddsItsRoomToTheBuffer) {
  OneLink l({Bandwidth::FromMbpsDouble(1), Time::Zero(), 2}, 4);
  for (uint64_t i = 0; i < 10; ++i) l.Inject(i, 1000);
  EXPECT_EQ(l.link.queue_length(), 4);
  EXPECT_EQ(l.link.device_length(), 2);
  l.s.RunUntil(Time::Infinite());
  EXPECT_EQ(l.sink.seqs, (std::vector<uint64_t>{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(l.link.queue_stats().overflow_drops, 3);
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
