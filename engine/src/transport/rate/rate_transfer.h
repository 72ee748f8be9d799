// What every rate-based sender does with its application's data: hands it out a packet
// at a time (numbered, timestamped, with the sender's RTT estimate: tfrc_header.h's data
// fields), and completes a finite transfer as TCP does, when its data has arrived: once
// the last byte has left and the receiver's feedback echoes the last packet's timestamp
// (TCP: the ACK of the last byte). Nothing is retransmitted, so a last packet (or its
// answer) that is lost ends the transfer when no answer has come a delivery wait (the
// sender's RTO or no-feedback time) after it left. Until then bytes still queued on the
// path count in the goodput's span. The senders (TFRC, Ng & Chan's) decide only when
// to send.
#pragma once

#include <cstdint>

#include "net/route.h"
#include "sim/scheduler.h"
#include "transport/data_source.h"
#include "transport/endpoint.h"

namespace plab {

class RateTransfer final : public EventHandler {
 public:
  RateTransfer(Scheduler* scheduler, PacketPool* pool, DataSource* source)
      : scheduler_(scheduler), pool_(pool), source_(source) {}

  enum class Next { kSend, kWait, kDone };
  // Whether a packet of up to `segment_bytes` may leave now: kSend with its length,
  // kWait with when the application will have data, kDone once everything has left
  // (the transfer completes when it has arrived).
  Next Prepare(uint32_t segment_bytes, uint32_t* len, Time* retry_at);
  // Sends that packet along `route`.
  void Send(const Route* route, uint32_t flow, uint32_t len, uint32_t header_bytes, Time rtt_estimate);
  // The application closes: complete once what it handed over has arrived.
  void Close();
  // The receiver's feedback echoes the timestamp of the newest packet it has seen.
  void OnEcho(Time timestamp_echo);
  // How long after the last packet left its answer may take (the sender's RTO).
  void set_delivery_wait(Time wait) { delivery_wait_ = wait; }
  // A new connection: nothing sent yet.
  void Reset();
  void OnEvent(uint32_t tag, uint64_t arg) override;

  void set_observer(SenderObserver* observer) { observer_ = observer; }
  bool completed() const { return completed_; }
  Time completed_at() const { return completed_at_; }
  int64_t packets_sent() const { return packets_sent_; }

 private:
  // Everything handed over has left: complete if it has arrived, else wait for it.
  void Drained();
  void Complete();

  Scheduler* scheduler_;
  PacketPool* pool_;
  DataSource* source_;
  SenderObserver* observer_ = nullptr;
  uint64_t seq_no_ = 0;
  uint64_t bytes_sent_ = 0;
  int64_t packets_sent_ = 0;
  Time last_sent_at_;
  Time echoed_ = Time::FromNanoseconds(-1);  // the newest timestamp echoed
  Time delivery_wait_ = Time::FromSeconds(1);
  bool waiting_ = false;
  uint64_t generation_ = 0;  // a wait armed before Reset is stale
  bool completed_ = false;
  Time completed_at_;
};

// What a rate-based sender is as a SenderEndpoint beyond when it sends: its route, its
// observer, and the transfer's completion, all from its RateTransfer.
class RateSender : public SenderEndpoint {
 public:
  RateSender(Scheduler* scheduler, PacketPool* pool, DataSource* source) : transfer_(scheduler, pool, source) {}

  void set_route(const Route* route) override { route_ = route; }
  void set_observer(SenderObserver* observer) override {
    observer_ = observer;
    transfer_.set_observer(observer);
  }
  void Close() override { transfer_.Close(); }
  bool completed() const override { return transfer_.completed(); }
  Time completed_at() const override { return transfer_.completed_at(); }

 protected:
  RateTransfer transfer_;
  const Route* route_ = nullptr;
  SenderObserver* observer_ = nullptr;
};

}  // namespace plab
