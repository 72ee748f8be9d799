// ECN end to end (RFC 3168): queues that mark CE instead of dropping an ECT packet
// (RED §7, CoDel RFC 8289 §5, the step queue of DCTCP's switches), the receiver's
// ECE echo until CWR (§6.1.3), the sender's once-per-window reduction with CWR on its
// next new segment (§6.1.2), and what validation refuses.
#include <memory>
#include <sstream>
#include <vector>

#include <gtest/gtest.h>

#include "held_sender.h"
#include "net/queue/codel_queue.h"
#include "net/queue/queue_entry.h"
#include "net/queue/red_queue.h"
#include "net/queue/step_mark_queue.h"
#include "net/route.h"
#include "record/pcap_writer.h"
#include "sim/scheduler.h"
#include "test_util.h"
#include "transport/data_source.h"
#include "transport/tcp/cc/aimd.h"
#include "transport/tcp/recovery/newreno_recovery.h"
#include "transport/tcp/tcp_receiver.h"
#include "transport/tcp/tcp_sender.h"

namespace plab {
namespace {

using testing::kMss;
using testing::Ms;

Packet* EcnPacket(PacketPool& pool, Ecn ecn) {
  Packet* p = pool.NewData(0, 0, kMss, 40);
  p->ecn = ecn;
  return p;
}

// ---- queues -----------------------------------------------------------------------

// RED with avg = the queue each arrival sees (weight 1) held at 10 packets, between
// min_th 5 and max_th 15: every early decision. An ECT queue and a Not-ECT queue on
// the same seed make the same decisions (a mark restarts the count as a drop does),
// so the ECT one marks exactly where the other drops, and drops nothing.
TEST(EcnRed, MarksEctPacketsWhereItWouldDropEarlyBelowMaxThreshold) {
  auto hold_at_ten = [](Ecn ecn) {
    PacketPool pool;
    RedQueue::Params params;
    params.weight = 1.0;
    params.max_p = 0.5;
    params.limit_packets = 1000;
    RedQueue red(&pool, params, Random(11));
    // Fill to 10 with Not-ECT packets (early drops on the way are fine).
    while (red.length_packets() < 10) red.Enqueue(EcnPacket(pool, Ecn::kNotEct), Time::Zero());
    const QueueStats before = red.stats();
    for (int k = 0; k < 2000; ++k) {
      if (red.Enqueue(EcnPacket(pool, ecn), Time::Zero())) pool.Release(red.Dequeue(Time::Zero()));
      EXPECT_EQ(red.length_packets(), 10);
    }
    QueueStats during = red.stats();
    during.aqm_drops -= before.aqm_drops;
    during.ecn_marks -= before.ecn_marks;
    return during;
  };
  const QueueStats ect = hold_at_ten(Ecn::kEct0);
  const QueueStats not_ect = hold_at_ten(Ecn::kNotEct);
  EXPECT_GT(not_ect.aqm_drops, 100);
  EXPECT_EQ(not_ect.ecn_marks, 0);
  EXPECT_EQ(ect.aqm_drops, 0);
  EXPECT_EQ(ect.ecn_marks, not_ect.aqm_drops);
  EXPECT_EQ(ect.overflow_drops, 0);
}

// At or above max_th RED's decision is forced: an ECT packet is dropped too (ns-2
// setbit_ marks only below max_th), and a full queue drops whatever arrives.
TEST(EcnRed, DropsEctPacketsWhenTheAverageReachesMaxThresholdOrTheQueueIsFull) {
  PacketPool pool;
  RedQueue::Params params;
  params.weight = 1.0;
  params.limit_packets = 1000;
  RedQueue red(&pool, params, Random(7));
  while (red.length_packets() < 15) red.Enqueue(EcnPacket(pool, Ecn::kEct0), Time::Zero());
  const int64_t marks = red.stats().ecn_marks;
  for (int k = 0; k < 20; ++k) EXPECT_FALSE(red.Enqueue(EcnPacket(pool, Ecn::kEct0), Time::Zero()));
  EXPECT_EQ(red.stats().ecn_marks, marks);

  RedQueue::Params tiny = params;
  tiny.limit_packets = 3;
  tiny.min_thresh_packets = 100;  // never early: only the limit
  tiny.max_thresh_packets = 200;
  RedQueue full(&pool, tiny, Random(7));
  for (int k = 0; k < 3; ++k) EXPECT_TRUE(full.Enqueue(EcnPacket(pool, Ecn::kEct0), Time::Zero()));
  EXPECT_FALSE(full.Enqueue(EcnPacket(pool, Ecn::kEct0), Time::Zero()));
  EXPECT_EQ(full.stats().overflow_drops, 1);
  EXPECT_EQ(full.stats().ecn_marks, 0);
}

// DCTCP §3.1: mark on the instantaneous queue, from K waiting on; never below.
TEST(EcnStep, MarksExactlyTheArrivalsThatFindKOrMoreWaiting) {
  PacketPool pool;
  StepMarkQueue step(&pool, StepMarkQueue::Params{50, 5});
  std::vector<Packet*> in;
  for (int k = 0; k < 12; ++k) {
    Packet* p = EcnPacket(pool, Ecn::kEct0);
    ASSERT_TRUE(step.Enqueue(p, Time::Zero()));
    in.push_back(p);
  }
  for (int k = 0; k < 12; ++k) EXPECT_EQ(in[k]->ecn == Ecn::kCe, k >= 5) << "arrival " << k << " found " << k;
  EXPECT_EQ(step.stats().ecn_marks, 7);
  // Drain to 4 waiting: the next arrival finds fewer than K and is not marked; the
  // one after it finds K.
  while (step.length_packets() > 4) pool.Release(step.Dequeue(Time::Zero()));
  Packet* below = EcnPacket(pool, Ecn::kEct0);
  Packet* at = EcnPacket(pool, Ecn::kEct1);
  step.Enqueue(below, Time::Zero());
  step.Enqueue(at, Time::Zero());
  EXPECT_EQ(below->ecn, Ecn::kEct0);
  EXPECT_EQ(at->ecn, Ecn::kCe);
}

TEST(EcnStep, DropsNotEctArrivalsAtKAndEverythingWhenFull) {
  PacketPool pool;
  StepMarkQueue step(&pool, StepMarkQueue::Params{8, 3});
  for (int k = 0; k < 3; ++k) EXPECT_TRUE(step.Enqueue(EcnPacket(pool, Ecn::kNotEct), Time::Zero()));
  EXPECT_FALSE(step.Enqueue(EcnPacket(pool, Ecn::kNotEct), Time::Zero()));
  EXPECT_EQ(step.stats().aqm_drops, 1);
  while (step.length_packets() < 8) ASSERT_TRUE(step.Enqueue(EcnPacket(pool, Ecn::kEct0), Time::Zero()));
  EXPECT_FALSE(step.Enqueue(EcnPacket(pool, Ecn::kEct0), Time::Zero()));
  EXPECT_EQ(step.stats().overflow_drops, 1);
  EXPECT_EQ(step.stats().ecn_marks, 5);
}

// CoDel overloaded (2 packets in per 1 out) with ECT packets: where it would drop
// (first ~110 ms in, RFC 8289 §5.3) it marks and sends; nothing is dropped.
TEST(EcnCodel, MarksEctPacketsInsteadOfDroppingThem) {
  PacketPool pool;
  CodelQueue codel(&pool, CodelQueue::Params{});
  std::vector<Time> marks;
  Time next_in = Time::Zero(), next_out = Ms(1);
  while (next_out <= Time::FromMilliseconds(800)) {
    if (next_in <= next_out) {
      codel.Enqueue(EcnPacket(pool, Ecn::kEct0), next_in);
      next_in += Ms(0.5);
      continue;
    }
    if (Packet* p = codel.Dequeue(next_out)) {
      if (p->ecn == Ecn::kCe) marks.push_back(next_out);
      pool.Release(p);
    }
    next_out += Ms(1);
  }
  EXPECT_EQ(codel.stats().aqm_drops, 0);
  EXPECT_EQ(codel.stats().ecn_marks, static_cast<int64_t>(marks.size()));
  ASSERT_GE(marks.size(), 3u);
  EXPECT_NEAR(marks[0].milliseconds(), 10 + 100, 2);
  // The control law spaces the marks as it would the drops: 100, then 100/sqrt(2).
  EXPECT_NEAR((marks[1] - marks[0]).milliseconds(), 100.0, 1.01);
  EXPECT_NEAR((marks[2] - marks[1]).milliseconds(), 70.7, 1.01);
  EXPECT_TRUE(codel.dropping());
}

// ---- the receiver (RFC 3168 §6.1.3) -------------------------------------------------

// Keeps the ACKs a receiver sends.
class EcnAckSink final : public PacketSink {
 public:
  explicit EcnAckSink(PacketPool* pool) : pool_(pool) {}
  void Receive(Packet* p) override {
    acks.push_back(Tcp(*p));
    pool_->Release(p);
  }
  std::vector<TcpHeader> acks;

