// Ng & Chan's SRP, CRP and MRP (§3.2): the per-round interval rule driven with chosen
// rounds, and whole runs where the paper's ordering shows: at heavy random loss SRP's
// simple equation (no timeouts) overestimates TCP and CRP's complex one does not.
#include <algorithm>

#include <gtest/gtest.h>

#include "test_util.h"
#include "transport/rate/ngchan_rate.h"
#include "transport/rate/tfrc_header.h"
#include "transport/throughput_models.h"
#include "transport/timers/ns2_timers.h"

namespace plab {
namespace {

class Harness : public PacketSink {
 public:
  explicit Harness(NgChanEquation eq, bool round_loss_rate = false,
                   std::shared_ptr<const TimerProfile> timers = nullptr)
      : sender(&scheduler, &pool, Params(eq, round_loss_rate, std::move(timers)), &source) {
    route.hops = {this};
    sender.set_route(&route);
  }
  static NgChanSender::Params Params(NgChanEquation eq, bool round_loss_rate,
                                     std::shared_ptr<const TimerProfile> timers) {
    NgChanSender::Params p;
    p.rtt.timers = std::move(timers);
    p.equation = eq;
    p.round_loss_rate = round_loss_rate;
    p.rtt.min_rto = Time::FromMilliseconds(200);
    return p;
  }
  void Receive(Packet* p) override {
    last = TfrcData(*p);
    pool.Release(p);
  }
  // The ACK of the newest packet, `rtt` after it was sent: an RTT sample.
  void AckAfter(Time rtt) {
    scheduler.RunUntil(last.timestamp + rtt);
    Packet* a = pool.NewFeedback(0, 0);
    a->header.As<NgChanAckHeader>() = NgChanAckHeader{last.seq_no, last.seq_no + 1, last.timestamp};
    sender.Receive(a);
  }

