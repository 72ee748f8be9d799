// DCTCP (RFC 8257; Alizadeh et al., SIGCOMM 2010) against its rules: the sender's
// alpha is the EWMA (g = 1/16) of the marked fraction, updated once per window of data
// (§3.3), and one mark cuts the window by alpha / 2 once per window; the receiver
// echoes CE per segment with the delayed-ACK state machine of §3.2; and on a step
// queue at 100 Mb/s it holds the queue near K without a loss, where NewReno on
// drop-tail fills the buffer.
#include <cmath>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "net/route.h"
#include "sim/scheduler.h"
#include "test_util.h"
#include "transport/tcp/dctcp/dctcp_control.h"
#include "transport/tcp/dctcp/dctcp_receiver.h"
#include "transport/tcp/tcp_receiver.h"

namespace plab {
namespace {

using testing::kMss;

// The control alone, fed a scripted, ACK-clocked stream: `flight` segments out, each
// one-segment ACK sends one more. WindowEnd starts at SND.NXT = 0, so the first ACK
// is a window of its own; after it every window of data is `flight` ACKs (RFC 8257
// §3.3: the window ends at the first ACK past WindowEnd = SND.NXT at the last update).
class DctcpScript {
 public:
  explicit DctcpScript(uint64_t flight, Dctcp::Params params = {}) : cc(params), flight_(flight) {
    cc.Init(&rtt, kMss, 10 * kMss);
    state.mss = kMss;
    state.snd_max = flight_ * kMss;
    Ack(false);  // the first window: this ACK alone
  }
  void Ack(bool ece) {
    state.snd_una += kMss;
    cc.OnEcnAck(state, kMss, ece);
    state.snd_max += kMss;  // the ACK clocks out one new segment
  }
  // One window of data: `marked` of its ACKs carry ECE.
  void Window(int marked) {
    for (uint64_t k = 0; k < flight_; ++k) Ack(static_cast<int>(k) < marked);
  }
  RttStats rtt{RttStats::Params{}};
  TcpState state;
  Dctcp cc;

