// TCP-Real (Zhang & Tsaoussidis, NOSSDAV 2001): each mechanism driven with chosen
// arrivals, then the whole protocol in runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "net/packet.h"
#include "plab/api.h"
#include "sim/scheduler.h"
#include "test_util.h"
#include "transport/tcp/real/real_control.h"
#include "transport/tcp/real/real_option.h"
#include "transport/tcp/real/real_receiver.h"
#include "transport/tcp/real/wave_level.h"
#include "transport/tcp/tcp_header.h"

namespace plab {
namespace {

using testing::kMss;

// ---- Fig. 1 ---------------------------------------------------------------------------

TEST(RealWaveLevel, FigureOnesFourCasesWithTheirConstants) {
  // The rate fell by half (ratio 0.5), level 10:
  //   above the threshold: (0.618 + 0.382 x 0.5) x 10 = 8.09
  //   at or below it:      (0.382 + 0.618 x 0.5) x 10 = 6.91
  EXPECT_NEAR(NextWaveLevel(10, 5, 2e6, 1e6, 24), 8.09, 1e-9);
  EXPECT_NEAR(NextWaveLevel(10, 10, 2e6, 1e6, 24), 6.91, 1e-9);
  // The rate rose by half (ratio 1.5):
  //   above the threshold: (0.382 + 0.618 x 1.5) x 10 = 13.09
  //   at or below it:      (0.5 + 0.5 x 1.5) x 10 = 12.5
  EXPECT_NEAR(NextWaveLevel(10, 5, 1e6, 1.5e6, 24), 13.09, 1e-9);
  EXPECT_NEAR(NextWaveLevel(10, 20, 1e6, 1.5e6, 24), 12.5, 1e-9);
  // The weights of each case sum to one (Fig. 1's second box).
  for (bool fell : {false, true})
    for (bool above : {false, true}) {
      const WaveLevelWeights w = WaveLevelWeightsFor(fell, above);
      EXPECT_DOUBLE_EQ(w.preserve + w.adjust, 1.0);
    }
}

TEST(RealWaveLevel, CappedAtTheLargestLevelAndNeverBelowOne) {
  EXPECT_DOUBLE_EQ(NextWaveLevel(20, 5, 1e6, 3e6, 24), 24);  // (0.382 + 1.854) x 20 = 44.7
  EXPECT_DOUBLE_EQ(NextWaveLevel(1, 5, 1e7, 1e3, 24), 1);
  EXPECT_DOUBLE_EQ(NextWaveLevel(7, 5, 1e6, 1e6, 24), 7);  // an unchanged rate keeps the level
  EXPECT_DOUBLE_EQ(NextWaveLevel(7, 5, 0, 1e6, 24), 7);    // no previous rate: no change
}

// ---- the receiver --------------------------------------------------------------------

// A tiny clock: schedules a no-op at t so RunUntil really gets there.
class Clock : public EventHandler {
 public:
  void OnEvent(uint32_t, uint64_t) override {}
  void To(Scheduler& s, double t_s) {
    const Time t = Time::FromSecondsDouble(t_s);
    s.At(t, this, 0);
    s.RunUntil(t);
  }
};

Packet DataPacket(uint64_t segment, uint32_t window_segments) {
  Packet p;
  p.kind = PacketKind::kData;
  p.seq = segment * kMss;
  p.payload = kMss;
  Tcp(p).option.As<RealOption>().window_segments = window_segments;
  return p;
}

struct ReceiverRig {
  Scheduler sched;
  Clock clock;
  RealReceiver rx{RealReceiver::Params{kMss, 24, 24}};
  ReceiverRig() { rx.Attach(&sched, nullptr); }
  void Arrive(double t_s, uint64_t segment, uint32_t window) {
    clock.To(sched, t_s);
    rx.OnSegment(sched.now(), DataPacket(segment, window));
  }
  RealOption Ack() {
    TcpHeader h;
    rx.OnAckBuilt(sched.now(), h);
    return h.option.As<RealOption>();
  }
};

TEST(RealReceiver, MeasuresEachWavesRateAndDecidesTheNextLevelByFigureOne) {
  ReceiverRig r;
  // Wave 1: window 4 segments (level 2), 4000 bytes from t=1.000 to t=1.004: 1 MB/s.
  for (int i = 0; i < 4; ++i) r.Arrive(1.000 + 0.001 * i + (i == 3 ? 0.001 : 0), i, 4);
  EXPECT_DOUBLE_EQ(r.rx.last_rate_bytes_per_s(), 4000 / 0.004);
  EXPECT_EQ(r.rx.decisions(), 0u);  // a first rate, nothing to compare with
  EXPECT_EQ(r.Ack().decision, 0u);
  // Wave 2: window 8 (level 4), 8000 bytes in 0.004 s: 2 MB/s, twice the rate.
  for (int i = 0; i < 8; ++i) r.Arrive(1.100 + 0.004 * i / 7, 4 + i, 8);
  EXPECT_EQ(r.rx.decisions(), 1u);
  // Rate rose, level 4 at or below threshold 24: (0.5 + 0.5 x 2) x 4 = 6.
  EXPECT_EQ(r.rx.next_level(), 6);
  const RealOption ack = r.Ack();
  EXPECT_EQ(ack.decision, 1u);
  EXPECT_EQ(ack.next_level, 6);
}

TEST(RealReceiver, ALostSegmentInsideAWaveDoesNotLowerTheRate) {
  ReceiverRig r;
  for (int i = 0; i < 4; ++i) r.Arrive(1.0 + 0.001 * i, i, 4);  // 4000 B / 3 ms
  const double first = r.rx.last_rate_bytes_per_s();
  // Segment 5 of the next wave is lost: the expected size still counts it (§2.2).
  for (int i : {4, 6, 7}) r.Arrive(1.1 + 0.001 * (i - 4), i, 4);
  EXPECT_DOUBLE_EQ(r.rx.last_rate_bytes_per_s(), first);
  EXPECT_EQ(r.rx.next_level(), 2);  // ratio 1: the level stays
}

TEST(RealReceiver, TheDecisionTimerHalvesTheThresholdAndTheNextArrivalDecides) {
  ReceiverRig r;
  for (int i = 0; i < 8; ++i) r.Arrive(1.0 + 0.001 * i, i, 8);  // level 4: 8000 B / 7 ms
  const double rate = r.rx.last_rate_bytes_per_s();
  // Wave 2 (level 4) loses its last segment (15); the timer is 2 x 8000 B / rate = 14 ms.
  for (int i = 8; i < 15; ++i) r.Arrive(2.0 + 0.001 * (i - 8), i, 8);
  EXPECT_TRUE(r.rx.wave_open());
  r.clock.To(r.sched, 2.013);
  EXPECT_EQ(r.rx.decision_timeouts(), 0);
  r.clock.To(r.sched, 2.015);
  EXPECT_EQ(r.rx.decision_timeouts(), 1);
  EXPECT_DOUBLE_EQ(r.rx.threshold(), 2.0);  // half of level 4
  EXPECT_EQ(r.rx.decisions(), 0u);          // nothing decided until a segment arrives
  // The next segment (the sender's next wave) closes the late wave: 8000 B over 50 ms.
  r.Arrive(2.050, 16, 8);
  EXPECT_EQ(r.rx.decisions(), 1u);
  EXPECT_DOUBLE_EQ(r.rx.last_rate_bytes_per_s(), 8000 / 0.050);
  // The rate fell; level 4 is above the new threshold 2: (0.618 + 0.382 x ratio) x 4.
  const double ratio = (8000 / 0.050) / rate;
  EXPECT_EQ(r.rx.next_level(), static_cast<int>(std::lround((0.618 + 0.382 * ratio) * 4)));
}

TEST(RealReceiver, AfterASenderTimeoutItDecidesFromItsOwnLevelNotTheCollapsedWindow) {
  ReceiverRig r;
  for (int i = 0; i < 8; ++i) r.Arrive(1.0 + 0.001 * i, i, 8);          // level 4, 8000 B / 7 ms
  for (int i = 8; i < 16; ++i) r.Arrive(1.1 + 0.0005 * (i - 8), i, 8);  // twice the rate
  ASSERT_EQ(r.rx.next_level(), 6);                                      // (0.5 + 0.5 x 2) x 4
  // The sender timed out and restarts from two segments (level 1). A two-segment wave
  // at the same rate as the last one: the receiver keeps level 6 (§2.1: "adjusts
  // rapidly upwards to the appropriate wave level").
  const double rate = r.rx.last_rate_bytes_per_s();
  r.Arrive(3.0, 16, 2);
  r.Arrive(3.0 + 2000 / rate, 17, 2);
  EXPECT_EQ(r.rx.decisions(), 2u);
  EXPECT_EQ(r.rx.next_level(), 6);
}

// ---- the sender's window ---------------------------------------------------------------

struct ControlRig {
  RttStats rtt{RttStats::Params{}};
  RealControl cc{RealControl::Params{24}};
  TcpState state;
  ControlRig() {
    state.mss = kMss;
    cc.Init(&rtt, kMss, 2 * kMss);
  }
  void Ack(uint64_t ack, uint32_t decision = 0, uint16_t level = 0) {
    TcpHeader h;
    h.ack = ack;
    RealOption& o = h.option.As<RealOption>();
    o.decision = decision;
    o.next_level = level;
    cc.OnAckHeader(h, Time::Zero());
  }
};

TEST(RealControl, FollowsEachNewDecisionOnceAndAnnouncesItsWindow) {
  ControlRig r;
  r.Ack(1000, 1, 5);
  EXPECT_EQ(r.cc.cwnd(), 10 * kMss);  // level 5 = 10 segments
  r.state.cwnd_limited = true;
  r.cc.OnAck(r.state, kMss, Time::Zero());  // Reno growth between decisions
  EXPECT_EQ(r.cc.cwnd(), 11 * kMss);
  r.Ack(2000, 1, 5);  // the same decision repeated on every ACK: applied once
  EXPECT_EQ(r.cc.cwnd(), 11 * kMss);
  r.Ack(3000, 2, 3);
  EXPECT_EQ(r.cc.cwnd(), 6 * kMss);
  EXPECT_EQ(r.cc.decisions_applied(), 2u);
  TcpHeader data;
  r.cc.WriteDataHeader(data);
  EXPECT_EQ(data.option.As<RealOption>().window_segments, 6u);
}

TEST(RealControl, GrowsLikeRenoUpToTheLargestWave) {
  ControlRig r;
  r.state.cwnd_limited = true;
  for (int i = 0; i < 200; ++i) r.cc.OnAck(r.state, kMss, Time::Zero());
  EXPECT_EQ(r.cc.cwnd(), 48 * kMss);  // level 24
}

TEST(RealControl, WithoutRenoGrowthTheWindowStaysTheDecidedWave) {
  RttStats rtt{RttStats::Params{}};
  RealControl::Params params;
  params.grow_between_decisions = false;  // real.grow_between_decisions = false
  RealControl cc{params};
  cc.Init(&rtt, kMss, 2 * kMss);
  TcpState state;
  state.mss = kMss;
  state.cwnd_limited = true;
  TcpHeader h;
  h.ack = 1000;
  h.option.As<RealOption>() = RealOption{0, 1, 5};
  cc.OnAckHeader(h, Time::Zero());
  for (int i = 0; i < 20; ++i) cc.OnAck(state, kMss, Time::Zero());
  EXPECT_EQ(cc.cwnd(), 10 * kMss);
}

TEST(RealControl, FastRetransmitKeepsTheWindowAndADecisionWaitsForTheEnd) {
  ControlRig r;
  r.Ack(1000, 1, 8);  // 16 segments
  r.cc.EnterRecovery(r.state, 3);
  EXPECT_EQ(r.cc.cwnd(), 16 * kMss);  // no cut and no inflation: the wave stays (§1, §4.1)
  r.cc.InflateForDupAck();
  EXPECT_EQ(r.cc.cwnd(), 16 * kMss);
  EXPECT_FALSE(r.cc.ssthresh_set());
  r.Ack(1000, 2, 6);  // decided during recovery
  EXPECT_EQ(r.cc.cwnd(), 16 * kMss);
  r.cc.ExitRecovery(CongestionControl::kNoSsthresh);
  EXPECT_EQ(r.cc.cwnd(), 12 * kMss);  // then applied
}

TEST(RealControl, RecoveryInflationIsTheOtherReading) {
  RttStats rtt{RttStats::Params{}};
  RealControl cc{RealControl::Params{24, true, true}};
  cc.Init(&rtt, kMss, 16 * kMss);
  TcpState state;
  state.mss = kMss;
  cc.EnterRecovery(state, 3);
  cc.InflateForDupAck();
  EXPECT_EQ(cc.cwnd(), 20 * kMss);  // Reno's 16 + 3 + 1
  cc.ExitRecovery(CongestionControl::kNoSsthresh);
  EXPECT_EQ(cc.cwnd(), 16 * kMss);
}

TEST(RealControl, OnlyATimeoutWithoutWaveInformationBacksOffTheTimer) {
  ControlRig r;
  r.Ack(1000, 1, 10);
  r.Ack(1000);  // a DACK: the bit is set
  r.state.snd_una = 1000;
  r.state.snd_max = 21000;
  r.cc.OnRetransmissionTimeout(r.state);
  EXPECT_FALSE(r.cc.BacksOffRetransmissionTimer());  // cancelled with the window cut
  r.cc.OnRetransmissionTimeout(r.state);             // nothing arrived this time
  EXPECT_TRUE(r.cc.BacksOffRetransmissionTimer());
  RealControl always{RealControl::Params{24, false, false}};
  RttStats rtt{RttStats::Params{}};
  always.Init(&rtt, kMss, 2 * kMss);
  TcpHeader dack;
  always.OnAckHeader(dack, Time::Zero());  // ack 0 again: a duplicate
  always.OnRetransmissionTimeout(r.state);
  EXPECT_TRUE(always.BacksOffRetransmissionTimer());  // real.cancel_backoff = false
}

TEST(RealControl, TheDackBitKeepsTheWindowThroughATimeout) {
  ControlRig r;
  r.Ack(1000, 1, 10);  // 20 segments
  r.Ack(1000);         // a duplicate ACK: wave information arrived, the bit is set
  EXPECT_TRUE(r.cc.dack_bit());
  r.state.snd_una = 1000;
  r.state.snd_max = 21000;
  r.cc.OnRetransmissionTimeout(r.state);
  EXPECT_EQ(r.cc.cwnd(), 20 * kMss);
  EXPECT_FALSE(r.cc.ssthresh_set());
  EXPECT_FALSE(r.cc.dack_bit());  // a new timer period
  // Nothing arrives during the next period: the window falls to two segments.
  r.cc.OnRetransmissionTimeout(r.state);
  EXPECT_EQ(r.cc.cwnd(), 2 * kMss);
  EXPECT_TRUE(r.cc.ssthresh_set());
  // A new ACK clears the bit (it restarts the sender's timer).
  r.Ack(1000);
  EXPECT_TRUE(r.cc.dack_bit());
  r.Ack(2000);
  EXPECT_FALSE(r.cc.dack_bit());
}

// §2.1 and footnote 3 read the other way (real.timeout_window = tahoe): the same timeout
// after a duplicate ACK backs off as Tahoe's, window and timer both.
TEST(RealControl, TheTahoeReadingBacksOffEveryTimeout) {
  RttStats rtt{RttStats::Params{}};
  RealControl::Params params;
  params.timeout_always_backs_off = true;
  RealControl cc{params};
  cc.Init(&rtt, kMss, 2 * kMss);
  TcpHeader decision;
  decision.ack = 1000;
  decision.option.As<RealOption>() = RealOption{0, 1, 10};
  cc.OnAckHeader(decision, Time::Zero());
  ASSERT_EQ(cc.cwnd(), 20 * kMss);
  TcpHeader dack;
  dack.ack = 1000;
  cc.OnAckHeader(dack, Time::Zero());
  ASSERT_TRUE(cc.dack_bit());
  TcpState state;
  state.mss = kMss;
  state.snd_una = 1000;
  state.snd_max = 21000;
  cc.OnRetransmissionTimeout(state);
  EXPECT_EQ(cc.cwnd(), 2 * kMss);
  EXPECT_TRUE(cc.ssthresh_set());
  EXPECT_TRUE(cc.BacksOffRetransmissionTimer());
  // The receiver's next decision restores the level its rate justifies (§2.1).
  decision.option.As<RealOption>() = RealOption{0, 2, 10};
  cc.OnAckHeader(decision, Time::Zero());
  EXPECT_EQ(cc.cwnd(), 20 * kMss);
}

// ---- whole runs -------------------------------------------------------------------------

nlohmann::json RunScenario(const nlohmann::json& scenario) {
  const RunOutput out = plab::Run(scenario.dump());
  EXPECT_TRUE(out.ok) << out.json;
  return nlohmann::json::parse(out.json);
}

nlohmann::json RealTransfer(const std::string& protocol) {
  return {{"seed", 3},
          {"duration_s", 300},
          {"topology", {{"bottleneck", {{"rate_mbps", 2}, {"delay_ms", 15}, {"queue_packets", 50}}}}},
          {"flows",
           {{{"protocol", protocol},
             {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
             {"app", {{"size_bytes", 2000000}, {"token_bucket", {{"enabled", false}}}}}}}}};
}

TEST(RealRuns, CompletesATransferAndItsWindowFollowsTheReceiver) {
  const nlohmann::json r = RunScenario(RealTransfer("real"));
  EXPECT_TRUE(r["summary"]["completed"].get<bool>());
  EXPECT_GT(r["summary"]["goodput_mbps"].get<double>(), 1.5);  // a 2 Mb/s path
  EXPECT_LE(r["summary"]["final_cwnd_segments"].get<double>(), 48.0);
}

TEST(RealRuns, LostAcksDoNotShrinkItsWindowAsTheyShrinkReno) {
  // Heavy ACK loss on the reverse path (the paper's asymmetric path, Table 2).
  auto with_ack_loss = [](const std::string& p) {
    nlohmann::json s = RealTransfer(p);
    s["flows"][0]["channel"]["reverse"] = {{"model", "bernoulli"}, {"p", 0.4}};
    return RunScenario(s)["summary"];
  };
  const nlohmann::json real = with_ack_loss("real");
  const nlohmann::json reno = with_ack_loss("reno");
  ASSERT_TRUE(real["completed"].get<bool>());
  ASSERT_TRUE(reno["completed"].get<bool>());
  // Reno times out when a run of ACKs is lost and restarts from one segment; TCP-Real's
  // duplicate ACKs (the DACK bit) and its receiver keep the window.
  EXPECT_LT(real["timeouts"].get<int>(), reno["timeouts"].get<int>());
  EXPECT_LT(real["connection_time_s"].get<double>(), 0.9 * reno["connection_time_s"].get<double>());
}

// A scripted loss of segment 299 (data packet 300) and of its fast retransmission
// (packet 348) on a 2 Mb/s path where TCP-Real sits at its largest wave (48 segments):
// the dupacks of the window keep arriving, then the retransmission timer fires with
// the DACK bit set.
nlohmann::json LostRetransmission(const nlohmann::json& real = nlohmann::json::object()) {
  nlohmann::json s = {
      {"seed", 1},
      {"duration_s", 30},
      {"topology", {{"bottleneck", {{"rate_mbps", 2}, {"delay_ms", 15}, {"queue_packets", 100}}}}},
      {"flows",
       {{{"protocol", "real"},
         {"channel",
          {{"forward", {{"model", "scripted"}, {"drop_packets", {300, 348}}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"size_bytes", 1000000}, {"token_bucket", {{"enabled", false}}}}}}}}};
  if (!real.empty()) s["flows"][0]["real"] = real;
  return s;
}

double MaxOf(const std::vector<double>& v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }

// The RTO the sender armed at its first timeout (the rto series takes a point there).
double RtoAtFirstTimeout(const testing::RunResult& r) {
  const testing::Series& timeouts = r.series.at("timeout");
  const testing::Series& rto = r.series.at("rto");
  EXPECT_FALSE(timeouts.t.empty());
  if (timeouts.t.empty()) return 0;
  for (size_t i = 0; i < rto.t.size(); ++i)
    if (rto.t[i] >= timeouts.t[0]) return rto.v[i];
  return 0;
}

TEST(RealRuns, ALostRetransmissionDoesNotInflateTheWindowPastTheLargestWave) {
  // §3: "the maximum wave level corresponds to the maximum congestion window"; §1
  // (WWP): a wave's size "is fixed during each RTT ... not based on the
  // acknowledgements received by the sender". Reno's +1 segment per duplicate ACK,
  // kept up while the lost retransmission waits for its timeout, took it to 286.
  const testing::RunResult r = testing::RunOk(LostRetransmission());
  ASSERT_GE(r.summary["timeouts"].get<int>(), 1);
  EXPECT_LE(MaxOf(r.series.at("cwnd").v), 48.0);
  EXPECT_LE(MaxOf(r.series.at("flight_size").v), 48.0);
  // The other reading (real.recovery_inflation): Reno's inflation, past the wave.
  const testing::RunResult reno_like = testing::RunOk(LostRetransmission({{"recovery_inflation", true}}));
  EXPECT_GT(MaxOf(reno_like.series.at("cwnd").v), 48.0);
}

TEST(RealRuns, ATimeoutWithWaveInformationDoesNotBackOffTheTimer) {
  // Abstract: "rate and timeout adjustments are cancelled whenever the receiving rate
  // indicates sufficient availability of bandwidth"; §2.2's bit says it did (DACKs
  // arrived during the timer): the window is kept and the RTO is not doubled.
  const testing::RunResult r = testing::RunOk(LostRetransmission());
  EXPECT_DOUBLE_EQ(RtoAtFirstTimeout(r), 1000.0);  // the 1 s floor, not 2 s
  // real.cancel_backoff = false: RFC 6298 §5.5's doubling on every timeout.
  const testing::RunResult backed = testing::RunOk(LostRetransmission({{"cancel_backoff", false}}));
  EXPECT_DOUBLE_EQ(RtoAtFirstTimeout(backed), 2000.0);
}

// The tcp-real-tokens preset's scenario (10 Mb/s, 30 ms, 100-packet queue: the path
// holds about 140 segments) with an unlimited source.
nlohmann::json TenMegabitOnOff(int seed, bool token_bucket) {
  return {{"seed", seed},
          {"duration_s", 60},
          {"flows",
           {{{"protocol", "real"},
             {"channel", {{"forward", {{"model", "on_off"}, {"on_p", 0.2}}}, {"reverse", {{"model", "none"}}}}},
             {"app", {{"token_bucket", {{"enabled", token_bucket}}}}}}}}};
}

TEST(RealRuns, OnATenMegabitPathTheWindowStaysWithinTheLargestWave) {
  // Before: 206, 575 and 1076 segments (seeds 1-3) on a path that holds about 140.
  for (int seed = 1; seed <= 3; ++seed) {
    const testing::RunResult r = testing::RunOk(TenMegabitOnOff(seed, false));
    EXPECT_LE(MaxOf(r.series.at("cwnd").v), 48.0) << "seed " << seed;
    EXPECT_LE(MaxOf(r.series.at("flight_size").v), 48.0) << "seed " << seed;
  }
}

TEST(RealRuns, TheCwndSeriesCoversTheWholeRunOfAnEndlessFlow) {
  // Seed 3 of the tcp-real-tokens preset: timeouts with the DACK bit set backed the
  // RTO off to 32 s and then 60 s, so the flow fell silent and the cwnd series ended
  // at 39.1 s of 60 (goodput 0.07 Mb/s).
  for (int seed = 1; seed <= 5; ++seed) {
    const testing::RunResult r = testing::RunOk(TenMegabitOnOff(seed, true));
    const testing::Series& cwnd = r.series.at("cwnd");
    ASSERT_FALSE(cwnd.t.empty());
    EXPECT_GT(cwnd.t.back(), 55.0) << "seed " << seed;
    const testing::Series& delivered = r.series.at("delivered");
    EXPECT_GT(delivered.t.back(), 55.0) << "seed " << seed;
  }
}

// ---- the paper's claims, as our reading gets them -----------------------------------
// TCP-Real §4.1 (Table 1) and §4.4 claim Real > Reno, Tahoe under ON/OFF error at the
// higher rates, and tokens per RTT Real 11.12 > Reno 5.82 > Tahoe 3.65 KB. Until the
// audit (docs/conformance/tcp-real.md) our Real did not lead: Reno's window inflation
// in fast recovery took it past its largest wave while a lost retransmission waited,
// and timeouts its DACK bit excused still backed the RTO off to tens of seconds. With
// both as the paper states them, the orderings hold; these tests pin them.

double MeanOverSeeds(const std::string& protocol, double on_p, const char* figure, bool tokens) {
  double sum = 0;
  for (int seed = 1; seed <= 5; ++seed) {
    nlohmann::json s =
        tokens ? nlohmann::json{{"duration_s", 60},
                                {"flows",
                                 {{{"protocol", protocol},
                                   {"channel",
                                    {{"forward", {{"model", "on_off"}, {"on_p", on_p}}},
                                     {"reverse", {{"model", "none"}}}}}}}}}
               : nlohmann::json{
                     {"duration_s", 2000},
                     {"topology",
                      {{"access", {{"delay_ms", 0.5}}}, {"bottleneck", {{"rate_mbps", 2}, {"delay_ms", 14.5}}}}},
                     {"flows",
                      {{{"protocol", protocol},
                        {"channel",
                         {{"forward", {{"model", "on_off"}, {"on_p", on_p}}}, {"reverse", {{"model", "none"}}}}},
                        {"app", {{"size_bytes", 5242880}, {"token_bucket", {{"enabled", false}}}}}}}}};
    s["seed"] = seed;
    sum += RunScenario(s)["summary"][figure].get<double>();
  }
  return sum / 5;
}

TEST(RealClaims, LossFreeGoodputIsCalibratedToTableOne) {
  // Table 1 row 1: 237.65 / 227.36 / 214.35 KB/s = 1.90 / 1.82 / 1.71 Mb/s on the lab's
  // 2 Mb/s link (the paper gives none).
  EXPECT_NEAR(MeanOverSeeds("real", 0, "goodput_mbps", false), 1.90, 0.1);
  EXPECT_NEAR(MeanOverSeeds("reno", 0, "goodput_mbps", false), 1.82, 0.1);
  EXPECT_GE(MeanOverSeeds("real", 0, "goodput_mbps", false), MeanOverSeeds("reno", 0, "goodput_mbps", false));
}

TEST(RealClaims, AtHighOnLossRealIsAheadOfRenoAsInThePaper) {
  // Paper, Table 1 at 0.2 / 0.5: Real 0.82 / 0.21 Mb/s, Reno 0.57 / 0.13 (1.4 x, 1.5 x).
  // Ours, 5 seeds: 0.64 vs 0.49 and 0.53 vs 0.16 (before the audit 0.44 vs 0.49 and
  // 0.10 vs 0.16).
  for (double p : {0.2, 0.5}) {
    const double real = MeanOverSeeds("real", p, "goodput_mbps", false);
    const double reno = MeanOverSeeds("reno", p, "goodput_mbps", false);
    const double tahoe = MeanOverSeeds("tahoe", p, "goodput_mbps", false);
    EXPECT_GT(real, 1.2 * reno) << "on_p " << p;
    EXPECT_GT(real, tahoe) << "on_p " << p;
  }
}

TEST(RealClaims, TokensPerRttRealLeadsRenoAndTahoeButBelowThePapers) {
  // Paper §4.4: 11.12 (Real) > 5.82 (Reno) > 3.65 (Tahoe) KB per RTT. Ours, 5 seeds:
  // Real about 7.2, ahead of both; Tahoe's go-back-N still ahead of Reno's one-hole
  // recovery (the paper has Reno ahead).
  const double real = MeanOverSeeds("real", 0.2, "mean_tokens_per_rtt", true);
  const double reno = MeanOverSeeds("reno", 0.2, "mean_tokens_per_rtt", true);
  const double tahoe = MeanOverSeeds("tahoe", 0.2, "mean_tokens_per_rtt", true);
  EXPECT_GT(real, reno) << real << " vs " << reno;
  EXPECT_GT(real, tahoe) << real << " vs " << tahoe;
  EXPECT_LT(real, 11.12);
  EXPECT_GT(tahoe, reno);
}

// Where our reading does reproduce the paper (the tcp-real-50ms and tcp-real-reverse-*
// presets): with 50 ms one way every needless cut costs a long climb back, and lost ACKs
// cost Reno and Tahoe window where TCP-Real's receiver sees a clear forward path.
double MeanTransfer(const std::string& protocol, double delay_ms, double rate_mbps, const nlohmann::json& channel,
                    const char* figure) {
  double sum = 0;
  for (int seed = 1; seed <= 5; ++seed) {
    const nlohmann::json s = {
        {"seed", seed},
        {"duration_s", 2000},
        {"topology",
         {{"access", {{"delay_ms", 0.5}}}, {"bottleneck", {{"rate_mbps", rate_mbps}, {"delay_ms", delay_ms - 0.5}}}}},
        {"flows",
         {{{"protocol", protocol},
           {"channel", channel},
           {"app",
            {{"size_bytes", 5242880}, {"token_bucket", {{"enabled", false}}}, {"playback", {{"mode", "drain"}}}}}}}}};
    sum += RunScenario(s)["summary"][figure].get<double>();
  }
  return sum / 5;
}

TEST(RealClaims, WithFiftyMsOneWayRealKeepsOverTwiceRenosGoodputAtTwentyPercentOnLoss) {
  // Table 7 at 0.2: Real 151.00, Reno 35.32 KB/s (4.3 x). Ours on 5 Mb/s: about 3.7 x.
  const nlohmann::json channel = {{"forward", {{"model", "on_off"}, {"on_p", 0.2}}}, {"reverse", {{"model", "none"}}}};
  const double real = MeanTransfer("real", 50, 5, channel, "goodput_mbps");
  const double reno = MeanTransfer("reno", 50, 5, channel, "goodput_mbps");
  EXPECT_GT(real, 2 * reno) << real << " vs " << reno;
  EXPECT_GT(MeanTransfer("real", 50, 5, channel, "app_success_pct"),
            MeanTransfer("reno", 50, 5, channel, "app_success_pct"));
}

TEST(RealClaims, HeavyAckLossCostsRenoAndTahoeMoreThanReal) {
  // Tables 2 and 8 at 0.75 reverse loss while ON: Real ahead of both at 15 and 50 ms.
  const nlohmann::json channel = {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "on_off"}, {"on_p", 0.75}}}};
  for (const auto& [delay, rate] : {std::pair{15.0, 2.0}, std::pair{50.0, 5.0}}) {
    const double real = MeanTransfer("real", delay, rate, channel, "goodput_mbps");
    EXPECT_GT(real, MeanTransfer("reno", delay, rate, channel, "goodput_mbps")) << delay << " ms";
    EXPECT_GT(real, MeanTransfer("tahoe", delay, rate, channel, "goodput_mbps")) << delay << " ms";
  }
}

}  // namespace
}  // namespace plab
