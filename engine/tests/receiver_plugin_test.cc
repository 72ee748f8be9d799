// A receiver can hold protocol logic and timers and write protocol fields into its
// ACKs, and the sender's congestion control can follow them: the shape of TCP-Real,
// whose receiver decides the sender's window (TCP-Real §2). Here a toy receiver asks
// for 4 segments, and after a timer of its own fires at 1 s, for 12; the sender's
// window follows exactly what the ACKs carry.
#include <gtest/gtest.h>

#include "net/link.h"
#include "net/queue/drop_tail_queue.h"
#include "net/route.h"
#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/receiver_algorithm.h"
#include "transport/tcp/recovery/newreno_recovery.h"
#include "transport/tcp/tcp_receiver.h"
#include "transport/tcp/tcp_sender.h"

namespace plab {
namespace {

struct WindowRequest {
  uint32_t segments = 0;
};

class AskingReceiver final : public TcpReceiverAlgorithm, public EventHandler {
 public:
  void Attach(Scheduler* scheduler, TcpReceiverActions* actions) override {
    actions_ = actions;
    scheduler->At(Time::FromSeconds(1), this, 0);
  }
  void OnSegment(Time, const Packet&) override { ++segments_; }
  void OnAckBuilt(Time, TcpHeader& ack) override { ack.option.As<WindowRequest>().segments = asked_; }
  void OnEvent(uint32_t, uint64_t) override {
    asked_ = 12;
    actions_->SendAckNow();  // tell the sender at once, not at the next segment
  }
  int segments() const { return segments_; }

 private:
  TcpReceiverActions* actions_ = nullptr;
  uint32_t asked_ = 4;
  int segments_ = 0;
};

class FollowTheReceiver final : public CongestionControl {
 public:
  FollowTheReceiver() { reads_ack_header_ = true; }
  void OnAck(const TcpState&, uint64_t, Time) override {}
  void OnAckHeader(const TcpHeader& header, Time) override {
    const uint32_t asked = header.option.As<WindowRequest>().segments;
    if (asked > 0) cwnd_ = static_cast<uint64_t>(asked) * mss_;
  }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState&, uint64_t) override { return cwnd_; }
};

class Recorder final : public TcpSenderObserver {
 public:
  void OnWindow(Time now, const WindowSnapshot& w) override {
    if (now < Time::FromMilliseconds(900)) max_before = std::max(max_before, w.cwnd);
    last = w.cwnd;
    max_flight = std::max(max_flight, w.flight_size);
  }
  uint64_t max_before = 0, last = 0, max_flight = 0;
};

TEST(ReceiverPlugIn, TheSenderFollowsWhatTheReceiverWritesIntoItsAcks) {
  Scheduler scheduler;
  PacketPool pool;
  auto link = [&] {
    return std::make_unique<Link>(&scheduler, &pool,
                                  Link::Params{Bandwidth::FromMbpsDouble(10), Time::FromMilliseconds(10)},
                                  std::make_unique<DropTailQueue>(&pool, 100), nullptr);
  };
  auto forward_link = link();
  auto reverse_link = link();
  BulkSource source;
  TcpSender::PluginMakers makers;
  makers.congestion_control = [] { return std::make_unique<FollowTheReceiver>(); };
  makers.loss_recovery = [] { return std::make_unique<NewRenoRecovery>(); };
  TcpSender sender(&scheduler, &pool, TcpSenderParams{}, makers, &source);
  auto algorithm = std::make_unique<AskingReceiver>();
  AskingReceiver* asking = algorithm.get();
  TcpReceiver receiver(&scheduler, &pool, TcpReceiverParams{}, std::move(algorithm));
  Route forward, reverse;
  forward.hops = {forward_link.get(), &receiver};
  reverse.hops = {reverse_link.get(), &sender};
  sender.set_route(&forward);
  receiver.set_route(&reverse);
  Recorder recorder;
  sender.set_tcp_observer(&recorder);
  sender.Start();
  scheduler.RunUntil(Time::FromSeconds(2));

  EXPECT_GT(asking->segments(), 100);
  EXPECT_EQ(recorder.max_before, 4000u);  // only what the receiver asked for
  EXPECT_EQ(recorder.last, 12000u);       // then what its timer decided
  EXPECT_LE(recorder.max_flight, 12000u);
}

}  // namespace
}  // namespace plab