 private:
  uint64_t flight_;
};

TEST(DctcpAlpha, FollowsTheEwmaOfTheMarkedFractionOncePerWindow) {
  DctcpScript script(10);
  const double g = 1.0 / 16;
  // RFC 8257 §3.3: alpha starts at 1; the first window (one unmarked ACK) had M = 0.
  double expected = (1 - g) * 1.0;
  EXPECT_DOUBLE_EQ(script.cc.alpha(), expected);
  int64_t updates = script.cc.alpha_updates();
  const int marked[] = {5, 0, 10, 3};
  for (const int m : marked) {
    // Nothing moves within the window; one update at its last ACK, with its fraction.
    for (int k = 0; k < 9; ++k) script.Ack(k < m);
    EXPECT_EQ(script.cc.alpha_updates(), updates);
    EXPECT_DOUBLE_EQ(script.cc.alpha(), expected);
    script.Ack(m == 10);
    EXPECT_EQ(script.cc.alpha_updates(), ++updates);
    expected = (1 - g) * expected + g * (m / 10.0);
    EXPECT_DOUBLE_EQ(script.cc.alpha(), expected) << m << " of 10 marked";
  }
}

TEST(DctcpAlpha, AConstantMarkedFractionFConvergesAlphaToF) {
  for (const double f : {0.0, 0.25, 0.6}) {
    DctcpScript script(20);
    for (int w = 0; w < 300; ++w) script.Window(static_cast<int>(f * 20));
    // (1 - F)(15/16)^300 < 1e-8: alpha is F.
    EXPECT_NEAR(script.cc.alpha(), f, 1e-6) << "F = " << f;
  }
}

TEST(DctcpAlpha, AMarkCutsTheWindowByAlphaOverTwo) {
  DctcpScript script(20);
  for (int w = 0; w < 300; ++w) script.Window(5);  // alpha -> 0.25
  const double alpha = script.cc.alpha();
  ASSERT_NEAR(alpha, 0.25, 1e-6);
  const uint64_t before = script.cc.cwnd();
  script.cc.OnEcnEcho(script.state);
  // RFC 8257 §3.3: cwnd (1 - alpha / 2), not Reno's half.
  EXPECT_EQ(script.cc.cwnd(), static_cast<uint64_t>(static_cast<double>(before) * (1 - alpha / 2)));
  EXPECT_EQ(script.cc.ssthresh(), script.cc.cwnd());
}

// dctcp.reduction = cwr (Linux's CWR state, ns-3.44's CA_CWR with PRR): the mark sets
// ssthresh = cwnd (1 - alpha / 2) but leaves cwnd; over the round that follows, cwnd =
// RecoverFS - delivered + ceil(delivered x ssthresh / RecoverFS) with no growth; the first
// ACK past the mark's SND.NXT ends the round with cwnd = ssthresh.
TEST(DctcpCwr, TheCutComesDownOverTheRoundInProportionToWhatIsDelivered) {
  Dctcp::Params cwr;
  cwr.cwr = true;
  DctcpScript script(20, cwr);
  for (int w = 0; w < 300; ++w) script.Window(5);  // alpha -> 0.25
  const uint64_t before = script.cc.cwnd();
  const uint64_t flight = script.state.flight_size();
  const uint64_t recover = script.state.snd_max;  // SND.NXT at the mark
  script.cc.OnEcnEcho(script.state);
  const uint64_t ssthresh = script.cc.ssthresh();
  EXPECT_EQ(ssthresh, static_cast<uint64_t>(static_cast<double>(before) * (1 - script.cc.alpha() / 2)));
  EXPECT_EQ(script.cc.cwnd(), before) << "not at once";
  EXPECT_TRUE(script.cc.in_cwr());
  // Half the flight delivered: RecoverFS - delivered + CEIL(delivered x ssthresh / RecoverFS).
  const uint64_t half = flight / kMss / 2;
  for (uint64_t k = 0; k < half; ++k) {
    script.Ack(false);
    script.cc.OnAck(script.state, kMss, Time::Zero());  // an ACK without ECE would grow the window
  }
  const uint64_t delivered = half * kMss;
  EXPECT_EQ(script.cc.cwnd(), flight - delivered + (delivered * ssthresh + flight - 1) / flight);
  EXPECT_TRUE(script.cc.in_cwr());
  // The round ends on the first ACK past the mark's SND.NXT: cwnd = ssthresh.
  while (script.state.snd_una < recover) script.Ack(false);
  EXPECT_TRUE(script.cc.in_cwr()) << "SND.UNA at the mark's SND.NXT: still the round";
  EXPECT_EQ(script.state.snd_una, recover);
  script.Ack(false);
  EXPECT_FALSE(script.cc.in_cwr());
  EXPECT_EQ(script.cc.cwnd(), ssthresh);
}

TEST(DctcpCwr, AtOnceTheCutIsWholeOnTheAck) {
  DctcpScript script(20);
  for (int w = 0; w < 300; ++w) script.Window(5);
  script.cc.OnEcnEcho(script.state);
  EXPECT_FALSE(script.cc.in_cwr());
  EXPECT_EQ(script.cc.cwnd(), script.cc.ssthresh());
}

// dctcp.reduction = cwr_ns3: ns-3.44's TcpPrrRecovery arithmetic in CA_CWR, as traced in
// ns-3 (bench/ns3/modern.cc, K = 20: cwnd 141,981 -> 141,960 -> 142,940 on the entry ACK,
// the flight held for 29 ACKs, then cwnd = the flight when the product wraps).
TEST(DctcpCwrNs3, TheEntryAckCountsTwiceAndTheProductWrapsIn32Bits) {
  Dctcp::Params p;
  p.cwr_ns3 = true;
  DctcpScript script(140, p);
  // Slow start to the flight's 140 segments (ns-3's cwnd was 142), then alpha near 0.07.
  for (int k = 0; k < 130; ++k) script.cc.OnAck(script.state, kMss, Time::Zero());
  for (int w = 0; w < 60; ++w) script.Window(10);
  const uint64_t before = script.cc.cwnd();
  // The marked ACK: the control reads it (OnEcnAck), then the sender's ECE response.
  script.state.snd_una += kMss;
  script.cc.OnEcnAck(script.state, kMss, true);
  script.cc.OnEcnEcho(script.state);
  const uint64_t ss = script.cc.ssthresh();
  EXPECT_EQ(ss, static_cast<uint64_t>(static_cast<double>(before) * (1 - script.cc.alpha() / 2)));
  const uint64_t fs = script.state.flight_size();  // RecoverFS: the flight after the ACK
  ASSERT_GT(fs, ss);
  // EnterCwr's DoRecovery as for a duplicate ACK (delivered + 1 segment) and CA_CWR's for
  // the same ACK: prr_delivered = 3 segments, prr_out = 0.
  const auto ceil_div = [](uint64_t a, uint64_t b) { return (a + b - 1) / b; };
  EXPECT_EQ(script.cc.cwnd(), fs + ceil_div(3 * kMss * ss, fs));
  uint64_t delivered = 3 * kMss;
  const uint64_t sent_from = script.state.snd_max;
  const auto send_what_cwnd_allows = [&] {
    while (script.cc.cwnd() >= script.state.flight_size() + kMss) script.state.snd_max += kMss;
  };
  send_what_cwnd_allows();
  bool wrapped = false;
  for (int k = 0; k < 60 && !wrapped; ++k) {
    script.state.snd_una += kMss;
    script.cc.OnEcnAck(script.state, kMss, false);
    delivered += kMss;
    const uint64_t pipe = script.state.flight_size();
    const int64_t prr_out = static_cast<int64_t>(script.state.snd_max - sent_from);
    ASSERT_GT(pipe, ss);
    wrapped = delivered * ss >= (uint64_t{1} << 32);
    // 64-bit arithmetic would allow about one segment per ACK; ns-3's 32-bit product
    // wraps to a small number and the clamp leaves cwnd at the flight: nothing is sent.
    const int64_t exact = static_cast<int64_t>(ceil_div(delivered * ss, fs)) - prr_out;
    const uint32_t product = static_cast<uint32_t>(delivered) * static_cast<uint32_t>(ss);
    const int64_t ns3 = static_cast<int64_t>(std::ceil(product * 1.0 / static_cast<double>(fs))) - prr_out;
    EXPECT_EQ(script.cc.cwnd(), pipe + static_cast<uint64_t>(std::max<int64_t>(ns3, 0))) << k;
    if (wrapped) {
      EXPECT_GT(exact, 0) << "64 bits: the flight would be held";
      EXPECT_EQ(script.cc.cwnd(), pipe) << "32 bits: nothing sent";
    }
    send_what_cwnd_allows();
  }
  EXPECT_TRUE(wrapped) << "prr_delivered x ssthresh passes 2^32 within the round";
  EXPECT_TRUE(script.cc.in_cwr());
}

// ---- the receiver's echo (RFC 8257 §3.2) -------------------------------------------

class DctcpAckSink final : public PacketSink {
 public:
  explicit DctcpAckSink(PacketPool* pool) : pool_(pool) {}
  void Receive(Packet* p) override {
    acks.push_back({Tcp(*p).ack / kMss, Tcp(*p).ece});
    pool_->Release(p);
  }
  struct Ack {
    uint64_t segments;  // cumulative ACK, in segments
    bool ece;
    bool operator==(const Ack& o) const { return segments == o.segments && ece == o.ece; }
  };
  std::vector<Ack> acks;

