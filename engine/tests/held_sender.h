// A TCP sender whose data segments a test holds and whose ACKs the test writes: AIMD,
// 1000-byte segments, an initial window of 20 (all sent at Start), the loss recovery
// `make` builds; `configure` sets any other parameter. For tests of the sender's rules
// on chosen ACKs (ecn_test.cc, sack_dupack_test.cc).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "net/route.h"
#include "sim/scheduler.h"
#include "test_util.h"
#include "transport/data_source.h"
#include "transport/tcp/cc/aimd.h"
#include "transport/tcp/tcp_sender.h"

namespace plab::testing {

class HeldSender {
 public:
  explicit HeldSender(std::function<std::unique_ptr<LossRecovery>()> make,
                      const std::function<void(TcpSenderParams&)>& configure = {})
      : data_(&pool_) {
    TcpSenderParams params;
    params.mss = kMss;
    params.initial_window_segments = 20;
    if (configure) configure(params);
    TcpSender::PluginMakers makers;
    makers.congestion_control = [] { return std::make_unique<Aimd>(); };
    makers.loss_recovery = std::move(make);
    sender_ = std::make_unique<TcpSender>(&scheduler_, &pool_, params, makers, &source_);
    forward_.hops = {&data_};
    sender_->set_route(&forward_);
    sender_->Start();
  }
  // An ACK of every byte below `ack` for the test to fill in and Deliver.
  Packet* NewAck(uint64_t ack) {
    Packet* p = pool_.NewFeedback(0, 40);
    Tcp(*p).ack = ack;
    return p;
  }
  void Deliver(Packet* ack) { sender_->Receive(ack); }
  const TcpSender& sender() const { return *sender_; }
  // Every data segment sent so far, in order (copies: the originals go back to the pool).
  const std::vector<Packet>& sent() const { return data_.sent; }

 private:
  class DataSink final : public PacketSink {
   public:
    explicit DataSink(PacketPool* pool) : pool_(pool) {}
    void Receive(Packet* p) override {
      sent.push_back(*p);
      pool_->Release(p);
    }
    std::vector<Packet> sent;

   private:
    PacketPool* pool_;
  };

  Scheduler scheduler_;
  PacketPool pool_;
  BulkSource source_;
  DataSink data_;
  Route forward_;
  std::unique_ptr<TcpSender> sender_;
};

}  // namespace plab::testing
