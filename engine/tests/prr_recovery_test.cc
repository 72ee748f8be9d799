// Proportional Rate Reduction (RFC 6937 §3.1), driven with chosen ACKs: the proportional
// part while pipe > ssthresh, the slow-start reduction bound (PRR-SSRB) and the
// conservative one (PRR-CRB) once pipe is below ssthresh, the forced fast retransmit, and
// the end of recovery at ssthresh; and in the engine, PRR pairs with every congestion
// control.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "recovery_rig.h"
#include "test_util.h"
#include "transport/registry.h"
#include "transport/tcp/recovery/prr_recovery.h"

namespace plab {
namespace {

using testing::kMss;

// A sender of `cwnd` segments (AIMD: ssthresh = FlightSize / 2 at the loss) whose first
// `lost` segments are lost; each ACK SACKs one more segment above them.
class Rig : public testing::RecoveryRig {
 public:
  Rig(int cwnd, PrrRecovery::Bound bound, bool ns3_counts = false, bool ns3_prr_calls = false)
      : RecoveryRig(cwnd), prr(bound, PrrRecovery::Mode::kSack, true, true, ns3_counts, ns3_prr_calls) {
    for (int i = 0; i < cwnd; ++i) Send(static_cast<uint64_t>(i) * kMss, false);
  }
  void RetransmitFirstUnacked() override {
    RecoveryRig::RetransmitFirstUnacked();
    prr.OnSegmentSent(state.snd_una, kMss, 0, true);
  }
  // A duplicate ACK SACKing [sack_from, sack_to) segments, as the sender takes it: the
  // scoreboard first, then the recovery; returns how many segments PRR lets go.
  int DupAck(uint64_t sack_from, uint64_t sack_to) {
    TcpHeader h;
    h.ack = state.snd_una;
    h.sack_count = 1;
    h.sack[0] = {sack_from * kMss, sack_to * kMss};
    sb.BeginAck(now_);
    sb.OnSack(h.sack, 1);
    prr.OnAck(h, state, *this);
    ++state.dupacks;
    prr.OnDupAck(state, *this);
    sb.FinishAck(now_, Time::Zero());
    return SendAllowed();
  }
  // An ACK of new data up to `cum` segments.
  int NewAck(uint64_t cum, uint64_t sack_from = 0, uint64_t sack_to = 0) {
    TcpHeader h;
    h.ack = cum * kMss;
    sb.BeginAck(now_);
    if (sack_to > sack_from) {
      h.sack_count = 1;
      h.sack[0] = {sack_from * kMss, sack_to * kMss};
      sb.OnSack(h.sack, 1);
    }
    const uint64_t acked = h.ack - state.snd_una;
    sb.OnCumulativeAck(h.ack);
    prr.OnAck(h, state, *this);
    state.snd_una = h.ack;
    state.dupacks = 0;
    if (state.in_recovery) prr.OnAckInRecovery(state, acked, *this);
    sb.FinishAck(now_, Time::Zero());
    return SendAllowed();
  }
  int SendAllowed() {
    SendLimits l;
    l.cwnd = cc.cwnd();
    l.window = cc.cwnd();
    l.rwnd = 1u << 30;
    l.total_bytes = 1u << 30;
    int n = 0;
    while (true) {
      const SendChoice c = prr.NextSegment(state, sb, l);
      if (!c.send) break;
      Send(c.seq, c.seq < state.snd_max);
      ++n;
    }
    return n;
  }
  void Send(uint64_t seq, bool retransmission) {
    sb.OnSent(seq, kMss, now_, retransmission, state.snd_una == state.snd_max);
    prr.OnSegmentSent(seq, kMss, 0, retransmission);
    if (seq == state.snd_nxt) state.snd_nxt += kMss;
    state.snd_max = std::max(state.snd_max, seq + kMss);
  }
  int64_t pipe() const { return static_cast<int64_t>(sb.Pipe()); }
  void RestartRetransmissionTimer() override { ++timer_restarts; }