 private:
  PacketPool* pool_;
};

// Delayed ACKs every 2 segments; the CE pattern of the segments below.
std::vector<DctcpAckSink::Ack> DctcpEcho(const std::vector<bool>& ce, int delayed_ack_count) {
  Scheduler scheduler;
  PacketPool pool;
  DctcpAckSink sink(&pool);
  TcpReceiverParams params;
  params.delayed_ack_count = delayed_ack_count;
  TcpReceiver receiver(&scheduler, &pool, params, std::make_unique<DctcpReceiver>());
  Route reverse;
  reverse.hops = {&sink};
  receiver.set_route(&reverse);
  uint64_t seq = 0;
  for (const bool marked : ce) {
    Packet* p = pool.NewData(0, seq, kMss, 40);
    p->ecn = marked ? Ecn::kCe : Ecn::kEct0;
    seq += kMss;
    receiver.Receive(p);
  }
  return sink.acks;
}

TEST(DctcpReceiver, AChangeOfCeSendsTheWaitingAckAtOnceWithTheOldState) {
  using A = DctcpAckSink::Ack;
  // seg 1 (no CE) waits; seg 2 (CE) flips the state: ACK 1 now with ECE 0, seg 2
  // waits; seg 3 (CE) completes the pair: ACK 3, ECE 1; seg 4 (no CE) flips with
  // nothing waiting: no extra ACK, it waits; seg 5 (CE) flips: ACK 4 with ECE 0;
  // seg 6 (CE): ACK 6, ECE 1.
  const std::vector<A> expected = {{1, false}, {3, true}, {4, false}, {6, true}};
  EXPECT_EQ(DctcpEcho({false, true, true, false, true, true}, 2), expected);
}

TEST(DctcpReceiver, WithoutDelayedAcksEachAckEchoesItsOwnSegment) {
  using A = DctcpAckSink::Ack;
  // Unlike RFC 3168's latch, no CWR is needed to clear ECE.
  const std::vector<A> expected = {{1, true}, {2, false}, {3, false}, {4, true}};
  EXPECT_EQ(DctcpEcho({true, false, false, true}, 1), expected);
}

// ---- on a step queue (DCTCP §3.1, §4) -----------------------------------------------

nlohmann::json DctcpPath(const std::string& protocol, const std::string& queue) {
  nlohmann::json bottleneck = {{"rate_mbps", 100}, {"delay_ms", 1}, {"queue_packets", 200}, {"queue", queue}};
  if (queue == "step") bottleneck["step"] = {{"k_packets", 20}};
  return {{"seed", 1},
          {"duration_s", 10},
          {"topology",
           {{"kind", "path"},
            {"access", {{"rate_mbps", 10000}, {"delay_ms", 0.5}, {"queue_packets", 1000}}},
            {"bottleneck", bottleneck}}},
          {"flows",
           {{{"protocol", protocol},
             {"tcp", {{"mss_bytes", 1460}, {"max_window_segments", 100000}}},
             {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
             {"app", {{"size_bytes", 0}, {"token_bucket", {{"enabled", false}}}}}}}}};
}

// 100 Mb/s, 3 ms base RTT (BDP ~26 packets of 1500 bytes), buffer 200, K = 20, 10 s.
// Measured here: DCTCP's time-weighted mean queue 18.9 packets (its peak, 67, in slow
// start), no drop, 97.2 Mb/s; NewReno on drop-tail: mean queue 129.5 packets, the
// buffer full (200), 254 drops.
TEST(DctcpPath, HoldsTheStepQueueAroundKWithoutLossWhereNewRenoFillsDropTail) {
  const auto dctcp = testing::RunOk(DctcpPath("dctcp", "step"));
  const auto& d = dctcp.summary;
  EXPECT_EQ(d["queue_drops"], 0);
  EXPECT_EQ(d["retransmissions"], 0);
  EXPECT_NEAR(d["mean_queue_packets"].get<double>(), 20, 4);
  EXPECT_GT(d["goodput_mbps"].get<double>(), 90);
  ASSERT_TRUE(dctcp.series.count("dctcp_alpha"));
  EXPECT_GT(dctcp.series.at("dctcp_alpha").v.size(), 10u);
  const double alpha_end = dctcp.series.at("dctcp_alpha").v.back();
  EXPECT_GT(alpha_end, 0.0);
  EXPECT_LT(alpha_end, 1.0);  // learned a fraction, not the initial 1

  const auto newreno = testing::RunOk(DctcpPath("newreno", "drop_tail"));
  const auto& n = newreno.summary;
  EXPECT_GT(n["queue_drops"].get<int64_t>(), 0);
  EXPECT_EQ(n["max_queue_packets"], 200);
  EXPECT_GT(n["mean_queue_packets"].get<double>(), 5 * d["mean_queue_packets"].get<double>());
}

}  // namespace
}  // namespace plab
