// RRTP against the thesis's own rules where the lab departed from them (issue H §1.2,
// §1b.5): the handshake's retry rule on scripted drops, what 30 flows on one 11 Mb/s
// link do under the thesis's rate control, and the characteristic RTT as a prior (the
// controller's first estimate), never reported as a measured RTT.
#include <algorithm>
#include <deque>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/random.h"
#include "sim/scheduler.h"
#include "test_util.h"
#include "transport/rate/rrtp_header.h"
#include "transport/rate/rrtp_receiver.h"
#include "transport/rate/rrtp_sender.h"

namespace plab {
namespace {

using ::plab::testing::RunOk;

// ---- the handshake's retry rule (§3.2, §3.5) --------------------------------------

// A wire of fixed one-way delay between an RRTP sender and its receiver that drops the
// first `drop_syns` SYNs and `drop_starts` STARTs, and records when each left.
class HandshakeRig : public EventHandler {
 public:
  class Hop : public PacketSink {
   public:
    Hop(HandshakeRig* rig, bool forward) : rig_(rig), forward_(forward) {}
    void Receive(Packet* p) override { rig_->Carry(p, forward_); }

   private:
    HandshakeRig* rig_;
    bool forward_;
  };

  HandshakeRig(int drop_syns, int drop_starts, Time characteristic_rtt = Time::Zero(), bool backoff = false)
      : drop_syns_(drop_syns),
        drop_starts_(drop_starts),
        forward_hop_(this, true),
        reverse_hop_(this, false),
        source_(1400 * 100),
        sender_(&scheduler_, &pool_, SenderParams(characteristic_rtt, backoff), &source_),
        receiver_(&scheduler_, &pool_, RrtpReceiver::Params{}) {
    forward_.hops = {&forward_hop_};
    reverse_.hops = {&reverse_hop_};
    sender_.set_route(&forward_);
    receiver_.set_route(&reverse_);
  }
  static RrtpSender::Params SenderParams(Time characteristic_rtt, bool backoff) {
    RrtpSender::Params p;
    p.handshake_backoff = backoff;
    p.rtt.initial_rto = Time::FromSeconds(3);  // the reproducer's, RFC 6298 §2.1's old value
    p.rtt.min_rto = Time::FromMilliseconds(200);
    p.characteristic_rtt = characteristic_rtt;
    return p;
  }

  void Carry(Packet* p, bool forward) {
    if (forward) {
      const RrtpType type = Rrtp(*p).type;
      if (type == RrtpType::kSyn) syns.push_back(scheduler_.now());
      if (type == RrtpType::kStart) starts.push_back(scheduler_.now());
      if ((type == RrtpType::kSyn && static_cast<int>(syns.size()) <= drop_syns_) ||
          (type == RrtpType::kStart && static_cast<int>(starts.size()) <= drop_starts_)) {
        pool_.Release(p);
        return;
      }
    }
    in_flight_.push_back({p, forward});
    scheduler_.At(scheduler_.now() + kOneWay, this, 0);
  }
  void OnEvent(uint32_t, uint64_t) override {
    const auto [p, forward] = in_flight_.front();
    in_flight_.pop_front();
    if (forward) {
      receiver_.Receive(p);
    } else {
      sender_.Receive(p);
    }
  }
  void Run(Time until) {
    sender_.Start();
    scheduler_.RunUntil(until);
  }
  const RrtpSender& sender() const { return sender_; }

  static constexpr Time kOneWay = Time::FromMilliseconds(10);
  std::vector<Time> syns, starts;

