// The TFRC receiver (RFC 5348 §6): it counts what arrives (TFRC does not retransmit:
// the application takes what comes, so every byte received counts as delivered),
// detects losses from gaps in the packet numbers, groups them into loss events (losses
// within one RTT of an event's first loss belong to it, §5.2), keeps the loss
// intervals (loss_intervals.h), and sends feedback once per RTT, at once when a new
// loss event begins (§6.2), and not at all while no data arrives.
//
// Choices: a gap is a loss as soon as the next packet arrives (the simulator does not
// reorder; RFC 5348 §5.1 waits for three later packets); a lost packet's send time is
// interpolated between its neighbours' timestamps (§5.2); until the sender has an RTT,
// every data packet is answered.
#pragma once

#include <cstdint>

#include "net/route.h"
#include "sim/scheduler.h"
#include "transport/endpoint.h"
#include "transport/rate/loss_intervals.h"
#include "transport/rate/tfrc_equation.h"

namespace plab {

class TfrcReceiver final : public ReceiverEndpoint, public EventHandler {
 public:
  struct Params {
    uint32_t flow = 0;
    uint32_t segment_bytes = 1000;
    uint32_t feedback_bytes = 40;
    RateEquation equation = RateEquation::kRfc5348;
  };

  TfrcReceiver(Scheduler* scheduler, PacketPool* pool, const Params& params);

  // ReceiverEndpoint
  void set_route(const Route* route) override { route_ = route; }
  void set_observer(ReceiverObserver* observer) override { observer_ = observer; }
  uint64_t in_order_bytes() const override { return received_bytes_; }
  int64_t feedback_sent() const override { return feedback_sent_; }
  void Restart(uint32_t flow) override;
  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;

  const LossIntervals& loss_intervals() const { return intervals_; }
  int64_t loss_events() const { return loss_events_; }

 private:
  void SendFeedback();
  void ArmTimer(Time rtt);

  Scheduler* scheduler_;
  PacketPool* pool_;
  Params params_;
  const Route* route_ = nullptr;
  ReceiverObserver* observer_ = nullptr;

  LossIntervals intervals_;
  uint64_t received_bytes_ = 0;
  uint64_t next_seq_no_ = 0;  // the packet number expected next
  Time last_timestamp_;       // of the newest data packet
  Time last_arrival_;
  Time rtt_;          // the sender's, from its packets
  Time event_start_;  // send time of the current loss event's first loss
  bool any_event_ = false;
  int64_t loss_events_ = 0;
  uint64_t bytes_since_feedback_ = 0;
  Time last_feedback_;
  bool data_since_feedback_ = false;
  bool started_ = false;
  int64_t feedback_sent_ = 0;
  uint64_t generation_ = 0;  // stale timer events carry an older one
  bool timer_armed_ = false;
};

}  // namespace plab
