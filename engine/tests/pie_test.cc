// PIE (RFC 8033) driven directly with a fake clock: the PI update with its auto-tuning
// scale and cap (§4.2, §5.5), the idle decay, the burst allowance (§4.4), the
// safeguards (§4.1) and ECN (§5.1). Each expectation is the RFC's pseudocode worked by
// hand or step by step here, and fails when its rule is broken in pie_queue.cc.
#include <gtest/gtest.h>

#include "net/queue/pie_queue.h"
#include "test_util.h"

namespace plab {
namespace {

using testing::Ms;

Packet* PiePacket(PacketPool& pool, uint32_t flow = 0) { return pool.NewData(flow, 0, 1000, 0); }

PieQueue::Params PieUnlimited() {
  PieQueue::Params p;
  p.limit_packets = 1000000;
  return p;
}

// The §4.2 step for the current drop_prob: the PI term scaled by drop_prob's size.
double PieScaled(double p, double drop_prob) {
  if (drop_prob < 0.000001) return p / 2048;
  if (drop_prob < 0.00001) return p / 512;
  if (drop_prob < 0.0001) return p / 128;
  if (drop_prob < 0.001) return p / 32;
  if (drop_prob < 0.01) return p / 8;
  if (drop_prob < 0.1) return p / 2;
  return p;
}

// A backlog of 5000 packets queued at 0; one leaves 1 ms before each update, so the
// update at 15 k ms sees qdelay = 15 k - 1 ms.
TEST(Pie, TheDropProbabilityFollowsThePiLawScaledBySize) {
  PacketPool pool;
  PieQueue pie(&pool, PieUnlimited(), Random(1));
  for (int i = 0; i < 5000; ++i) ASSERT_TRUE(pie.Enqueue(PiePacket(pool), Time::Zero()));
  // Update 1 by hand: p = 0.125 (0.014 - 0.015) + 1.25 (0.014 - 0) = 0.017375, and
  // drop_prob 0 < 1e-6 scales it by 1/2048.
  pool.Release(pie.Dequeue(Ms(14)));
  pie.CatchUp(Ms(15));
  EXPECT_NEAR(pie.drop_prob(), 0.017375 / 2048, 1e-15);
  // Update 2: p = 0.125 (0.029 - 0.015) + 1.25 (0.029 - 0.014) = 0.0205; drop_prob is
  // now in [1e-6, 1e-5): / 512.
  pool.Release(pie.Dequeue(Ms(29)));
  pie.CatchUp(Ms(30));
  EXPECT_NEAR(pie.drop_prob(), 0.017375 / 2048 + 0.0205 / 512, 1e-15);
  // Then step by step through every scale up to 1, the RFC's pseudocode beside it.
  double expected = pie.drop_prob();
  double old = 0.029;
  double largest_step_above_10pct = 0;
  for (int k = 3; k <= 80; ++k) {
    pool.Release(pie.Dequeue(Ms(15 * k - 1)));
    const double before = pie.drop_prob();
    pie.CatchUp(Ms(15 * k));
    const double q = (15 * k - 1) / 1000.0;
    double p = PieScaled(0.125 * (q - 0.015) + 1.25 * (q - old), expected);
    if (expected >= 0.1 && p > 0.02) p = 0.02;  // §5.5
    expected = std::min(1.0, expected + p);
    old = q;
    ASSERT_NEAR(pie.drop_prob(), expected, 1e-12) << "update " << k;
    if (before >= 0.1 && before < 1)
      largest_step_above_10pct = std::max(largest_step_above_10pct, pie.drop_prob() - before);
  }
  EXPECT_EQ(pie.drop_prob(), 1.0);
  // §5.5: at 10 % or more a step is at most 2 % (the unscaled law would add ~0.1 here).
  EXPECT_LE(largest_step_above_10pct, 0.02 + 1e-12);
  EXPECT_GT(largest_step_above_10pct, 0.019);
}

// Holds the queue delay near `delay` (one departure and one arrival a millisecond)
// until drop_prob reaches `target_prob`; returns the time.
Time PieHoldDelay(PieQueue& pie, PacketPool& pool, Time delay, double target_prob, Time t) {
  const int64_t backlog = delay.ns() / Ms(1).ns();
  while (pie.length_packets() < backlog) pie.Enqueue(PiePacket(pool), t);
  while (pie.drop_prob() < target_prob && t < Time::FromSeconds(60)) {
    t += Ms(1);
    if (Packet* p = pie.Dequeue(t)) pool.Release(p);
    while (pie.length_packets() < backlog) pie.Enqueue(PiePacket(pool), t);
  }
  return t;
}

// §4.2's table ends at 10 %: from there on the PI term is taken whole, and only §5.5's
// 2 % cap bounds it. The ramp above (a backlog far over the target) only ever reaches
// the cap there; a queue held at 30 ms steps by alpha x 15 ms = 0.001875, well under it.
TEST(Pie, AboveTenPercentAStepUnderTheCapIsNotScaled) {
  PacketPool pool;
  PieQueue pie(&pool, PieUnlimited(), Random(4));
  Time t = PieHoldDelay(pie, pool, Ms(30), 0.12, Time::Zero());
  const double before = pie.drop_prob();
  ASSERT_GE(before, 0.12);
  ASSERT_LT(before, 0.2);
  const double old = pie.qdelay_old().seconds();
  PieHoldDelay(pie, pool, Ms(30), before + 1e-12, t);  // to the next update
  const double q = pie.qdelay_old().seconds();         // the qdelay it used
  const double step = 0.125 * (q - 0.015) + 1.25 * (q - old);
  EXPECT_GT(step, 0.001);
  EXPECT_LT(step, 0.02);
  EXPECT_NEAR(pie.drop_prob(), before + step, 1e-12);
}

TEST(Pie, AnIdleQueueDecaysTheProbabilityByTwoPercentAnUpdate) {
  PacketPool pool;
  PieQueue pie(&pool, PieUnlimited(), Random(2));
  Time t = PieHoldDelay(pie, pool, Ms(30), 0.05, Time::Zero());
  ASSERT_GE(pie.drop_prob(), 0.05);
  // Drain it: the last departure leaves it empty, so qdelay = 0.
  while (Packet* p = pie.Dequeue(t)) pool.Release(p);
  // The first update still sees qdelay_old > 0 (no decay); the next ones see both 0.
  Time next = Ms(15) * (t.ns() / Ms(15).ns() + 1);
  pie.CatchUp(next);
  ASSERT_EQ(pie.qdelay_old(), Time::Zero());
  for (int k = 0; k < 5; ++k) {
    const double before = pie.drop_prob();
    next += Ms(15);
    pie.CatchUp(next);
    EXPECT_NEAR(pie.drop_prob(), (before + PieScaled(0.125 * (0 - 0.015), before)) * 0.98, 1e-15) << k;
  }
}

// alpha = beta = 100: drop_prob reaches 1 within three updates, long before the
// 150 ms allowance runs out.
TEST(Pie, NoRandomDropWhileBurstAllowanceRemainsThenItRunsDownByTUpdate) {
  PacketPool pool;
  PieQueue::Params params = PieUnlimited();
  params.alpha = 100;
  params.beta = 100;
  PieQueue pie(&pool, params, Random(3));
  EXPECT_EQ(pie.burst_allowance(), Ms(150));
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(pie.Enqueue(PiePacket(pool), Time::Zero()));
  int64_t dropped_before = 0, dropped_after = 0, arrivals_after = 0;
  for (int ms = 1; ms <= 300; ++ms) {
    const Time t = Ms(ms);
    pool.Release(pie.Dequeue(t));
    if (ms % 15 == 0 && ms <= 150) {
      EXPECT_EQ(pie.burst_allowance(), Ms(150 - ms)) << ms;  // §4.4
    }
    const int64_t before = pie.stats().aqm_drops;
    pie.Enqueue(PiePacket(pool), t);
    const bool dropped = pie.stats().aqm_drops > before;
    if (ms < 150) dropped_before += dropped ? 1 : 0;
    if (ms >= 150) {
      dropped_after += dropped ? 1 : 0;
      ++arrivals_after;
    }
  }
  EXPECT_EQ(pie.drop_prob(), 1.0);
  EXPECT_EQ(dropped_before, 0);              // the allowance lets the burst in
  EXPECT_EQ(dropped_after, arrivals_after);  // then drop_prob 1 drops every arrival
  // §4.4: once drop_prob is back to 0 with both delays below QDELAY_REF / 2, the
  // allowance is MAX_BURST again. Drained at 301 ms: the update at 315 ms sees qdelay 0
  // (beta 100 takes drop_prob to 0) but qdelay_old still high; the one at 330 ms both 0.
  while (Packet* p = pie.Dequeue(Ms(301))) pool.Release(p);
  pie.CatchUp(Ms(315));
  EXPECT_EQ(pie.drop_prob(), 0);
  EXPECT_EQ(pie.burst_allowance(), Time::Zero());
  pie.CatchUp(Ms(330));
  EXPECT_EQ(pie.burst_allowance(), Ms(150));
}

TEST(Pie, NeverDropsWhileAtMostTwoPacketsWait) {
  PacketPool pool;
  PieQueue::Params params = PieUnlimited();
  params.alpha = 100;
  params.beta = 100;
  params.max_burst = Time::Zero();
  PieQueue pie(&pool, params, Random(4));
  for (int i = 0; i < 1000; ++i) pie.Enqueue(PiePacket(pool), Time::Zero());
  for (int ms = 1; ms <= 60; ++ms) pool.Release(pie.Dequeue(Ms(ms)));
  ASSERT_EQ(pie.drop_prob(), 1.0);
  // Between two updates (60 and 75 ms): drain to two packets; an arrival then gets in,
  // the next (three waiting) is dropped.
  const Time t = Ms(61);
  while (pie.length_packets() > 2) pool.Release(pie.Dequeue(t));
  EXPECT_TRUE(pie.Enqueue(PiePacket(pool), t));
  EXPECT_EQ(pie.length_packets(), 3);
  EXPECT_FALSE(pie.Enqueue(PiePacket(pool), t));
  EXPECT_EQ(pie.stats().aqm_drops, 1);
}

TEST(Pie, NoDropWhileTheLastDelayWasUnderHalfTheTargetAndTheProbabilityUnder20Pct) {
  PacketPool pool;
  PieQueue::Params params = PieUnlimited();
  params.max_burst = Time::Zero();
  PieQueue pie(&pool, params, Random(5));
  Time t = PieHoldDelay(pie, pool, Ms(30), 0.05, Time::Zero());
  // Before the next update: replace the backlog by fresh packets, one leaving at once,
  // so the update sees a 1 ms delay after one of 30 ms.
  Time next = Ms(15) * (t.ns() / Ms(15).ns() + 1);
  while (Packet* p = pie.Dequeue(t)) pool.Release(p);
  for (int i = 0; i < 10; ++i) pie.Enqueue(PiePacket(pool), next - Ms(2));
  pool.Release(pie.Dequeue(next - Ms(1)));
  pie.CatchUp(next);
  ASSERT_LT(pie.qdelay_old(), Ms(7.5));
  ASSERT_GT(pie.drop_prob(), 0.01);
  ASSERT_LT(pie.drop_prob(), 0.2);
  // 300 arrivals before the next update, the queue far above two packets: none dropped
  // (without the safeguard about 3 % would be).
  const int64_t before = pie.stats().aqm_drops;
  for (int i = 0; i < 300; ++i) pie.Enqueue(PiePacket(pool), next + Ms(1));
  EXPECT_EQ(pie.stats().aqm_drops, before);
}

// §5.1: ECT packets are marked while drop_prob is at most 10 %, dropped above.
TEST(Pie, MarksEctPacketsUpToTenPercentDropsThemAbove) {
  PacketPool pool;
  PieQueue::Params params = PieUnlimited();
  params.max_burst = Time::Zero();
  PieQueue pie(&pool, params, Random(6));
  Time t = PieHoldDelay(pie, pool, Ms(40), 0.05, Time::Zero());
  ASSERT_LE(pie.drop_prob(), 0.1);
  for (int i = 0; i < 400; ++i) {
    Packet* p = PiePacket(pool);
    p->ecn = Ecn::kEct0;
    EXPECT_TRUE(pie.Enqueue(p, t));
  }
  EXPECT_GT(pie.stats().ecn_marks, 0);
  const int64_t drops = pie.stats().aqm_drops;
  const int64_t marks = pie.stats().ecn_marks;
  t = PieHoldDelay(pie, pool, Ms(40), 0.3, t);
  ASSERT_GT(pie.drop_prob(), 0.1);
  int64_t refused = 0;
  for (int i = 0; i < 400; ++i) {
    Packet* p = PiePacket(pool);
    p->ecn = Ecn::kEct0;
    refused += pie.Enqueue(p, t) ? 0 : 1;
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(pie.stats().aqm_drops, drops);
  (void)marks;
}

TEST(Pie, SameSeedSameDrops) {
  auto drops = [](uint64_t seed) {
    PacketPool pool;
    PieQueue::Params params = PieUnlimited();
    params.max_burst = Time::Zero();
    PieQueue pie(&pool, params, Random(seed));
    PieHoldDelay(pie, pool, Ms(30), 0.05, Time::Zero());
    return pie.stats().aqm_drops;
  };
  EXPECT_EQ(drops(3), drops(3));
}

}  // namespace
}  // namespace plab