 private:
  PacketPool* pool_;
};

struct EcnReceiverRig {
  explicit EcnReceiverRig(TcpReceiverParams params = {}, std::unique_ptr<TcpReceiverAlgorithm> algorithm = nullptr)
      : sink(&pool), receiver(&scheduler, &pool, params, std::move(algorithm)) {
    reverse.hops = {&sink};
    receiver.set_route(&reverse);
  }
  // The next in-order segment, with its ECN field and CWR flag.
  void Segment(Ecn ecn, bool cwr = false) {
    Packet* p = pool.NewData(0, next_seq, kMss, 40);
    p->ecn = ecn;
    Tcp(*p).cwr = cwr;
    next_seq += kMss;
    receiver.Receive(p);
  }
  Scheduler scheduler;
  PacketPool pool;
  EcnAckSink sink;
  TcpReceiver receiver;
  Route reverse;
  uint64_t next_seq = 0;
};

TEST(EcnReceiver, EchoesEceOnEveryAckFromACeSegmentUntilCwr) {
  EcnReceiverRig rig;
  rig.Segment(Ecn::kEct0);
  rig.Segment(Ecn::kCe);
  rig.Segment(Ecn::kEct0);
  rig.Segment(Ecn::kEct0);
  rig.Segment(Ecn::kEct0, /*cwr=*/true);
  rig.Segment(Ecn::kEct0);
  // CWR and CE on one segment: the new congestion is echoed again.
  rig.Segment(Ecn::kCe, /*cwr=*/true);
  rig.Segment(Ecn::kEct0);
  const std::vector<bool> expected = {false, true, true, true, false, false, true, true};
  ASSERT_EQ(rig.sink.acks.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(rig.sink.acks[i].ece, expected[i]) << "ACK " << i;
    EXPECT_FALSE(rig.sink.acks[i].cwr) << "ACK " << i;
  }
}

// ---- the sender (RFC 3168 §6.1.2) ---------------------------------------------------

// A sender with AIMD whose data the test holds and whose ACKs the test writes.
class EcnSenderRig {
 public:
  explicit EcnSenderRig(bool ecn)
      : held_([] { return std::make_unique<NewRenoRecovery>(); }, [ecn](TcpSenderParams& p) { p.ecn = ecn; }) {}
  // A cumulative ACK of everything up to `ack`, with or without ECE.
  void Ack(uint64_t ack, bool ece) {
    Packet* p = held_.NewAck(ack);
    Tcp(*p).ece = ece;
    held_.Deliver(p);
  }
  const TcpSender& sender() const { return held_.sender(); }
  double cwnd_segments() const { return static_cast<double>(held_.sender().window().cwnd) / kMss; }
  // Every data segment sent so far: sequence, ECN field, CWR.
  const std::vector<Packet>& sent() const { return held_.sent(); }

