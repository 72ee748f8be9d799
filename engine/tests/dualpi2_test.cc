// DualPI2 (RFC 9332, the example of Appendix A.1) against its pseudocode: the
// classifier by ECN codepoint (ECT(1) and CE to the L4S queue), the PI update of the
// base probability p' every Tupdate on the classic queue's delay, the squared classic
// probability p_C = p'^2, the coupled L4S marking max(laqm, k p'), the native ramp
// and its Th_len floor, the time-shifted FIFO scheduler, and what validation refuses.
// A queue that is not L4S-aware treats ECT(1) as ECT(0) (RFC 9331 §5).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "draw.h"
#include "net/queue/dualpi2_queue.h"
#include "net/queue/step_mark_queue.h"
#include "plab/api.h"
#include "test_util.h"

namespace plab {
namespace {

using testing::kMss;
using testing::Ms;

Packet* Pi2Packet(PacketPool& pool, Ecn ecn, uint64_t seq = 0) {
  Packet* p = pool.NewData(0, seq, kMss, 40);
  p->ecn = ecn;
  return p;
}

DualPi2Queue::Params Big() {
  DualPi2Queue::Params p;
  p.limit_packets = 1000000;
  return p;
}

// A.1 Fig. 2: "if (ecn(pkt) modulo 2 == 1)" -> lq, else cq.
TEST(DualPi2Classifier, Ect1AndCeGoToTheL4sQueueNotEctAndEct0ToTheClassicQueue) {
  PacketPool pool;
  DualPi2Queue q(&pool, Big(), Random(1));
  q.Enqueue(Pi2Packet(pool, Ecn::kEct1), Time::Zero());
  q.Enqueue(Pi2Packet(pool, Ecn::kCe), Time::Zero());
  EXPECT_EQ(q.l4s_length_packets(), 2);
  EXPECT_EQ(q.classic_length_packets(), 0);
  q.Enqueue(Pi2Packet(pool, Ecn::kNotEct), Time::Zero());
  q.Enqueue(Pi2Packet(pool, Ecn::kEct0), Time::Zero());
  EXPECT_EQ(q.l4s_length_packets(), 2);
  EXPECT_EQ(q.classic_length_packets(), 2);
  EXPECT_EQ(q.length_packets(), 4);
  // The limit counts both queues: "lq.len() + cq.len() ... > limit".
  DualPi2Queue::Params small;
  small.limit_packets = 3;
  DualPi2Queue full(&pool, small, Random(1));
  for (const Ecn e : {Ecn::kEct1, Ecn::kEct1, Ecn::kNotEct})
    EXPECT_TRUE(full.Enqueue(Pi2Packet(pool, e), Time::Zero()));
  EXPECT_FALSE(full.Enqueue(Pi2Packet(pool, Ecn::kEct1), Time::Zero()));
  EXPECT_EQ(full.stats().overflow_drops, 1);
}

// A.1 Fig. 3, dualpi2_update, written out again: one classic packet waits from t = 0,
// so at the update at t the classic head's queuing time is t. p' follows
// p' + alpha (curq - target) + beta (curq - prevq) at every multiple of Tupdate.
TEST(DualPi2Update, BaseProbabilityFollowsThePiRuleEveryTupdateOnTheClassicDelay) {
  PacketPool pool;
  const DualPi2Queue::Params params = Big();
  DualPi2Queue q(&pool, params, Random(1));
  q.Enqueue(Pi2Packet(pool, Ecn::kEct0), Time::Zero());
  double p = 0, prevq = 0;
  for (int n = 1; n <= 12; ++n) {
    const double curq = 0.016 * n;
    p = std::clamp(p + 0.16 * (curq - 0.015) + 3.2 * (curq - prevq), 0.0, 1.0);
    prevq = curq;
    // A second ECT(1) packet at the update instant catches the queue up to it.
    q.Enqueue(Pi2Packet(pool, Ecn::kEct1), Ms(16.0 * n));
    EXPECT_NEAR(q.base_probability(), p, 1e-12) << "update " << n;
    EXPECT_EQ(q.updates(), n);
    // Between updates nothing moves.
    q.Enqueue(Pi2Packet(pool, Ecn::kEct1), Ms(16.0 * n + 15.9));
    EXPECT_NEAR(q.base_probability(), p, 1e-12);
  }
  EXPECT_GT(p, 0.3);
  EXPECT_DOUBLE_EQ(q.classic_probability(), q.base_probability() * q.base_probability());
  EXPECT_DOUBLE_EQ(q.coupled_l4s_probability(), std::min(1.0, 2 * q.base_probability()));
  // The classic queue emptied: curq = 0 below target, p' falls by alpha x target plus
  // beta x the drop in delay at the next update, and no lower than 0.
  while (q.classic_length_packets() > 0 || q.l4s_length_packets() > 0) {
    Packet* out = q.Dequeue(Ms(16.0 * 12 + 15.95));
    if (out != nullptr) pool.Release(out);
  }
  const double before = q.base_probability();
  q.Enqueue(Pi2Packet(pool, Ecn::kEct1), Ms(16.0 * 13));
  EXPECT_NEAR(q.base_probability(), std::max(0.0, before + 0.16 * (0 - 0.015) + 3.2 * (0 - prevq)), 1e-12);
  q.Enqueue(Pi2Packet(pool, Ecn::kEct1), Ms(2000));
  EXPECT_EQ(q.base_probability(), 0);
}

// Drives p' with one classic packet held `hold_ms`, then returns the queue, caught up
// and with no classic packet waiting, at `now` (an update instant).
struct Driven {
  PacketPool pool;
  std::unique_ptr<DualPi2Queue> q;
  Time now;
};
void Drive(Driven& d, DualPi2Queue::Params params, int updates) {
  d.q = std::make_unique<DualPi2Queue>(&d.pool, params, Random(42));
  d.q->Enqueue(Pi2Packet(d.pool, Ecn::kEct0), Time::Zero());
  d.now = params.t_update * updates;
  d.q->Enqueue(Pi2Packet(d.pool, Ecn::kEct1), d.now);  // catch up
  while (Packet* p = d.q->Dequeue(d.now)) d.pool.Release(p);
}

// A.1 Fig. 2: the classic queue drops a Not-ECT packet with p_C = p'^2 ("squared
// drop") and marks an ECT(0) one with the same probability ("squared mark"); the
// fraction is p'^2, far from p'. All at one instant, so p' does not move.
TEST(DualPi2Classic, DropsNotEctAndMarksEct0WithTheSquareOfTheBaseProbability) {
  for (const Ecn ecn : {Ecn::kNotEct, Ecn::kEct0}) {
    Driven d;
    Drive(d, Big(), 8);
    const double p = d.q->base_probability();
    ASSERT_GT(p, 0.2);
    ASSERT_LT(p, 0.6);
    const int n = 40000;
    for (int i = 0; i < n; ++i) d.q->Enqueue(Pi2Packet(d.pool, ecn), d.now);
    const QueueStats before = d.q->stats();
    int out = 0, ce = 0;
    while (Packet* pkt = d.q->Dequeue(d.now)) {
      ++out;
      ce += pkt->ecn == Ecn::kCe ? 1 : 0;
      d.pool.Release(pkt);
    }
    const double drops = static_cast<double>(d.q->stats().aqm_drops - before.aqm_drops);
    const double marks = static_cast<double>(d.q->stats().ecn_marks - before.ecn_marks);
    const double fraction = (ecn == Ecn::kNotEct ? drops : marks) / n;
    EXPECT_NEAR(fraction, p * p, 0.01) << "p' = " << p;
    EXPECT_GT(std::abs(fraction - p), 0.1);
    if (ecn == Ecn::kEct0) {
      EXPECT_EQ(drops, 0);
      EXPECT_EQ(ce, marks);
      EXPECT_EQ(out, n);
    } else {
      EXPECT_EQ(out + drops, n);
    }
  }
}

// A.1 Fig. 2: an L4S packet is marked with p_L = max(p'_L, p_CL), p_CL = k p'. At
// zero queuing time the ramp says 0, so the fraction is k p': twice p' at k = 2,
// p' at k = 1 (the same p': the PI loop does not read k).
TEST(DualPi2L4s, MarksWithTheCoupledProbabilityKTimesTheBaseProbability) {
  for (const double k : {1.0, 2.0}) {
    DualPi2Queue::Params params = Big();
    params.k = k;
    Driven d;
    Drive(d, params, 5);
    const double p = d.q->base_probability();
    ASSERT_GT(p, 0.1);
    ASSERT_LT(p, 0.45);
    const int n = 40000;
    for (int i = 0; i < n; ++i) d.q->Enqueue(Pi2Packet(d.pool, Ecn::kEct1), d.now);
    int ce = 0;
    while (Packet* pkt = d.q->Dequeue(d.now)) {
      ce += pkt->ecn == Ecn::kCe ? 1 : 0;
      d.pool.Release(pkt);
    }
    EXPECT_EQ(d.q->stats().aqm_drops, 0);  // L4S packets are marked, never dropped
    EXPECT_NEAR(static_cast<double>(ce) / n, k * p, 0.01) << "k = " << k << ", p' = " << p;
  }
}

// A.1 Fig. 3, laqm: 0 up to minTh (800 us), then linear to 1 at minTh + range
// (1200 us); Th_len: a queue of one packet is not marked by the ramp. p' = 0 here
// (no classic traffic), so only the native ramp marks.
TEST(DualPi2L4s, NativeRampMarksByTheL4sQueuingTimeAboveMinTh) {
  const DualPi2Queue::Params params = Big();
  for (const double sojourn_ms : {0.5, 0.9, 1.0, 1.1, 1.5}) {
    PacketPool pool;
    DualPi2Queue q(&pool, params, Random(3));
    const int n = 20000;
    const Time at = Ms(1);  // between updates (the first is at 16 ms)
    for (int i = 0; i < n + 1; ++i) q.Enqueue(Pi2Packet(pool, Ecn::kEct1), at);
    int ce = 0;
    for (int i = 0; i < n; ++i) {
      Packet* pkt = q.Dequeue(at + Ms(sojourn_ms));
      ce += pkt->ecn == Ecn::kCe ? 1 : 0;
      pool.Release(pkt);
    }
    const double expected = std::clamp((sojourn_ms - 0.8) / 0.4, 0.0, 1.0);
    EXPECT_NEAR(static_cast<double>(ce) / n, expected, 0.015) << sojourn_ms << " ms";
    EXPECT_NEAR(q.NativeL4sProbability(Ms(sojourn_ms)), expected, 1e-9);
    // The last packet, alone in the L4S queue (Th_len = 1), is not marked however long it waited.
    Packet* last = q.Dequeue(at + Ms(5));
    EXPECT_EQ(last->ecn, Ecn::kEct1);
    pool.Release(last);
  }
}

// §4.1 / A.1: the time-shifted FIFO serves the head that arrived first once the L4S
// head's arrival is shifted earlier by tshift (40 ms).
TEST(DualPi2Scheduler, ServesTheEarlierHeadWithTheL4sArrivalShiftedByTshift) {
  auto first_out = [](double l4s_arrival_ms) {
    PacketPool pool;
    DualPi2Queue q(&pool, Big(), Random(1));
    q.Enqueue(Pi2Packet(pool, Ecn::kEct0, /*seq=*/1), Ms(0));  // classic, ECT(0): marked, never dropped
    q.Enqueue(Pi2Packet(pool, Ecn::kEct1, /*seq=*/2), Ms(l4s_arrival_ms));
    Packet* p = q.Dequeue(Ms(l4s_arrival_ms));
    const uint64_t seq = p->seq;
    pool.Release(p);
    pool.Release(q.Dequeue(Ms(l4s_arrival_ms)));
    return seq;
  };
  EXPECT_EQ(first_out(0), 2u);   // same arrival: L4S first
  EXPECT_EQ(first_out(39), 2u);  // classic 39 ms older: still L4S (39 < 40)
  EXPECT_EQ(first_out(40), 2u);  // the tie at exactly tshift: L4S
  EXPECT_EQ(first_out(41), 1u);  // classic 41 ms older: classic first
  EXPECT_EQ(first_out(60), 1u);
}

// RFC 9331 §5: a queue that is not L4S-aware treats ECT(1) as ECT(0): a step queue
// marks it CE where it marks ECT(0), and drops neither.
TEST(DualPi2Ect1, AQueueThatIsNotL4sAwareMarksEct1AsEct0) {
  for (const Ecn ecn : {Ecn::kEct0, Ecn::kEct1}) {
    PacketPool pool;
    StepMarkQueue::Params params;
    params.k_packets = 2;
    StepMarkQueue q(&pool, params);
    for (int i = 0; i < 5; ++i) ASSERT_TRUE(q.Enqueue(Pi2Packet(pool, ecn), Time::Zero()));
    std::vector<Ecn> out;
    while (Packet* p = q.Dequeue(Time::Zero())) {
      out.push_back(p->ecn);
      pool.Release(p);
    }
    EXPECT_EQ(out, (std::vector<Ecn>{ecn, ecn, Ecn::kCe, Ecn::kCe, Ecn::kCe}));
    EXPECT_EQ(q.stats().ecn_marks, 3);
  }
}

// Bad settings name the field and its range.
nlohmann::json Pi2Scenario() {
  return {{"duration_s", 1},
          {"topology", {{"bottleneck", {{"queue", "dualpi2"}, {"queue_packets", 100}}}}},
          {"flows", {{{"protocol", "dctcp"}}}}};
}

TEST(DualPi2Validation, ACouplingOutsideHalfToTenOrATargetOfZeroIsRefusedNamingTheField) {
  testing::RunOk(Pi2Scenario());
  for (const double k : {0.0, 0.4, 11.0}) {
    nlohmann::json s = Pi2Scenario();
    s["topology"]["bottleneck"]["dualpi2"]["coupling_k"] = k;
    const std::string error = testing::FirstError(s.dump());
    EXPECT_NE(error.find("topology.bottleneck.dualpi2.coupling_k"), std::string::npos) << error;
    EXPECT_NE(error.find("0.5"), std::string::npos) << error;
    EXPECT_NE(error.find("10"), std::string::npos) << error;
  }
  for (const double target : {0.0, -5.0}) {
    nlohmann::json s = Pi2Scenario();
    s["topology"]["bottleneck"]["dualpi2"]["target_ms"] = target;
    const std::string error = testing::FirstError(s.dump());
    EXPECT_NE(error.find("topology.bottleneck.dualpi2.target_ms"), std::string::npos) << error;
  }
}

// The physics of DualPI2 and TCP Prague over generated scenarios: Prague, DCTCP, CUBIC
// with ECN and NewReno without, alone or beside CUBIC, on DualPI2 (and Prague on the
// queues that are not L4S-aware, ECT(1) marked as ECT(0)), on drawn rates, delays,
// buffers, losses and seeds. Every run: accepted, the flows' goodput together at most
// the bottleneck's rate (plus a packet over the span), the mean SRTT at least the base
// RTT, the queue never over its limit. Checked to fail with a halved rate bound.
TEST(L4sPhysics, DualPi2AndPragueObeyThePhysicsOnGeneratedScenarios) {
  testing::Draw draw{20261128};
  auto next = [&draw] { return draw.Next(); };
  auto pick = [&draw](const auto& from) { return draw.Pick(from); };
  const std::vector<std::string> protocols = {"prague", "dctcp", "cubic+ecn", "newreno"};
  const std::vector<std::string> queues = {"dualpi2", "dualpi2", "step", "red", "codel"};
  constexpr double kDuration = 3;
  constexpr double kPayloadBits = 1000 * 8;  // tcp.mss_bytes
  for (int i = 0; i < 32; ++i) {
    const std::string protocol = pick(protocols);
    // Only Prague leaves DualPI2: ECT(1) to a queue that is not L4S-aware.
    const std::string queue = protocol == "prague" ? pick(queues) : "dualpi2";
    const double rate = pick(std::vector<double>{1, 5, 20, 100});
    const double delay = pick(std::vector<double>{1, 10, 40});
    const int64_t buffer = pick(std::vector<int64_t>{5, 30, 200});
    const double loss = pick(std::vector<double>{0, 0.001, 0.02});
    const bool beside_cubic = next() % 2 == 0;
    nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
    s["seed"] = static_cast<int>(next() % 1000) + 1;
    s["duration_s"] = kDuration;
    s["topology"]["bottleneck"]["rate_mbps"] = rate;
    s["topology"]["bottleneck"]["delay_ms"] = delay;
    s["topology"]["bottleneck"]["queue_packets"] = buffer;
    s["topology"]["bottleneck"]["queue"] = queue;
    if (queue == "step") s["topology"]["bottleneck"]["step"]["k_packets"] = std::max<int64_t>(1, buffer / 2);
    auto flow = [&](const std::string& name) {
      nlohmann::json f = s["flows"][0];
      const bool ecn = name == "cubic+ecn";
      f["protocol"] = ecn ? "cubic" : name;
      f["tcp"]["ecn"] = ecn;
      f["app"]["token_bucket"]["enabled"] = false;
      f["channel"]["forward"]["model"] = loss > 0 ? "bernoulli" : "none";
      f["channel"]["forward"]["p"] = loss;
      f["channel"]["reverse"]["model"] = "none";
      return f;
    };
    nlohmann::json flows = nlohmann::json::array({flow(protocol)});
    if (beside_cubic) flows.push_back(flow("cubic"));
    s["flows"] = flows;
    const std::string where = protocol + " on " + queue + (beside_cubic ? " beside cubic " : " ") +
                              std::to_string(rate) + " Mb/s " + std::to_string(delay) + " ms buffer " +
                              std::to_string(buffer) + " loss " + std::to_string(loss);
    const testing::RunResult r = testing::RunOk(s);
    ASSERT_FALSE(r.json.empty()) << where;
    const auto doc = nlohmann::json::parse(r.json);
    ASSERT_TRUE(doc["ok"].get<bool>()) << where << ": " << r.json.substr(0, 300);
    EXPECT_LE(r.summary["flows_goodput_mbps"].get<double>(), rate + 2 * kPayloadBits / kDuration / 1e6) << where;
    for (const auto& f : doc["flows"]) {
      const auto& mean_srtt = f["summary"]["mean_srtt_ms"];
      if (mean_srtt.is_number()) {
        EXPECT_GE(mean_srtt.get<double>(), f["base_rtt_ms"].get<double>() * (1 - 1e-9)) << where;
      }
    }
    const double limit = doc["links"]["bottleneck"]["queue_limit_packets"].get<double>();
    EXPECT_LE(r.summary["max_queue_packets"].get<double>(), limit) << where;
  }
}

// The queue chart's sub-queues (issue M §3): on DualPI2 each flow's `sub_queue` is the
// queue its data goes to, Prague's the L4S queue and CUBIC's the classic one. With one
// flow in each they add up to the whole at the end; Prague's stays short (the L4S ramp
// marks from 0.8 ms, about one packet at 10 Mb/s: 0.42 packets on average from 2 s)
// while CUBIC's holds the classic queue (8.2 packets). Reading every flow as classic
// fails the sum and the L4S bound (checked).
TEST(DualPi2SubQueues, EachFlowsSeriesIsTheL4sOrClassicQueueItsDataGoesTo) {
  nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
  s["duration_s"] = 10;
  s["topology"]["bottleneck"]["rate_mbps"] = 10;
  s["topology"]["bottleneck"]["delay_ms"] = 10;
  s["topology"]["bottleneck"]["queue_packets"] = 200;
  s["topology"]["bottleneck"]["queue"] = "dualpi2";
  auto flow = [&](const std::string& protocol) {
    nlohmann::json f = s["flows"][0];
    f["protocol"] = protocol;
    f["tcp"]["ecn"] = protocol == "cubic";
    f["app"]["token_bucket"]["enabled"] = false;
    f["channel"]["forward"]["model"] = "none";
    f["channel"]["reverse"]["model"] = "none";
    return f;
  };
  s["flows"] = nlohmann::json::array({flow("prague"), flow("cubic")});
  const auto r = testing::RunOk(s);
  ASSERT_EQ(r.series.count("flows[0].sub_queue"), 1u);
  ASSERT_EQ(r.series.count("flows[1].sub_queue"), 1u);
  const auto& whole = r.series.at("links.bottleneck.queue");
  const auto& l4s = r.series.at("flows[0].sub_queue");
  const auto& classic = r.series.at("flows[1].sub_queue");
  EXPECT_EQ(l4s.v.back() + classic.v.back(), whole.v.back());
  auto mean_from = [](const auto& series, double from_s) {
    double sum = 0;
    int n = 0;
    for (size_t i = 0; i < series.t.size(); ++i) {
      if (series.t[i] < from_s) continue;
      sum += series.v[i];
      ++n;
    }
    return n == 0 ? 0.0 : sum / n;
  };
  const double mean_l4s = mean_from(l4s, 2);
  const double mean_classic = mean_from(classic, 2);
  EXPECT_LT(mean_l4s, 4) << "L4S queue";
  EXPECT_GT(mean_classic, 4) << "classic queue";
  EXPECT_LT(mean_classic, 40) << "classic queue";
}

}  // namespace
}  // namespace plab
