// Links driven by a delivery-opportunity trace (issue 20 §4; net/delivery_trace.h):
// the trace's arithmetic over repetitions, mahimahi's byte-per-opportunity rule on
// one link, validation naming the line, and scenario-level physics: goodput within
// the trace's capacity, the queue within its limit, determinism, and the capacity
// series the throughput chart draws.
#include <algorithm>
#include <fstream>
#include <memory>
#include <numeric>
#include <sstream>
#include <vector>

#include <gtest/gtest.h>

#include "net/delivery_trace.h"
#include "net/link.h"
#include "net/queue/drop_tail_queue.h"
#include "net/route.h"
#include "test_util.h"

namespace plab {
namespace {

using plab::testing::FirstError;
using plab::testing::RunOk;

using testing::Ms;

TEST(DeliveryTrace, RepeatsWithThePeriodOfItsLastTimestamp) {
  const DeliveryTrace t({0, 2, 2, 5});  // period 5 ms, 4 opportunities
  EXPECT_EQ(t.OpportunityTime(0), Ms(0));
  EXPECT_EQ(t.OpportunityTime(2), Ms(2));
  EXPECT_EQ(t.OpportunityTime(3), Ms(5));
  EXPECT_EQ(t.OpportunityTime(4), Ms(5));  // the next repetition's 0 ms
  EXPECT_EQ(t.OpportunityTime(7), Ms(10));
  EXPECT_EQ(t.FirstAtOrAfter(Ms(0)), 0u);
  EXPECT_EQ(t.FirstAtOrAfter(Ms(1)), 1u);
  EXPECT_EQ(t.FirstAtOrAfter(Ms(5)), 3u);  // the line at 5 ms, before the repetition's 0
  EXPECT_EQ(t.FirstAtOrAfter(Time::FromMicroseconds(5001)), 5u);
  EXPECT_EQ(t.CountIn(Ms(0), Ms(5)), 3);
  EXPECT_EQ(t.CountIn(Ms(0), Time::FromMicroseconds(5001)), 5);
  // Before 50 ms: 10 repetitions of 4, less the line at 5 ms of the tenth (at 50 ms).
  EXPECT_EQ(t.CountIn(Ms(0), Ms(50)), 39);
  for (uint64_t k = 0; k < 40; ++k) {
    const Time at = t.OpportunityTime(k);
    EXPECT_LE(t.FirstAtOrAfter(at), k);
    EXPECT_EQ(t.OpportunityTime(t.FirstAtOrAfter(at)), at);
    EXPECT_GT(t.CountIn(Time::Zero(), at + Time::FromNanoseconds(1)), static_cast<int64_t>(k));
  }
}

TEST(DeliveryTrace, BadTracesAreRefusedNamingTheLine) {
  const std::string f = "topology.bottleneck.trace.forward.ms";
  EXPECT_EQ(CheckDeliveryTrace(f, {0, 15, 12}), f + " line 3: 12 is less than the previous timestamp 15");
  EXPECT_EQ(CheckDeliveryTrace(f, {}), f + " is empty: a trace needs at least one line (a timestamp in ms)");
  EXPECT_NE(CheckDeliveryTrace(f, {0, 0}).find("line 2: the last timestamp is the period and is 0"), std::string::npos);
  EXPECT_NE(CheckDeliveryTrace(f, {1, -3}).find("line 2: -3 is negative"), std::string::npos);
  EXPECT_NE(CheckDeliveryTrace(f, {1, 3600001}).find("line 2: 3600001 is beyond the longest trace"), std::string::npos);
  EXPECT_EQ(CheckDeliveryTrace(f, {0, 0, 1}), "");
  std::vector<int64_t> ms;
  EXPECT_EQ(ParseTraceText("1\n2\r\n2 \n5\n", f, &ms), "");
  EXPECT_EQ(ms, (std::vector<int64_t>{1, 2, 2, 5}));
  EXPECT_EQ(ParseTraceText("1\n\n2\n", f, &ms), f + " line 2: is empty (one timestamp in ms per line)");
  EXPECT_EQ(ParseTraceText("1\n2.5\n", f, &ms), f + " line 2: \"2.5\" is not a whole number of milliseconds");
  EXPECT_NE(ParseTraceText("1\n99999999999999999999\n", f, &ms).find("line 2: 9999"), std::string::npos);
  EXPECT_EQ(ParseTraceText("", f, &ms), CheckDeliveryTrace(f, {}));
  std::string huge;
  for (int i = 0; i <= 100000; ++i) huge += "1\n";
  EXPECT_NE(ParseTraceText(huge, f, &ms).find("has more than 100000 lines"), std::string::npos);
}

class Sink : public PacketSink {
 public:
  Sink(Scheduler* s, PacketPool* pool) : s_(s), pool_(pool) {}
  void Receive(Packet* p) override {
    arrivals.push_back(s_->now());
    bytes.push_back(p->wire_bytes);
    pool_->Release(p);
  }
  std::vector<Time> arrivals;
  std::vector<uint32_t> bytes;