 private:
  testing::HeldSender held_;
};

TEST(EcnSender, HalvesOncePerWindowOnEceNotOncePerAck) {
  EcnSenderRig rig(true);
  ASSERT_EQ(rig.sent().size(), 20u);
  for (const Packet& p : rig.sent()) EXPECT_EQ(p.ecn, Ecn::kEct0);
  // The first ECE ACK: FlightSize 19 segments -> ssthresh = cwnd = 9.5 (RFC 5681 eq. 4).
  rig.Ack(1 * kMss, true);
  EXPECT_EQ(rig.sender().stats().ecn_responses, 1);
  EXPECT_DOUBLE_EQ(rig.cwnd_segments(), 9.5);
  const size_t window_end = rig.sent().size();
  // ECE on every other ACK of the same window: no second cut, and no growth either.
  for (uint64_t k = 2; k <= 20; ++k) rig.Ack(k * kMss, true);
  EXPECT_EQ(rig.sender().stats().ecn_responses, 1);
  EXPECT_DOUBLE_EQ(rig.cwnd_segments(), 9.5);
  EXPECT_EQ(rig.sender().stats().retransmissions, 0);  // a mark is not a loss
  // CWR on exactly the first new segment sent after the cut.
  ASSERT_GT(rig.sent().size(), window_end);
  int cwr = 0;
  for (size_t i = 0; i < rig.sent().size(); ++i) cwr += Tcp(rig.sent()[i]).cwr ? 1 : 0;
  EXPECT_EQ(cwr, 1);
  EXPECT_TRUE(Tcp(rig.sent()[20]).cwr);
  // An ECE ACK for data sent after the cut: a new window, a second cut.
  const uint64_t next = rig.sent()[20].seq + kMss;
  rig.Ack(next, true);
  EXPECT_EQ(rig.sender().stats().ecn_responses, 2);
  EXPECT_LT(rig.cwnd_segments(), 9.5);
}

TEST(EcnSender, WithoutEcnSendsNotEctAndIgnoresEce) {
  EcnSenderRig rig(false);
  for (const Packet& p : rig.sent()) EXPECT_EQ(p.ecn, Ecn::kNotEct);
  for (uint64_t k = 1; k <= 20; ++k) rig.Ack(k * kMss, true);
  EXPECT_EQ(rig.sender().stats().ecn_responses, 0);
  EXPECT_GT(rig.cwnd_segments(), 20);  // slow start went on
}

// ---- the capture (Wireshark reads what the lesson is about) -------------------------

// The IP ECN field (TOS byte's low bits) and TCP's ECE / CWR flags in a capture.
TEST(EcnCapture, WritesTheEcnFieldAndTheEceAndCwrFlags) {
  auto frame = [](uint8_t ecn, bool ece, bool cwr) {
    std::ostringstream out;
    PcapWriter writer(&out);
    WirePacket p;
    p.ecn = ecn;
    p.ece = ece;
    p.cwr = cwr;
    p.payload = kMss;
    p.wire_bytes = kMss + 40;
    writer.Write(p);
    const std::string bytes = out.str();
    // File header 24, record header 16, Ethernet 14: IP's TOS is byte 1, TCP's flags byte 13.
    const size_t ip = 24 + 16 + 14;
    return std::make_pair(static_cast<uint8_t>(bytes[ip + 1]), static_cast<uint8_t>(bytes[ip + 20 + 13]));
  };
  EXPECT_EQ(frame(0, false, false), std::make_pair(uint8_t{0}, uint8_t{0x10}));
  EXPECT_EQ(frame(2, false, true), std::make_pair(uint8_t{2}, uint8_t{0x90}));
  EXPECT_EQ(frame(3, true, false), std::make_pair(uint8_t{3}, uint8_t{0x50}));
}

// ---- validation ---------------------------------------------------------------------

nlohmann::json EcnScenario(const std::string& queue) {
  return {{"duration_s", 1},
          {"topology", {{"bottleneck", {{"queue", queue}, {"queue_packets", 50}}}}},
          {"flows", {{{"protocol", "newreno"}, {"tcp", {{"ecn", true}}}}}}};
}

TEST(EcnValidation, EcnOnADropTailPathIsRefusedNamingTheFieldAndTheQueuesThatMark) {
  const std::string error = testing::FirstError(EcnScenario("drop_tail").dump());
  EXPECT_NE(error.find("flows[0].tcp.ecn"), std::string::npos) << error;
  // Every discipline that marks is named, and each runs the flow.
  for (const QueueEntry& e : QueueEntries()) {
    if (!e.can_mark) continue;
    EXPECT_NE(error.find(e.name), std::string::npos) << e.name << ": " << error;
    testing::RunOk(EcnScenario(e.name));
  }
  EXPECT_NE(error.find("red, codel, step"), std::string::npos) << error;
}

TEST(EcnValidation, AStepThresholdOutsideOneToTheBufferIsRefused) {
  for (const int k : {0, -3}) {
    nlohmann::json s = EcnScenario("step");
    s["topology"]["bottleneck"]["step"]["k_packets"] = k;
    const std::string error = testing::FirstError(s.dump());
    EXPECT_NE(error.find("topology.bottleneck.step.k_packets"), std::string::npos) << error;
    EXPECT_NE(error.find("1"), std::string::npos) << error;
  }
  nlohmann::json s = EcnScenario("step");
  s["topology"]["bottleneck"]["step"]["k_packets"] = 51;
  const std::string error = testing::FirstError(s.dump());
  EXPECT_NE(error.find("topology.bottleneck.step.k_packets must be 1 to topology.bottleneck.queue_packets (50)"),
            std::string::npos)
      << error;
}

}  // namespace
}  // namespace plab
