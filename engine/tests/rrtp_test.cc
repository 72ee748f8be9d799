// RRTP (the thesis, ch. 3): the cookie handshake, the probe pair, the bounded LIMD, the
// two loss differentiation schemes on crafted arrivals, the interval averages, and
// reliable delivery under heavy random loss.
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "test_util.h"
#include "transport/rate/interval_averages.h"
#include "transport/rate/loss_differentiation.h"
#include "transport/rate/rrtp_header.h"
#include "transport/rate/rrtp_rate_control.h"
#include "transport/rate/rrtp_receiver.h"

namespace plab {
namespace {

using ::plab::testing::RunOk;

// ---- the handshake (§3.2) ---------------------------------------------------------

class ServerHarness : public PacketSink {
 public:
  ServerHarness() : server(&scheduler, &pool, Params()) {
    back.hops = {this};
    server.set_route(&back);
  }
  static RrtpReceiver::Params Params() {
    RrtpReceiver::Params p;
    p.flow = 7;
    p.secret = 12345;
    return p;
  }
  void Receive(Packet* p) override {
    replies.push_back(Rrtp(*p));
    pool.Release(p);
  }
  void Send(RrtpType type, uint64_t cookie, Time timestamp, uint64_t seq_no = 0, uint32_t payload = 0) {
    Packet* p = pool.NewData(7, 0, payload, 0);
    Rrtp(*p).type = type;
    Rrtp(*p).cookie = cookie;
    Rrtp(*p).timestamp = timestamp;
    Rrtp(*p).seq_no = seq_no;
    server.Receive(p);
  }