 private:
  Scheduler* s_;
  PacketPool* pool_;
};

struct TracedLink {
  TracedLink(std::vector<int64_t> ms, int64_t queue_packets, Time delay = Time::Zero())
      : link(&s, &pool, {Bandwidth::FromMbpsDouble(1), delay}, std::make_unique<DropTailQueue>(&pool, queue_packets),
             nullptr),
        sink(&s, &pool) {
    link.set_trace(std::make_unique<DeliveryTrace>(std::move(ms)));
    route.hops = {&link, &sink};
  }
  void Inject(uint64_t seq, uint32_t header_bytes) { route.Inject(pool.NewData(0, seq, 0, header_bytes)); }
  Scheduler s;
  PacketPool pool;
  Link link;
  Sink sink;
  Route route;
};

// mahimahi's LinkQueue: one opportunity carries up to 1500 bytes of the queue's head.
TEST(TracedLink, EachOpportunityCarriesUpTo1500Bytes) {
  TracedLink l({1, 1, 3}, 100, Ms(10));
  for (uint64_t i = 0; i < 3; ++i) l.Inject(i, 1500);
  for (uint64_t i = 3; i < 6; ++i) l.Inject(i, 500);  // three share an opportunity at 4 ms
  l.Inject(6, 2000);                                  // 1500 bytes at 4 ms (its second line), 500 at 6 ms
  l.s.RunUntil(Time::Infinite());
  EXPECT_EQ(l.sink.arrivals, (std::vector<Time>{Ms(11), Ms(11), Ms(13), Ms(14), Ms(14), Ms(14), Ms(16)}));
}

// Injects packet `arg` when its event runs (the scheduler's clock stops when it runs dry).
struct Injector : EventHandler {
  explicit Injector(TracedLink* l) : link(l) {}
  void OnEvent(uint32_t, uint64_t seq) override { link->Inject(seq, 1500); }
  TracedLink* link;
};

TEST(TracedLink, AnOpportunityWithNothingQueuedIsLostAndAPacketArrivingAtItsTimeUsesIt) {
  TracedLink l({10, 20}, 100);
  Injector inject(&l);
  l.s.At(Ms(10), &inject, 0, 0);  // at exactly 10 ms: that opportunity serves it
  l.s.At(Ms(25), &inject, 0, 1);  // 20 ms went unused: the next is 30 ms (the repetition's 10)
  l.s.RunUntil(Time::Infinite());
  EXPECT_EQ(l.sink.arrivals, (std::vector<Time>{Ms(10), Ms(30)}));
}

// A saturating source: over N periods the link delivers opportunities x 1500 bytes,
// within one packet, whatever the packets' size.
TEST(TracedLink, SaturatedDeliversTheTracesBytesWithinOnePacket) {
  const std::vector<int64_t> ms = *BundledTrace("bursty");
  for (uint32_t size : {1500u, 1000u, 40u + 1460u / 3}) {
    TracedLink l(ms, 1000000);
    const DeliveryTrace trace(ms);
    const int periods = 3;
    const Time end = Ms(trace.period_ms() * periods);
    // RunUntil(end) runs the opportunities at `end` too.
    const int64_t capacity = trace.CountIn(Time::Zero(), end + Time::FromNanoseconds(1)) * 1500;
    for (uint64_t i = 0; static_cast<int64_t>(i) * size < capacity + 10 * 1500; ++i) l.Inject(i, size);
    l.s.RunUntil(end);
    const int64_t delivered = std::accumulate(l.sink.bytes.begin(), l.sink.bytes.end(), int64_t{0});
    EXPECT_LE(delivered, capacity) << size;
    EXPECT_GT(delivered, capacity - static_cast<int64_t>(size)) << size;
    EXPECT_GT(capacity, 3 * 9000 * 1500);
  }
}

nlohmann::json CellularScenario(const std::string& protocol, const std::string& trace = "cellular-a") {
  return {
      {"duration_s", 30},
      {"seed", 3},
      {"topology",
       {{"bottleneck",
         {{"queue_packets", 60}, {"trace", {{"forward", {{"source", trace}}}, {"reverse", {{"source", trace}}}}}}}}},
      {"flows",
       {{{"protocol", protocol},
         {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
}

TEST(TraceScenario, GoodputIsWithinTheTracesCapacityAndTheQueueWithinItsLimit) {
  for (const std::string protocol : {"reno", "cubic", "bbr"}) {
    const auto r = RunOk(CellularScenario(protocol));
    const auto doc = nlohmann::json::parse(r.json);
    const DeliveryTrace trace(*BundledTrace("cellular-a"));
    const double capacity_mbps =
        static_cast<double>(trace.CountIn(Time::Zero(), Time::FromSeconds(30))) * 1500 * 8 / 30 / 1e6;
    const double goodput = r.summary["goodput_mbps"];
    EXPECT_LE(goodput, capacity_mbps) << protocol;
    EXPECT_GT(goodput, 0.3 * capacity_mbps) << protocol;
    for (double q : r.series.at("links.bottleneck.queue").v) EXPECT_LE(q, 60) << protocol;
    const auto& cap = r.series.at("links.bottleneck.capacity_mbps");
    ASSERT_EQ(cap.v.size(), 200u);
    double sum = 0;
    for (double c : cap.v) sum += c;
    EXPECT_NEAR(sum / 200, capacity_mbps, 1e-9);
    for (double u : r.series.at("links.bottleneck.utilization").v) EXPECT_LE(u, 100.0 + 1e-9);
    EXPECT_EQ(RunOk(CellularScenario(protocol)).json, r.json) << "deterministic";
  }
}

TEST(TraceScenario, TheBundledTracesAreTheGeneratorsFiles) {
  for (const std::string& name : BundledTraceNames()) {
    std::ifstream in(std::string(PLAB_SCENARIO_DIR) + "/traces/" + name + ".trace");
    std::stringstream text;
    text << in.rdbuf();
    std::vector<int64_t> ms;
    EXPECT_EQ(ParseTraceText(text.str(), name, &ms), "");
    EXPECT_EQ(ms, *BundledTrace(name)) << name;
  }
}

TEST(TraceScenario, AnInlineTraceIsTheSameAsTheBundledOne) {
  nlohmann::json s = CellularScenario("cubic", "inline");
  s["duration_s"] = 5;
  const std::vector<int64_t> ms = *BundledTrace("steady");
  s["topology"]["bottleneck"]["trace"]["forward"]["ms"] = ms;
  s["topology"]["bottleneck"]["trace"]["reverse"]["ms"] = ms;
  nlohmann::json b = CellularScenario("cubic", "steady");
  b["duration_s"] = 5;
  const auto inline_run = RunOk(s);
  const auto bundled = RunOk(b);
  EXPECT_EQ(inline_run.summary, bundled.summary);
}

TEST(TraceScenario, BadInlineTracesNameTheFieldAndTheLine) {
  nlohmann::json s = CellularScenario("reno", "inline");
  s["topology"]["bottleneck"]["trace"]["reverse"]["source"] = "none";
  s["topology"]["bottleneck"]["trace"]["forward"]["ms"] = {0, 5, 15, 12, 20};
  EXPECT_EQ(FirstError(s.dump()),
            "topology.bottleneck.trace.forward.ms line 4: 12 is less than the previous timestamp 15");
  s["topology"]["bottleneck"]["trace"]["forward"]["ms"] = nlohmann::json::array();
  EXPECT_NE(FirstError(s.dump()).find("topology.bottleneck.trace.forward.ms is empty"), std::string::npos);
  s["topology"]["bottleneck"]["trace"]["forward"]["ms"] = {0, 0};
  EXPECT_NE(FirstError(s.dump()).find("line 2: the last timestamp is the period and is 0"), std::string::npos);
  s["topology"]["bottleneck"]["trace"]["forward"]["ms"] = {0, -1};
  EXPECT_NE(FirstError(s.dump()).find("line 2: -1 is negative"), std::string::npos);
  s["topology"]["bottleneck"]["trace"]["forward"]["ms"] = {0, 1e12};
  EXPECT_NE(FirstError(s.dump()).find("line 2: 1000000000000 is beyond the longest trace"), std::string::npos);
  s["topology"]["bottleneck"]["trace"]["forward"]["ms"] = {0, 1.5};
  EXPECT_NE(FirstError(s.dump()).find("line 2: 1.5 is not a whole number"), std::string::npos);
}

// Every link, either direction: a trace on the reverse path slows the ACKs only.
TEST(TraceScenario, ATraceWorksOnEveryLinkAndDirection) {
  for (const std::string kind : {"path", "dumbbell", "wireless_last_hop"}) {
    for (const std::string link : {"access", "bottleneck", "receiver_access", "last_hop"}) {
      for (const std::string dir : {"forward", "reverse"}) {
        nlohmann::json s = CellularScenario("newreno", "none");
        s["duration_s"] = 5;
        s["topology"]["kind"] = kind;
        s["topology"][link]["trace"][dir]["source"] = "steady";
        const auto r = RunOk(s);
        EXPECT_GT(r.summary["goodput_mbps"].get<double>(), 0.5) << kind << " " << link << " " << dir;
      }
    }
  }
}

}  // namespace
}  // namespace plab