 private:
  struct InFlight {
    Packet* p;
    bool forward;
  };
  int drop_syns_, drop_starts_;
  Scheduler scheduler_;
  PacketPool pool_;
  Hop forward_hop_, reverse_hop_;
  Route forward_, reverse_;
  BulkSource source_;
  RrtpSender sender_;
  RrtpReceiver receiver_;
  std::deque<InFlight> in_flight_;
};

std::vector<double> Gaps(const std::vector<Time>& at) {
  std::vector<double> gaps;
  for (size_t i = 1; i < at.size(); ++i) gaps.push_back((at[i] - at[i - 1]).seconds());
  return gaps;
}

TEST(RrtpHandshakeRetry, ALostSynIsSentAgainEachTimeoutWithoutBackingOff) {
  // The thesis states one retry rule, the NACK's (§3.5): asked again each time its timer
  // expires, "until the lost packet is properly received", the timer's base unit the
  // RTT; no back-off and no limit. Before the handshake has measured an RTT, the timer
  // is the initial RTO (3 s here). Five SYNs lost: the sixth leaves 5 x 3 s after the
  // first (with the old exponential back-off, at 3 + 6 + 12 + 24 + 48 = 93 s).
  HandshakeRig rig(5, 0);
  rig.Run(Time::FromSeconds(60));
  ASSERT_EQ(rig.syns.size(), 6u);
  for (double gap : Gaps(rig.syns)) EXPECT_DOUBLE_EQ(gap, 3.0);
  EXPECT_EQ(rig.sender().state(), RrtpSender::State::kSending);
  EXPECT_GT(rig.sender().acknowledged(), 0u);
}

TEST(RrtpHandshakeRetry, ALostStartIsSentAgainOnTheHandshakesRttWithoutBackingOff) {
  // The SYN-ECHO gave an RTT of 20 ms: the START's timer is the RTO from it (the 200 ms
  // floor), the same each time.
  HandshakeRig rig(0, 4);
  rig.Run(Time::FromSeconds(10));
  ASSERT_EQ(rig.starts.size(), 5u);
  for (double gap : Gaps(rig.starts)) EXPECT_NEAR(gap, 0.2, 1e-9);
  EXPECT_EQ(rig.sender().state(), RrtpSender::State::kSending);
}

TEST(RrtpHandshakeRetry, ASeededRttTimesTheFirstSyn) {
  // RoundTripTime_char (§3.2-3.3) is the first RTT estimate: the SYN's timer is its RTO
  // (RFC 6298 §2.2 from one estimate R: R + 4 R/2 = 3 R), not the 3 s initial RTO.
  HandshakeRig rig(3, 0, Time::FromMilliseconds(100));
  rig.Run(Time::FromSeconds(10));
  ASSERT_EQ(rig.syns.size(), 4u);
  for (double gap : Gaps(rig.syns)) EXPECT_NEAR(gap, 0.3, 1e-9);
}

TEST(RrtpHandshakeRetry, TheOtherReadingBacksOffAsTcpsSynDoes) {
  // rrtp.handshake_backoff: the timer doubles on each retry (RFC 6298 §5.5, SCTP's INIT):
  // five lost SYNs take 3 + 6 + 12 + 24 + 48 = 93 s.
  HandshakeRig rig(5, 0, Time::Zero(), true);
  rig.Run(Time::FromSeconds(100));
  ASSERT_EQ(rig.syns.size(), 6u);
  const std::vector<double> gaps = Gaps(rig.syns);
  for (size_t i = 0; i < gaps.size(); ++i) EXPECT_DOUBLE_EQ(gaps[i], 3.0 * (1 << i));
  EXPECT_EQ(rig.sender().state(), RrtpSender::State::kSending);
}

// ---- the characteristic RTT is a prior, not a measurement (§3.2-3.3) -----------------

TEST(RrtpRttSeed, EveryReportedRttIsAtLeastThePathsBaseRtt) {
  // Issue H §1b.5: rrtp.rtt_ms = 5 was reported as an RTT sample at t = 0 and seeded the
  // reported srtt, below the 20+ ms the path takes. Generated paths and seeds.
  Random rng(5);
  for (int i = 0; i < 12; ++i) {
    const double seed_ms = 1 + 300 * rng.Uniform01();
    const double delay_ms = 1 + 60 * rng.Uniform01();
    const nlohmann::json s = {
        {"duration_s", 2},
        {"max_events", 200000},
        {"topology", {{"bottleneck", {{"delay_ms", delay_ms}, {"rate_mbps", 1 + 20 * rng.Uniform01()}}}}},
        {"flows",
         {{{"protocol", "rrtp"}, {"rrtp", {{"rtt_ms", seed_ms}}}, {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
    const RunOutput out = plab::Run(s.dump(), {});
    ASSERT_TRUE(out.ok);
    const auto doc = nlohmann::json::parse(out.json);
    const double base = doc["flows"][0]["base_rtt_ms"].get<double>();
    const auto r = RunOk(s);
    const auto& samples = r.series.at("rtt_sample");
    ASSERT_FALSE(samples.v.empty()) << s.dump();
    EXPECT_GE(*std::min_element(samples.v.begin(), samples.v.end()), base) << s.dump();
    EXPECT_GE(r.summary["mean_srtt_ms"].get<double>(), base) << s.dump();
    for (double srtt : r.series.at("srtt").v) EXPECT_GE(srtt, base) << s.dump();
  }
}

// ---- RRTP's timer bounds are its own, not the TCP block's ---------------------------

nlohmann::json OneFlowWith(const std::string& protocol, const nlohmann::json& tcp, const nlohmann::json& rrtp) {
  return {
      {"duration_s", 5},
      {"max_events", 400000},
      {"topology", {{"bottleneck", {{"delay_ms", 10}}}}},
      {"flows",
       {{{"protocol", protocol}, {"tcp", tcp}, {"rrtp", rrtp}, {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
}

TEST(RrtpTimerBounds, TheTcpBlockIsTheComparedTcpsAndRrtpReadsItsOwn) {
  // An RRTP preset compared with TCP (cmp=rrtp,reno) carries its paper's TCP timers in
  // the flow's TCP block for the swapped runs: ns-2's 200 ms floor must reach Reno and
  // leave RRTP's run as it was; RRTP's own floor is rrtp.min_rto_ms.
  const nlohmann::json ns2 = {{"timers", "ns2"}, {"min_rto_ms", 200}, {"initial_rto_ms", 3000}};
  const auto plain = RunOk(OneFlowWith("rrtp", nlohmann::json::object(), nlohmann::json::object()));
  const auto platform = RunOk(OneFlowWith("rrtp", ns2, nlohmann::json::object()));
  EXPECT_EQ(platform.summary["mean_rto_ms"], plain.summary["mean_rto_ms"]);
  EXPECT_EQ(platform.summary["data_packets_sent"], plain.summary["data_packets_sent"]);
  EXPECT_EQ(plain.summary["mean_rto_ms"].get<double>(), 1000.0);
  const auto own = RunOk(OneFlowWith("rrtp", nlohmann::json::object(), {{"min_rto_ms", 200}}));
  EXPECT_LT(own.summary["mean_rto_ms"].get<double>(), 300.0);
  const auto reno = RunOk(OneFlowWith("reno", ns2, nlohmann::json::object()));
  EXPECT_LT(reno.summary["mean_rto_ms"].get<double>(), 300.0);
}

// ---- 30 flows on one 11 Mb/s, 50-packet bottleneck (issue H §1.2) -----------------

nlohmann::json Crowd() {
  // Copied from the reproducer (tests/data/README.md says where it came from).
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/rrtp-30-flows-starved.json");
  nlohmann::json s = nlohmann::json::parse(in);
  // It was written when RRTP read its timer bounds from the TCP block (200 ms floor, 3 s
  // initial RTO); RRTP reads its own (rrtp.*) now, so they move there.
  for (auto& flow : s["flows"]) {
    for (const char* key : {"min_rto_ms", "initial_rto_ms", "max_rto_ms"}) {
      if (flow["tcp"].contains(key)) flow["rrtp"][key] = flow["tcp"][key];
    }
  }
  return s;
}

TEST(RrtpCrowd, ThirtyFlowsAllGetThroughTheirHandshakeAndSend) {
  // Flow 21 (seed 2) lost its five SYNs in 60 s while backing off from 3 s and sent
  // nothing. With the thesis's retry rule (a SYN each 3 s) every flow sends.
  const RunOutput out = plab::Run(Crowd().dump(), {});
  ASSERT_TRUE(out.ok);
  const auto doc = nlohmann::json::parse(out.json);
  ASSERT_EQ(doc["flows"].size(), 30u);
  for (const auto& flow : doc["flows"]) {
    EXPECT_GT(flow["summary"]["data_packets_sent"].get<int64_t>(), 0) << flow["index"];
    EXPECT_GT(flow["summary"]["goodput_mbps"].get<double>(), 0) << flow["index"];
  }
}

struct CrowdFigures {
  double loss = 0;        // queue drops over data packets sent, all flows
  double mean_queue = 0;  // packets, of 50
};

CrowdFigures RunCrowd(bool loss_in_ratio, bool alpha_prorated) {
  nlohmann::json s = Crowd();
  for (auto& flow : s["flows"]) {
    flow["rrtp"]["loss_in_ratio"] = loss_in_ratio;
    flow["rrtp"]["alpha_prorated"] = alpha_prorated;
  }
  const RunOutput out = plab::Run(s.dump(), {});
  EXPECT_TRUE(out.ok);
  const auto doc = nlohmann::json::parse(out.json);
  double sent = 0, dropped = 0;
  for (const auto& flow : doc["flows"]) {
    sent += flow["summary"]["data_packets_sent"].get<double>();
    dropped += flow["summary"]["queue_drops"].get<double>();
  }
  return {dropped / sent, doc["summary"]["mean_queue_packets"].get<double>()};
}

TEST(RrtpCrowd, AlphaOncePerEpochStopsTheOverload) {
  // §3.4.1 adds alpha once per epoch ("SendRate_new = SendRate_prev + alpha"). The lab
  // added alpha per RTT of the epoch's duration: a flow cut to a few kb/s, whose epoch of
  // 10 packets lasts seconds, came back tens of alphas higher at its next epoch, and the
  // 30 flows kept the queue full (48.7 of 50) and lost a third of their packets.
  // Measured once per epoch: 10.5 % lost, a mean queue of 41.5, Jain's index 0.879. The
  // thresholds: under half the earlier loss, and a queue that no longer stands full
  // (below 45: the earlier reading never left 48.7).
  const CrowdFigures thesis = RunCrowd(false, false);
  const CrowdFigures earlier = RunCrowd(false, true);
  EXPECT_LT(thesis.loss, 0.5 * earlier.loss);
  EXPECT_LT(thesis.mean_queue, 45);
  EXPECT_GT(earlier.mean_queue, 45);
}

TEST(RrtpCrowd, TheThesissRatesStillOverloadThirtyFlowsAFinding) {
  // Not a defect: the thesis's rules still leave this link overloaded (docs/conformance/
  // rrtp.md). Counting congestive losses in the receive rate (rrtp.loss_in_ratio, the
  // other reading of the send/receive rate ratio) drains it further: 8.0 % lost, a mean
  // queue of 22.7, but unevenly shared. Pinned as a relation: that reading loses less
  // than the default, and neither is loss-free.
  const CrowdFigures by_queue = RunCrowd(false, false);
  const CrowdFigures by_loss = RunCrowd(true, false);
  EXPECT_LT(by_loss.loss, by_queue.loss);
  EXPECT_LT(by_loss.mean_queue, by_queue.mean_queue);
  EXPECT_GT(by_loss.loss, 0.02);
  EXPECT_GT(by_queue.loss, 0.02);
}

}  // namespace
}  // namespace plab