  Scheduler scheduler;
  PacketPool pool;
  Route back;
  RrtpReceiver server;
  std::vector<RrtpHeader> replies;
};

TEST(RrtpHandshake, TheServerKeepsNoStateUntilAStartReturnsItsCookie) {
  ServerHarness h;
  const Time syn_at = Time::FromMilliseconds(3);
  h.Send(RrtpType::kSyn, 0, syn_at);
  ASSERT_EQ(h.replies.size(), 1u);
  EXPECT_EQ(h.replies[0].type, RrtpType::kSynEcho);
  EXPECT_EQ(h.replies[0].timestamp, syn_at);
  EXPECT_FALSE(h.server.connected());  // a SYN flood allocates nothing
  const uint64_t cookie = h.replies[0].cookie;

  // Data before the connection exists, and a forged cookie, are refused without a reply.
  h.Send(RrtpType::kData, 0, syn_at, 0, 1000);
  h.Send(RrtpType::kStart, cookie + 1, syn_at);
  h.Send(RrtpType::kStart, cookie, syn_at + Time::FromMilliseconds(1));  // another SYN's time
  EXPECT_EQ(h.server.refused(), 3);
  EXPECT_FALSE(h.server.connected());
  EXPECT_EQ(h.replies.size(), 1u);
  EXPECT_EQ(h.server.in_order_bytes(), 0u);

  h.Send(RrtpType::kStart, cookie, syn_at);
  EXPECT_TRUE(h.server.connected());
  ASSERT_EQ(h.replies.size(), 2u);
  EXPECT_EQ(h.replies[1].type, RrtpType::kStartEcho);
}

TEST(RrtpHandshake, CookiesDifferByFlowAndBySynTime) {
  ServerHarness h;
  const uint64_t a = h.server.Cookie(7, Time::FromMilliseconds(3));
  EXPECT_NE(a, h.server.Cookie(8, Time::FromMilliseconds(3)));
  EXPECT_NE(a, h.server.Cookie(7, Time::FromMilliseconds(4)));
  EXPECT_EQ(a, h.server.Cookie(7, Time::FromMilliseconds(3)));
}

// ---- the probe pair (§3.2) --------------------------------------------------------

nlohmann::json OneRrtpFlow(double bottleneck_mbps) {
  return {{"seed", 1},
          {"duration_s", 3},
          {"topology",
           {{"kind", "path"},
            {"access", {{"rate_mbps", 1000}, {"delay_ms", 1}}},
            {"bottleneck", {{"rate_mbps", bottleneck_mbps}, {"delay_ms", 20}, {"queue_packets", 100}}}}},
          {"flows",
           {{{"protocol", "rrtp"},
             {"tcp", {{"mss_bytes", 1400}}},
             {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
             {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
}

TEST(RrtpProbe, TheFirstRateIsTheBottleneckRateThePairShows) {
  for (double mbps : {0.5, 2.0, 10.0, 50.0}) {
    const auto r = RunOk(OneRrtpFlow(mbps));
    const auto& rate = r.series.at("allowed_rate");
    ASSERT_FALSE(rate.v.empty());
    // P2 leaves the bottleneck one 1440-byte packet time after P1: 1400 payload bytes per
    // that time is the bottleneck rate x 1400/1440.
    const double expected = mbps * 1400.0 / 1440.0;
    size_t first = 0;
    while (first < rate.v.size() && rate.v[first] == 0) ++first;
    ASSERT_LT(first, rate.v.size());
    EXPECT_NEAR(rate.v[first], expected, 0.01 * expected) << mbps << " Mb/s";
    // and the flow then fills the bottleneck without loss
    EXPECT_GT(r.summary["goodput_mbps"].get<double>(), 0.9 * expected * (3.0 - 0.2) / 3.0) << mbps;
    EXPECT_EQ(r.summary["queue_drops"], 0) << mbps;
  }
}

TEST(RrtpProbe, ALostP1LeavesItsP2UnpairedAndTheNextPairMeasures) {
  // The third data-path packet (after SYN and START) is P1. Its P2 alone must not start a
  // pair: matched with the next pair's P1, sent an RTO later, it gave max(X, Y) = 1 s,
  // one packet a second for the whole run (the wireless LAN's seed 4 in Table 4.2).
  nlohmann::json s = OneRrtpFlow(10);
  s["flows"][0]["channel"]["forward"] = {{"model", "scripted"}, {"drop_packets", {3}}};
  const auto r = RunOk(s);
  const auto& rate = r.series.at("allowed_rate");
  size_t first = 0;
  while (first < rate.v.size() && rate.v[first] == 0) ++first;
  ASSERT_LT(first, rate.v.size());
  const double expected = 10 * 1400.0 / 1440.0;
  EXPECT_NEAR(rate.v[first], expected, 0.01 * expected);
  // and sends at it from the second pair on, an initial RTO (1 s) into the 3 s run
  EXPECT_GT(r.summary["goodput_mbps"].get<double>(), 0.8 * expected * (3.0 - 1.1) / 3.0);
}

TEST(RrtpProbe, ASeededSendRateSkipsTheProbe) {
  nlohmann::json s = OneRrtpFlow(10);
  s["flows"][0]["rrtp"] = {{"send_rate_kbps", 4000}};
  const auto r = RunOk(s);
  const auto& rate = r.series.at("allowed_rate");
  size_t first = 0;
  while (first < rate.v.size() && rate.v[first] == 0) ++first;
  ASSERT_LT(first, rate.v.size());
  EXPECT_NEAR(rate.v[first], 4.0, 1e-9);
}

// ---- bounded LIMD (§3.4.1) --------------------------------------------------------

TEST(RrtpLimd, BetaDoublesToOneHalfAndTheRateNeverLeavesItsBounds) {
  RrtpRateControl c({RrtpMode::kLimd, 0, true});
  c.Start(1e6, true);
  EXPECT_DOUBLE_EQ(c.max_rate(), 1e6);
  EXPECT_DOUBLE_EQ(c.min_rate(), 5e5);
  // Incipient congestion: x0.95, then beta 0.1 -> x0.9, ... each clamped at SendRate_min.
  c.OnEpoch(1.2, 0, 0);
  EXPECT_DOUBLE_EQ(c.rate(), 1e6 * 0.95);
  EXPECT_DOUBLE_EQ(c.beta(), 0.1);
  c.OnEpoch(1.2, 0, 0);
  EXPECT_DOUBLE_EQ(c.rate(), 1e6 * 0.95 * 0.9);
  c.OnEpoch(1.2, 0, 0);  // beta 0.2
  c.OnEpoch(1.2, 0, 0);  // beta 0.4: 1e6 x .95 x .9 x .8 x .6 = 410 400 < min
  EXPECT_DOUBLE_EQ(c.rate(), 5e5);
  EXPECT_DOUBLE_EQ(c.beta(), 0.5);
  // With beta at its bound the congestion is severe: SendRate_min halves each epoch.
  c.OnEpoch(1.2, 0, 0);
  EXPECT_DOUBLE_EQ(c.min_rate(), 2.5e5);
  EXPECT_DOUBLE_EQ(c.rate(), 2.5e5);
  EXPECT_DOUBLE_EQ(c.beta(), 0.5);
  // Below capacity: + alpha, beta back to 0.05, never above SendRate_max.
  c.OnEpoch(0.9, 1e5, 0);
  EXPECT_DOUBLE_EQ(c.rate(), 3.5e5);
  EXPECT_DOUBLE_EQ(c.beta(), 0.05);
  for (int i = 0; i < 20; ++i) c.OnEpoch(0.9, 1e5, 0);
  EXPECT_DOUBLE_EQ(c.rate(), 1e6);
  // A receive rate above the bound, seen while the path drains, raises SendRate_max.
  c.OnEpoch(0.9, 1e5, 1.5e6);
  EXPECT_DOUBLE_EQ(c.max_rate(), 1.5e6);
  EXPECT_DOUBLE_EQ(c.rate(), 1.1e6);
}

TEST(RrtpLimd, TheSecondHoldingEpochUsesTheCharacteristicRate) {
  RrtpRateControl c({RrtpMode::kLimd, 8e5, false});
  c.Start(1e6, true);
  EXPECT_EQ(c.OnEpoch(1.0, 1e4, 0), RrtpRateControl::Action::kHold);
  EXPECT_DOUBLE_EQ(c.rate(), 1e6);
  // The seed 8e5 averaged with the first holding epoch's 1e6 (weight 0.1) ...
  EXPECT_DOUBLE_EQ(c.characteristic(), 8e5 * 0.9 + 1e6 * 0.1);
  // ... and used on the second epoch in a row.
  EXPECT_EQ(c.OnEpoch(1.0, 1e4, 0), RrtpRateControl::Action::kCharacteristic);
  const double characteristic = (8e5 * 0.9 + 1e6 * 0.1) * 0.9 + 1e6 * 0.1;
  EXPECT_DOUBLE_EQ(c.rate(), std::max(characteristic, 5e5));
  // grow_when_holding off: the literal rule holds for ever.
  EXPECT_EQ(c.OnEpoch(1.0, 1e4, 0), RrtpRateControl::Action::kHold);
  EXPECT_EQ(c.OnEpoch(1.0, 1e4, 0), RrtpRateControl::Action::kHold);
  RrtpRateControl grows({RrtpMode::kLimd, 0, true});
  grows.Start(1e6, false);
  grows.OnCongestiveLoss(Time::Zero(), Time::FromMilliseconds(100));  // ends slow start
  grows.OnEpoch(1.0, 1e4, 0);
  grows.OnEpoch(1.0, 1e4, 0);
  EXPECT_EQ(grows.OnEpoch(1.0, 1e4, 0), RrtpRateControl::Action::kIncrease);
}

TEST(RrtpLimd, ACongestiveLossHalvesAtMostOncePerRtt) {
  RrtpRateControl c({RrtpMode::kLimd, 0, true});
  c.Start(1e6, true);
  c.OnEpoch(0.9, 1e6, 2e6);  // SendRate_max 2e6, rate 2e6
  const Time rtt = Time::FromMilliseconds(100);
  EXPECT_TRUE(c.OnCongestiveLoss(Time::FromMilliseconds(1000), rtt));
  EXPECT_DOUBLE_EQ(c.rate(), 1e6);
  EXPECT_FALSE(c.OnCongestiveLoss(Time::FromMilliseconds(1050), rtt));
  EXPECT_DOUBLE_EQ(c.rate(), 1e6);
  EXPECT_TRUE(c.OnCongestiveLoss(Time::FromMilliseconds(1100), rtt));
  EXPECT_DOUBLE_EQ(c.rate(), 5e5);
  EXPECT_DOUBLE_EQ(c.min_rate(), 5e5);
  // Below SendRate_min, the bound follows the rate down: losses are severe congestion.
  EXPECT_TRUE(c.OnCongestiveLoss(Time::FromMilliseconds(1200), rtt));
  EXPECT_DOUBLE_EQ(c.rate(), 2.5e5);
  EXPECT_DOUBLE_EQ(c.min_rate(), 2.5e5);
}

TEST(RrtpLimd, HoldingEpochsAfterACongestiveCutDoNotRestoreTheRateThatOverflowed) {
  // §3.4.1: at a router overflow RRTP "responds in a similar manner as TCP Reno would by
  // aggressively reducing the send rate" and goes on with fast recovery: the
  // characteristic rate (averaged from the rate that overflowed) must not bring it back
  // on the second holding epoch, 20 packets after the cut.
  RrtpRateControl c({RrtpMode::kLimd, 0, false});
  c.Start(2e6, true);
  c.OnEpoch(1.0, 0, 0);  // holding at 2e6: the characteristic rate is 2e6
  c.OnEpoch(1.0, 0, 0);
  EXPECT_DOUBLE_EQ(c.characteristic(), 2e6);
  c.OnCongestiveLoss(Time::FromMilliseconds(1000), Time::FromMilliseconds(100));
  EXPECT_DOUBLE_EQ(c.rate(), 1e6);
  c.OnEpoch(1.0, 0, 0);
  c.OnEpoch(1.0, 0, 0);
  EXPECT_DOUBLE_EQ(c.rate(), 1e6);
  EXPECT_DOUBLE_EQ(c.characteristic(), 1e6);
}

TEST(RrtpLimd, TheWirelessModeFollowsWhatTheChannelDelivers) {
  RrtpRateControl c({RrtpMode::kWirelessLastHop, 0, true});
  c.Start(1e6, true);
  EXPECT_EQ(c.OnEpoch(1.25, 0, 0), RrtpRateControl::Action::kScale);
  EXPECT_DOUBLE_EQ(c.rate(), 8e5);
  c.OnEpoch(1.0 / 0.9, 0, 0);
  EXPECT_DOUBLE_EQ(c.rate(), 7.2e5);
  c.OnEpoch(0.5, 0, 0);  // bounded by SendRate_max
  EXPECT_DOUBLE_EQ(c.rate(), 1e6);
  // A congestive loss brings back the LIMD decrease (x0.95 first).
  c.OnCongestiveLoss(Time::Zero(), Time::FromMilliseconds(100));
  EXPECT_DOUBLE_EQ(c.rate(), 9.5e5);
}

TEST(RrtpLimd, ATimeoutHalvesSendRateMinAndSlowStartsFromIt) {
  RrtpRateControl c({RrtpMode::kLimd, 0, true});
  c.Start(1e6, true);
  c.OnTimeout();
  EXPECT_DOUBLE_EQ(c.min_rate(), 2.5e5);
  EXPECT_DOUBLE_EQ(c.rate(), 2.5e5);
  EXPECT_TRUE(c.slow_start());
  c.OnEpoch(1.0, 0, 0);
  EXPECT_DOUBLE_EQ(c.rate(), 5e5);
  c.OnEpoch(1.2, 0, 0);  // congestion ends slow start
  EXPECT_FALSE(c.slow_start());
  EXPECT_DOUBLE_EQ(c.rate(), 4.75e5);
}

// ---- interval averages (Fig. 3.4) ---------------------------------------------------

TEST(RrtpIntervals, LongAndShortAveragesAsFigure34) {
  IntervalAverages a(0.25);
  double send = 0, receive = 0;
  for (int i = 0; i < 9; ++i) a.Add(0.001, 0.001);
  EXPECT_FALSE(a.EndEpoch(&send, &receive));  // not 10 intervals yet
  for (int i = 0; i < 41; ++i) a.Add(0.001, 0.001);
  ASSERT_TRUE(a.EndEpoch(&send, &receive));
  EXPECT_DOUBLE_EQ(a.long_send(), 0.001);  // the mean of the first 50
  // The path slows: receive intervals of 2 ms. The long-term average moves by 2 %
  // per interval, the short-term one by 10 %.
  for (int i = 0; i < 10; ++i) a.Add(0.001, 0.002);
  const double long_receive = 0.002 - 0.001 * std::pow(0.98, 10);
  EXPECT_NEAR(a.long_receive(), long_receive, 1e-12);
  ASSERT_TRUE(a.EndEpoch(&send, &receive));
  // Short (0.002 - 0.001 x 0.9^10 = 1.65 ms) departs from long (1.18 ms) by > 25 %: used.
  EXPECT_NEAR(receive, 0.002 - 0.001 * std::pow(0.9, 10), 1e-12);
  EXPECT_NEAR(IntervalAverages::Ratio(send, receive), receive / 0.001, 1e-9);
  EXPECT_EQ(a.discrepant_epochs(), 1);
  // Five discrepant epochs in a row: the long-term averages become the short-term ones.
  for (int e = 0; e < 4; ++e) {
    for (int i = 0; i < 10; ++i) a.Add(0.001, 0.002);
    a.EndEpoch(&send, &receive);
  }
  EXPECT_EQ(a.discrepant_epochs(), 0);
  EXPECT_NEAR(a.long_receive(), receive, 1e-12);
}

// ---- loss differentiation (§3.6) --------------------------------------------------

TEST(RrtpLda, BiazCallsALossWirelessOnlyInsideItsWindow) {
  BiazClassifier b(1, 2);
  EXPECT_EQ(b.Classify(1, Time::FromMilliseconds(20)), LossCause::kCongestion);  // no Tmin yet
  for (int ms : {14, 10, 12, 11}) b.OnInterArrival(Time::FromMilliseconds(ms));
  EXPECT_EQ(b.t_min(), Time::FromMilliseconds(10));
  // One lost packet between back-to-back arrivals leaves a 2 Tmin hole: wireless.
  EXPECT_EQ(b.Classify(1, Time::FromMilliseconds(20)), LossCause::kWireless);
  EXPECT_EQ(b.Classify(1, Time::FromMilliseconds(29)), LossCause::kWireless);
  EXPECT_EQ(b.Classify(1, Time::FromMilliseconds(30)), LossCause::kCongestion);
  EXPECT_EQ(b.Classify(1, Time::FromMilliseconds(15)), LossCause::kCongestion);
  // n = 3: (3 + 1) Tmin <= T < (3 + 2) Tmin.
  EXPECT_EQ(b.Classify(3, Time::FromMilliseconds(39)), LossCause::kCongestion);
  EXPECT_EQ(b.Classify(3, Time::FromMilliseconds(45)), LossCause::kWireless);
  EXPECT_EQ(b.Classify(3, Time::FromMilliseconds(50)), LossCause::kCongestion);
  // Table 3.2's other settings move the window.
  BiazClassifier narrow(0.5, 2);
  narrow.OnInterArrival(Time::FromMilliseconds(10));
  EXPECT_EQ(narrow.Classify(1, Time::FromMilliseconds(16)), LossCause::kWireless);
}

TEST(RrtpLda, SpikeCallsLossesDuringAOneWayDelaySpikeCongestive) {
  SpikeClassifier s;
  for (int ms : {50, 50, 51, 50}) s.OnRott(Time::FromMilliseconds(ms));
  s.OnRott(Time::FromMilliseconds(50));
  EXPECT_EQ(s.Classify(), LossCause::kWireless);
  s.OnRott(Time::FromMilliseconds(80));  // range 50-80: above 50 + 15 starts a spike
  EXPECT_TRUE(s.in_spike());
  EXPECT_EQ(s.Classify(), LossCause::kCongestion);
  s.OnRott(Time::FromMilliseconds(62));  // still above 50 + 10
  EXPECT_EQ(s.Classify(), LossCause::kCongestion);
  s.OnRott(Time::FromMilliseconds(59));  // below 50 + 10: the spike ends
  EXPECT_FALSE(s.in_spike());
  EXPECT_EQ(s.Classify(), LossCause::kWireless);
}

// ---- reliability (§3.5) -----------------------------------------------------------

TEST(RrtpReliability, EveryByteArrivesInOrderUnderTenPercentLoss) {
  for (int seed = 1; seed <= 4; ++seed) {
    for (const char* direction : {"forward", "reverse"}) {
      nlohmann::json s = OneRrtpFlow(10);
      s["seed"] = seed;
      // Every loss is congestive here (no LDA): each halves the rate as Reno's would, so
      // 2 MB take minutes at 10 % loss; what is checked is that every byte arrives.
      s["duration_s"] = 600;
      s["flows"][0]["app"]["size_bytes"] = 2000000;
      s["flows"][0]["channel"]["forward"] = {{"model", "bernoulli"}, {"p", 0.1}};
      if (std::string(direction) == "reverse")
        s["flows"][0]["channel"]["reverse"] = {{"model", "bernoulli"}, {"p", 0.1}};
      const auto r = RunOk(s);
      EXPECT_TRUE(r.summary["completed"].get<bool>()) << seed << " " << direction;
      // The receiver's in-order byte count: nothing missing, nothing twice.
      EXPECT_EQ(r.summary["delivered_bytes"], 2000000) << seed << " " << direction;
      EXPECT_GT(r.summary["retransmissions"].get<int64_t>(), 100) << seed;
    }
  }
}

TEST(RrtpLda, TheWitnessKnowsWhereEachLossHappened) {
  // Errors only, on the bottleneck link: every diagnosed loss is really wireless, and
  // Spike (no queue, no spike) calls them all so.
  nlohmann::json s = OneRrtpFlow(10);
  s["duration_s"] = 20;
  s["topology"]["bottleneck"]["errors"] = {{"forward", {{"model", "bernoulli"}, {"p", 0.02}}}};
  s["flows"][0]["rrtp"] = {{"lda", "spike"}};
  const auto r = RunOk(s);
  EXPECT_GT(r.summary["lda_losses"].get<int64_t>(), 100);
  EXPECT_EQ(r.summary["lda_congestive_as_wireless"], 0);
  EXPECT_LE(r.summary["lda_misclassification_pct"].get<double>(), 5);
  // Without a scheme there is nothing to judge.
  s["flows"][0]["rrtp"] = {{"lda", "none"}};
  EXPECT_TRUE(RunOk(s).summary["lda_misclassification_pct"].is_null());
}

// ---- the thesis's multi-flow findings (ch. 5), on its scenarios -----------------------

nlohmann::json RrtpPreset(const std::string& name) {
  std::ifstream in(std::string(PLAB_SCENARIO_DIR) + "/" + name);
  return nlohmann::json::parse(in);
}

TEST(RrtpShared, ThirtyFlowsShareAnElevenMegabitLinkFairly) {
  // Table 5.1: Jain's index 0.98-1.0 from 0 to 5 % error; Reno's 0.97-0.99.
  for (double error : {0.0, 0.01, 0.05}) {
    nlohmann::json s = RrtpPreset("rrtp-fairness-30.json");
    s["topology"]["bottleneck"]["errors"]["forward"]["p"] = error;
    const auto r = RunOk(s);
    EXPECT_GE(r.summary["jain_index"].get<double>(), 0.93) << error;
    // and together they keep the link busy; at 5 % error every loss (congestive here, no
    // LDA) halves a flow's rate, which grows back one alpha per epoch of 10 packets, about
    // ten RTTs at a thirtieth of the link: 79 % of it (30 Reno flows: 92 %).
    EXPECT_GT(r.summary["flows_goodput_mbps"].get<double>(), (error < 0.05 ? 0.85 : 0.75) * 11 * 1400 / 1440) << error;
  }
}

TEST(RrtpShared, OnALossyLinkItTakesMoreThanRenoWithoutStarvingIt) {
  // Table 5.2: at 1 % error RRTP 6.97 Mb/s, Reno 2.98, NewReno 3.02, Westwood 5.86.
  nlohmann::json s = RrtpPreset("rrtp-friendliness-5.json");
  const auto r = RunOk(s);
  const auto& by = r.summary["goodput_by_protocol"];
  EXPECT_GT(by["rrtp"].get<double>(), by["reno"].get<double>());
  EXPECT_GT(by["rrtp"].get<double>(), by["newreno"].get<double>());
  for (const char* tcp : {"reno", "newreno", "westwood"}) EXPECT_GT(by[tcp].get<double>(), 0.25 * 54 / 5) << tcp;
}

// Table 3.2's run (rrtp-lda-biaz.json): the flow's sigma and phi reach its receiver's
// Biaz window, and on links that serialize at a fixed rate the gap a loss leaves is a
// whole number of packet times ((n + 1) Tmin for a wireless loss, Tmin for a drop at the
// base station's queue, §3.6), so no phi from 1.75 to 2.5 changes a verdict.
TEST(RrtpLda, Table32RunJudgesWholeGapsWithTheFlowsSigmaAndPhi) {
  const auto verdicts = [](const char* file, double sigma, double phi) {
    nlohmann::json s = RrtpPreset(file);
    s["flows"][0]["rrtp"]["biaz_sigma"] = sigma;
    s["flows"][0]["rrtp"]["biaz_phi"] = phi;
    const auto r = RunOk(s);
    const auto& f = r.summary;  // flows[0]'s figures
    return std::vector<int64_t>{f["lda_losses"].get<int64_t>(), f["lda_congestive_as_wireless"].get<int64_t>(),
                                f["lda_wireless_as_congestive"].get<int64_t>()};
  };
  const std::vector<int64_t> thesis = verdicts("rrtp-lda-biaz.json", 1, 2);
  ASSERT_GT(thesis[0], 40);
  // Congestion at the base station: every drop there is judged congestive (C-to-W 0).
  EXPECT_EQ(thesis[1], 0);
  EXPECT_LE(thesis[2], thesis[0] / 20);
  for (double phi : {1.75, 2.25, 2.5}) EXPECT_EQ(verdicts("rrtp-lda-biaz.json", 1, phi), thesis) << phi;
  EXPECT_EQ(verdicts("rrtp-lda-biaz.json", 0.5, 2), thesis);
  // A window that starts above (n + 1) Tmin calls the wireless losses congestive.
  const std::vector<int64_t> late = verdicts("rrtp-lda-biaz.json", 1.25, 2);
  EXPECT_GT(late[2], late[0] / 3);
  // Congestion on a wired link before the base station: a drop there can leave the gap of
  // a wireless loss, and Biaz calls it wireless.
  EXPECT_GT(verdicts("rrtp-lda-biaz-wired.json", 1, 2)[1], 0);
}

TEST(RrtpParams, BiazPhiMustExceedSigma) {
  nlohmann::json s = OneRrtpFlow(10);
  s["flows"][0]["rrtp"] = {{"lda", "biaz"}, {"biaz_sigma", 2}, {"biaz_phi", 1.5}};
  const std::string error = ::plab::testing::FirstError(s.dump());
  EXPECT_NE(error.find("flows[0].rrtp.biaz_phi must be above rrtp.biaz_sigma (2), got 1.5"), std::string::npos)
      << error;
}

}  // namespace
}  // namespace plab