  Scheduler scheduler;
  PacketPool pool;
  BulkSource source;
  Route route;
  NgChanSender sender;
  TfrcDataHeader last;
};

TEST(NgChanRate, WithoutLossEachRoundAddsOnePacket) {
  Harness h(NgChanEquation::kComplex);
  h.sender.Start();
  h.AckAfter(Time::FromMilliseconds(100));  // SRTT 100 ms
  const double before = h.sender.interval().seconds();
  h.sender.EndRound(10, 0);
  // interval' = interval x RTT / (interval + RTT): packets per RTT up by one.
  EXPECT_NEAR(h.sender.interval().seconds(), before * 0.1 / (before + 0.1), 1e-9);
  EXPECT_NEAR(0.1 / h.sender.interval().seconds(), 0.1 / before + 1, 1e-6);
}

TEST(NgChanRate, ALossSetsTheEquationsRateAtTheLossRateSoFar) {
  for (NgChanEquation eq : {NgChanEquation::kSimple, NgChanEquation::kComplex, NgChanEquation::kModified}) {
    Harness h(eq);
    h.sender.Start();
    h.AckAfter(Time::FromMilliseconds(100));
    h.sender.EndRound(90, 0);
    h.sender.EndRound(10, 1);  // 1 lost of 100 accounted for: p = 0.01
    EXPECT_DOUBLE_EQ(h.sender.loss_rate(), 0.01);
    const RttStats& r = h.sender.rtt();
    const double expected = NgChanRateBytesPerSecond(eq, 1000, r.srtt().seconds(), r.rto().seconds(), 0.01);
    EXPECT_NEAR(1000 / h.sender.interval().seconds(), expected, 1e-6 * expected);
  }
  // SRP's simple equation has no timeout term: it allows more than CRP's at the same p.
  EXPECT_GT(NgChanRateBytesPerSecond(NgChanEquation::kSimple, 1000, 0.1, 0.4, 0.05),
            NgChanRateBytesPerSecond(NgChanEquation::kComplex, 1000, 0.1, 0.4, 0.05));
}

// §2.2: p is "the frequency of loss indications per packet sent" (§3.1: "drop signals per
// packet sent"). A round that loses 17 of its packets (a queue overflowing) is one drop
// signal, as one TCP window with losses is one halving: p = 1 / 100, not 17 / 100. (The
// lasthop preset's CRP read 17 of 38 at its first overflow, p = 0.45, and sent 0.7 kb/s
// of its 150 kb/s link for the rest of the run.)
TEST(NgChanRate, ARoundWithManyLossesIsOneLossIndication) {
  Harness h(NgChanEquation::kComplex);
  h.sender.Start();
  h.AckAfter(Time::FromMilliseconds(100));
  h.sender.EndRound(83, 0);
  h.sender.EndRound(17, 17);
  EXPECT_DOUBLE_EQ(h.sender.loss_rate(), 0.01);
  h.sender.EndRound(50, 1);  // a second round with a loss: two indications in 150
  EXPECT_DOUBLE_EQ(h.sender.loss_rate(), 2.0 / 150);
}

// §3.2 read literally (ngchan.loss_rate = round): "the transmission rate will be
// re-calculated according to the error rate and other relevant parameters in the round":
// a round's p is its own lost / accounted packets, whatever came before.
TEST(NgChanRate, TheRoundReadingFeedsTheRoundsOwnLossFraction) {
  Harness h(NgChanEquation::kComplex, /*round_loss_rate=*/true);
  h.sender.Start();
  h.AckAfter(Time::FromMilliseconds(100));
  h.sender.EndRound(83, 0);
  h.sender.EndRound(4, 1);
  EXPECT_DOUBLE_EQ(h.sender.loss_rate(), 0.25);
  const RttStats& r = h.sender.rtt();
  const double expected =
      NgChanRateBytesPerSecond(NgChanEquation::kComplex, 1000, r.srtt().seconds(), r.rto().seconds(), 0.25);
  EXPECT_NEAR(1000 / h.sender.interval().seconds(), expected, 1e-6 * expected);
  h.sender.EndRound(10, 0);  // no loss: p stays the last round's with losses
  EXPECT_DOUBLE_EQ(h.sender.loss_rate(), 0.25);
  h.sender.EndRound(20, 1);
  EXPECT_DOUBLE_EQ(h.sender.loss_rate(), 0.05);
}

// §3.2: "RTT and Rto are estimated based on the Jacobson/Karn algorithm as in standard
// TCP". Under ns-2's timers (tcp.timers = ns2) standard TCP times one segment at a time
// on the tick clock; the sender's RTO, which the complex and modified equations read,
// comes from that estimator too, as the competing ns-2 TCP's does.
TEST(NgChanRate, UnderNs2TimersTheRtoComesFromOneTimedPacketOnTheTickClock) {
  const auto ns2 = std::make_shared<Ns2Timers>(Time::FromMilliseconds(100));
  Harness h(NgChanEquation::kComplex, false, ns2);
  h.sender.Start();  // packet 0 leaves, timed
  h.AckAfter(Time::FromMilliseconds(250));
  RttStats::Params rp = Harness::Params(NgChanEquation::kComplex, false, ns2).rtt;
  RttStats expected(rp);
  expected.OnTimedSample(Time::FromMilliseconds(250), h.scheduler.now(), false);
  ASSERT_TRUE(h.sender.rtt().tick_estimate().valid);
  EXPECT_EQ(h.sender.rtt().rto(), expected.rto());
  EXPECT_NE(h.sender.rtt().rto(), Time::FromMilliseconds(750));  // not RFC 6298's 250 + 4 x 125 ms
}

TEST(NgChanRate, UnderNs2TimersALostTimedPacketGivesNoSample) {
  Harness h(NgChanEquation::kComplex, false, std::make_shared<Ns2Timers>(Time::FromMilliseconds(100)));
  h.sender.Start();                                                        // packet 0, timed (and lost: never answered)
  h.scheduler.RunUntil(h.scheduler.now() + Time::FromMilliseconds(1500));  // packet 1 leaves 1 s later
  ASSERT_EQ(h.last.seq_no, 1u);
  h.AckAfter(Time::FromMilliseconds(250));  // the ACK of packet 1: past the timed one
  EXPECT_FALSE(h.sender.rtt().tick_estimate().valid);
  EXPECT_TRUE(h.sender.rtt().has_sample());  // the fine SRTT (the equation's RTT) still has it
}

TEST(NgChanRate, BelowTheEquationItGrowsAndAboveItFallsToIt) {
  Harness h(NgChanEquation::kComplex);
  h.sender.Start();
  h.AckAfter(Time::FromMilliseconds(100));
  h.sender.EndRound(99, 1);  // p = 0.01: at the equation's rate for SRTT 100 ms
  const auto equation_interval = [&] {
    const RttStats& r = h.sender.rtt();
    return 1000 / NgChanRateBytesPerSecond(NgChanEquation::kComplex, 1000, r.srtt().seconds(), r.rto().seconds(), 0.01);
  };
  // Shorter RTTs raise the equation's rate above ours: one more packet per round, not
  // past the equation.
  for (int i = 0; i < 4; ++i) h.AckAfter(Time::FromMilliseconds(40));
  const double before = h.sender.interval().seconds();
  const double rtt = h.sender.rtt().srtt().seconds();
  ASSERT_LT(equation_interval(), before);
  h.sender.EndRound(10, 0);
  // (The sender's own round timer also runs while the ACKs come in: within 2 %.)
  const double grown = std::max(before * rtt / (before + rtt), equation_interval());
  EXPECT_LT(h.sender.interval().seconds(), before);
  EXPECT_NEAR(h.sender.interval().seconds(), grown, 0.02 * grown);
  // Longer RTTs lower it below ours: down to it at once.
  for (int i = 0; i < 8; ++i) h.AckAfter(Time::FromMilliseconds(400));
  const double fast = h.sender.interval().seconds();
  ASSERT_GT(equation_interval(), fast);
  h.sender.EndRound(10, 0);
  EXPECT_GT(h.sender.interval().seconds(), fast);
  EXPECT_NEAR(h.sender.interval().seconds(), equation_interval(), 0.02 * equation_interval());
}

nlohmann::json Path(const std::string& protocol, double p) {
  return {{"seed", 1},
          {"duration_s", 100},
          {"metrics", {{"start_s", 10}}},
          {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}}}}},
          {"flows",
           {{{"protocol", protocol},
             {"tcp", {{"min_rto_ms", 200}}},
             {"channel", {{"forward", {{"model", "bernoulli"}, {"p", p}}}, {"reverse", {{"model", "none"}}}}},
             {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
}

TEST(NgChanRuns, AtHeavyLossSrpOverestimatesRenoAndCrpDoesNot) {
  // §3.3: "the simple TCP model ... overestimates TCP transmission rate" (it ignores
  // timeouts); the complex model tracks TCP once the loss is high.
  const double reno = testing::RunOk(Path("reno", 0.1)).summary["goodput_mbps"].get<double>();
  const double srp = testing::RunOk(Path("srp", 0.1)).summary["goodput_mbps"].get<double>();
  const double crp = testing::RunOk(Path("crp", 0.1)).summary["goodput_mbps"].get<double>();
  EXPECT_GT(srp, 1.5 * reno);
  EXPECT_NEAR(crp, reno, 0.35 * reno);
  // No retransmission: what is lost stays lost, and the measured loss rate is the channel's.
  const auto r = testing::RunOk(Path("crp", 0.1));
  EXPECT_EQ(r.summary["retransmissions"], 0);
  EXPECT_NEAR(r.summary["loss_event_rate"].get<double>(), 0.1, 0.02);
}

}  // namespace
}  // namespace plab