  PrrRecovery prr;
  int timer_restarts = 0;
};

// One loss in a window of 20: RecoverFS = 20, ssthresh = 10. While pipe > ssthresh, PRR
// sends ssthresh/RecoverFS = one segment for every two delivered:
// prr_out = CEIL(prr_delivered * ssthresh / RecoverFS) to within a segment.
TEST(Prr, SendsInProportionWhilePipeIsAboveSsthresh) {
  Rig rig(20, PrrRecovery::Bound::kSlowStart);
  EXPECT_EQ(rig.DupAck(1, 2), 0);
  EXPECT_EQ(rig.DupAck(1, 3), 0);
  // Third duplicate ACK: recovery, and the fast retransmit goes although the
  // proportional share of one delivered segment is half a segment.
  EXPECT_EQ(rig.DupAck(1, 4), 0);  // the retransmission is the recovery's own
  ASSERT_TRUE(rig.state.in_recovery);
  EXPECT_EQ(rig.retransmissions, 1);
  EXPECT_EQ(rig.prr.recover_fs(), 20u * kMss);
  EXPECT_EQ(rig.ssthresh_segments(), 10);
  EXPECT_EQ(rig.prr.prr_delivered(), 1u * kMss);  // only what the entering ACK delivered
  EXPECT_EQ(rig.prr.prr_out(), 1u * kMss);
  // pipe was 16 (20 - 3 SACKed - 1 lost) and sndcnt, CEIL(1 * 10 / 20) = half a segment,
  // is raised to one segment for the fast retransmit: cwnd = pipe + sndcnt = 17.
  EXPECT_EQ(rig.prr.window(), 17u * kMss);
  std::string sends;
  for (uint64_t top = 5; top <= 20; ++top) {
    sends += std::to_string(rig.DupAck(1, top));
    if (rig.pipe() > 10 * static_cast<int64_t>(kMss)) {
      const uint64_t due = (rig.prr.prr_delivered() * 10 + 19) / 20;  // CEIL(prr_delivered * 10 / 20)
      EXPECT_LE(rig.prr.prr_out(), std::max<uint64_t>(due, kMss)) << top;
      EXPECT_GT(rig.prr.prr_out() + kMss, due) << top;
    }
  }
  // One new segment on every second ACK while pipe > ssthresh; once pipe is down to
  // ssthresh (after the 11th), one per ACK: the bound holds it there.
  EXPECT_EQ(sends, "0010101010011111");
  EXPECT_EQ(rig.prr.prr_out(), 10u * kMss);
  EXPECT_EQ(rig.pipe(), 10 * static_cast<int64_t>(kMss));
  // The ACK of the retransmission ends recovery with cwnd = ssthresh.
  rig.NewAck(rig.state.snd_max / kMss);
  EXPECT_FALSE(rig.state.in_recovery);
  EXPECT_FALSE(rig.prr.active());
  EXPECT_EQ(rig.cwnd_segments(), 10);
}

// Twelve of 20 lost: at the third duplicate ACK pipe (5) is already below ssthresh (10).
// PRR-SSRB sends DeliveredData + 1 MSS per ACK (slow start) until pipe reaches ssthresh,
// never above it.
TEST(Prr, SlowStartReductionBoundBelowSsthresh) {
  Rig rig(20, PrrRecovery::Bound::kSlowStart);
  rig.DupAck(12, 13);
  rig.DupAck(12, 14);
  EXPECT_EQ(rig.DupAck(12, 15), 1);  // the fast retransmit, and one more (1 delivered + 1)
  EXPECT_EQ(rig.prr.prr_out(), 2u * kMss);
  std::string sends;
  for (uint64_t top = 16; top <= 20; ++top) {
    sends += std::to_string(rig.DupAck(12, top));
    EXPECT_LE(rig.pipe(), 10 * static_cast<int64_t>(kMss)) << top;
  }
  // pipe 5 + 2 sent = 7; then each ACK delivers 1 and sends 2 until pipe is 10, then 1.
  EXPECT_EQ(sends, "22211");
  EXPECT_EQ(rig.pipe(), 10 * static_cast<int64_t>(kMss));
}

// The same losses with PRR-CRB: never more sent than delivered since recovery began
// (the fast retransmit aside): one segment per ACK.
TEST(Prr, ConservativeReductionBoundSendsNoMoreThanDelivered) {
  Rig rig(20, PrrRecovery::Bound::kConservative);
  rig.DupAck(12, 13);
  rig.DupAck(12, 14);
  EXPECT_EQ(rig.DupAck(12, 15), 0);  // the fast retransmit alone
  std::string sends;
  for (uint64_t top = 16; top <= 20; ++top) {
    sends += std::to_string(rig.DupAck(12, top));
    EXPECT_LE(rig.prr.prr_out(), rig.prr.prr_delivered()) << top;
  }
  EXPECT_EQ(sends, "11111");
  EXPECT_EQ(rig.prr.prr_out(), rig.prr.prr_delivered());
}

// A partial ACK's DeliveredData is the advance of snd.una (plus new SACKs): it counts in
// prr_delivered like SACKed bytes, and recovery goes on until RecoveryPoint.
TEST(Prr, PartialAckDeliversTheAdvanceOfSndUna) {
  Rig rig(20, PrrRecovery::Bound::kSlowStart);
  rig.DupAck(2, 3);
  rig.DupAck(2, 4);
  rig.DupAck(2, 5);  // segments 0 and 1 lost; 2-4 SACKed
  ASSERT_TRUE(rig.state.in_recovery);
  const uint64_t before = rig.prr.prr_delivered();
  rig.NewAck(1, 2, 6);  // the retransmitted 0 arrives, and 5 is SACKed
  EXPECT_TRUE(rig.state.in_recovery);
  EXPECT_EQ(rig.prr.prr_delivered(), before + 2 * kMss);
}

// A timeout ends PRR: the sender's window rules again.
TEST(Prr, TimeoutEndsProportionalRateReduction) {
  Rig rig(20, PrrRecovery::Bound::kSlowStart);
  rig.DupAck(1, 2);
  rig.DupAck(1, 3);
  rig.DupAck(1, 4);
  ASSERT_TRUE(rig.prr.active());
  rig.state.in_recovery = false;
  rig.prr.OnTimeout(rig.state);
  EXPECT_FALSE(rig.prr.active());
  const uint64_t out = rig.prr.prr_out();
  rig.prr.OnSegmentSent(0, kMss, 0, true);
  EXPECT_EQ(rig.prr.prr_out(), out);
}

// ns3_counts with SACK ("prr_ns3"), as ns-3.44's own trace shows it (bench/ns3/trace):
// TcpSocketBase::EnterRecovery marks the head lost and halves BytesInFlight(), the pipe
// (sent - SACKed - lost + retransmitted), and TcpPrrRecovery takes that pipe as RecoverFS.
// One loss in 20: by the pipe the first two duplicate ACKs send a new segment each (see
// Ns3CountsWithSackSendByPipeOutsideRecovery), and at the third pipe is 22 - 3 SACKed -
// 1 lost = 18: ssthresh 9 and RecoverFS 18, where RFC 6675 and RFC 6937 halve FlightSize
// (20 here, 10) and take it as RecoverFS.
TEST(Prr, Ns3CountsWithSackHalveThePipeAtEntry) {
  Rig rfc(20, PrrRecovery::Bound::kNs3);
  Rig ns3(20, PrrRecovery::Bound::kNs3, true);
  for (Rig* rig : {&rfc, &ns3}) {
    rig->DupAck(1, 2);
    rig->DupAck(1, 3);
    rig->DupAck(1, 4);
    ASSERT_TRUE(rig->state.in_recovery);
  }
  EXPECT_EQ(rfc.ssthresh_segments(), 10);
  EXPECT_EQ(rfc.prr.recover_fs(), 20u * kMss);
  EXPECT_EQ(ns3.state.flight_size(), 22u * kMss);
  EXPECT_EQ(ns3.ssthresh_segments(), 9);
  EXPECT_EQ(ns3.prr.recover_fs(), 18u * kMss);
}

// Three duplicate ACKs SACKing only two segments: RFC 6675's IsLost does not yet hold for
// the head, but ns-3.44 marks it lost (TcpTxBuffer::MarkHeadAsLost) before it halves the
// pipe: 22 - 2 SACKed - 1 lost = 19 (two new segments went by the pipe), ssthresh 9.5
// (not 20 and 10).
TEST(Prr, Ns3CountsWithSackMarkTheHeadLostBeforeTheCut) {
  Rig rig(20, PrrRecovery::Bound::kNs3, true);
  rig.DupAck(1, 2);
  rig.DupAck(1, 3);
  rig.DupAck(1, 3);
  ASSERT_TRUE(rig.state.in_recovery);
  EXPECT_EQ(rig.ssthresh_segments(), 9.5);
  EXPECT_EQ(rig.prr.recover_fs(), 19u * kMss);
}

// Segments 0, 5 and 8 of 20 lost: two partial ACKs in one recovery. RFC 6298 §5.3
// restarts the timer on each; ns-3.44 on the first only (ProcessAck's NewAck(ackNumber,
// m_isFirstPartialAck)), and again in the next recovery.
TEST(Prr, Ns3CountsWithSackRestartTheTimerOnTheFirstPartialAckOnly) {
  Rig rfc(20, PrrRecovery::Bound::kNs3);
  Rig ns3(20, PrrRecovery::Bound::kNs3, true);
  for (Rig* rig : {&rfc, &ns3}) {
    rig->DupAck(1, 4);
    ASSERT_TRUE(rig->state.in_recovery);
    rig->NewAck(5, 6, 8);
    rig->NewAck(8, 9, 20);
    ASSERT_TRUE(rig->state.in_recovery);
    EXPECT_EQ(rig->partial_acks, 2);
  }
  EXPECT_EQ(rfc.timer_restarts, 2);
  EXPECT_EQ(ns3.timer_restarts, 1);
}

// At a timeout ns-3.44 halves inFlightBeforeRto = BytesInFlight(), the pipe, and does so at
// every timeout: its CA_LOSS test (`!m_txBuffer->IsHeadRetransmitted()`) runs after
// SetSentListLost has cleared every retransmitted flag, so a repeated timeout cuts again
// (traced: PIE, seed 1, 3.49 s, in CA_LOSS: ssthresh 142,500 -> 54,500 = 109,000 / 2).
TEST(Prr, Ns3CountsWithSackHalveThePipeAtEveryTimeout) {
  Rig rig(20, PrrRecovery::Bound::kNs3, true);
  rig.DupAck(1, 2);
  rig.DupAck(1, 3);
  rig.DupAck(1, 4);
  ASSERT_TRUE(rig.state.in_recovery);
  EXPECT_EQ(rig.prr.FlightAtTimeout(rig.state, rig.sb), rig.sb.Pipe());
  EXPECT_LT(rig.prr.FlightAtTimeout(rig.state, rig.sb), rig.state.flight_size());
  // A second timeout before the first one's data is acknowledged still cuts.
  rig.state.in_recovery = false;
  rig.state.recover = rig.state.snd_max;
  rig.state.recover_set = true;
  rig.state.last_loss_action = TcpState::LossAction::kTimeout;
  EXPECT_FALSE(rig.prr.HoldsSsthreshAtTimeout(rig.state));
  // Without SACK too (traced at 100 Mb/s, 10 ms, 3 % loss: 15,000 -> 7,500 in CA_LOSS).
  PrrRecovery nosack(PrrRecovery::Bound::kNs3, PrrRecovery::Mode::kDupAckAsSack, true, true, true);
  EXPECT_FALSE(nosack.HoldsSsthreshAtTimeout(rig.state));
}

// Outside recovery ns-3.44 sends while cwnd - BytesInFlight() (the pipe) holds a segment
// (TcpSocketBase::SendPendingData in every congestion state): a window of 4 with one
// segment SACKed above a hole sends one more; by RFC 5681's FlightSize it sends none.
TEST(Prr, Ns3CountsWithSackSendByPipeOutsideRecovery) {
  Rig rfc(4, PrrRecovery::Bound::kNs3);
  Rig ns3(4, PrrRecovery::Bound::kNs3, true);
  EXPECT_EQ(rfc.DupAck(1, 2), 0);
  EXPECT_EQ(ns3.DupAck(1, 2), 1);
  EXPECT_FALSE(ns3.state.in_recovery);
  EXPECT_EQ(ns3.pipe(), 4 * static_cast<int64_t>(kMss));
  EXPECT_EQ(ns3.state.snd_max, 5u * kMss);  // new data, not the hole (rule 3 is recovery's)
}

// The prr_ns3_calls experiment: ns-3.44 runs DoRecovery with isDupAck on entering and on
// every ACK that SACKs something new, adding 1 SMSS to what it delivered while
// prr_delivered < RecoverFS; an ACK that SACKs nothing new does not run it.
TEST(Prr, Ns3PrrCallsCountOneMoreSegmentPerSackingAck) {
  Rig counts(20, PrrRecovery::Bound::kNs3, true);
  Rig calls(20, PrrRecovery::Bound::kNs3, true, true);
  for (Rig* rig : {&counts, &calls}) {
    rig->DupAck(1, 2);
    rig->DupAck(1, 3);
    rig->DupAck(1, 4);
    ASSERT_TRUE(rig->state.in_recovery);
  }
  EXPECT_EQ(counts.prr.prr_delivered(), 1u * kMss);
  EXPECT_EQ(calls.prr.prr_delivered(), 2u * kMss);
  counts.DupAck(1, 5);
  calls.DupAck(1, 5);
  EXPECT_EQ(counts.prr.prr_delivered(), 2u * kMss);
  EXPECT_EQ(calls.prr.prr_delivered(), 4u * kMss);
  calls.DupAck(1, 5);  // nothing new SACKed
  EXPECT_EQ(calls.prr.prr_delivered(), 4u * kMss);
}

// prr_ns3_calls also computes DoRecovery's sendCount in ns-3.44's 32-bit arithmetic:
// m_prrDelivered * m_ssThresh is a product of two uint32_t. One loss in a window of 200:
// ssthresh about 100 segments (100,000 bytes), so the product wraps once prr_delivered
// passes 42,950 bytes, and the proportional step then allows far less than
// CEIL(prr_delivered * ssthresh / RecoverFS): the sender stalls while pipe > ssthresh.
TEST(Prr, Ns3PrrCallsWrapTheProportionalProductAt32Bits) {
  Rig rig(200, PrrRecovery::Bound::kNs3, true, true);
  rig.DupAck(1, 2);
  rig.DupAck(1, 3);
  rig.DupAck(1, 4);
  ASSERT_TRUE(rig.state.in_recovery);
  for (uint64_t top = 5; top < 65; ++top) rig.DupAck(1, top);
  ASSERT_GT(rig.pipe(), static_cast<int64_t>(rig.cc.ssthresh()));
  const uint64_t rfc = (rig.prr.prr_delivered() * rig.cc.ssthresh() + rig.prr.recover_fs() - 1) / rig.prr.recover_fs();
  EXPECT_GT(rig.prr.prr_delivered() * rig.cc.ssthresh(), uint64_t{1} << 32);
  EXPECT_LT(rig.prr.prr_out() + 20 * kMss, rfc);
}

// `recovery = "prr"` pairs with every congestion control: each window-based protocol runs
// with it on a lossy path, recovers and moves data.
TEST(Prr, PairsWithEveryCongestionControl) {
  std::set<std::string> controls;
  for (const ProtocolEntry& e : Protocols()) {
    if (!e.tcp) continue;
    controls.insert(e.tcp->congestion_control);
    const std::string scenario =
        R"({"duration_s": 5, "seed": 3, "flows": [{"protocol": ")" + e.name +
        R"(", "recovery": "prr", "channel": {"forward": {"model": "bernoulli", "p": 0.01}}}]})";
    const RunOutput out = plab::Run(scenario);
    ASSERT_TRUE(out.ok) << e.name << ": " << out.json;
    const auto doc = nlohmann::json::parse(out.json);
    const auto& summary = doc["flows"][0]["summary"];
    EXPECT_GT(summary["goodput_mbps"].get<double>(), 0.1) << e.name;
  }
  std::set<std::string> all;
  for (const CongestionControlEntry& c : CongestionControls()) all.insert(c.name);
  EXPECT_EQ(controls, all);
}

}  // namespace
}  // namespace plab
