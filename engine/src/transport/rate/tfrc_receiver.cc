#include "transport/rate/tfrc_receiver.h"

#include <algorithm>

#include "transport/rate/tfrc_header.h"

namespace plab {

TfrcReceiver::TfrcReceiver(Scheduler* scheduler, PacketPool* pool, const Params& params)
    : scheduler_(scheduler), pool_(pool), params_(params) {}

void TfrcReceiver::Restart(uint32_t flow) {
  ReceiverObserver* observer = observer_;
  const Route* route = route_;
  const uint64_t generation = generation_ + 1;  // timers of the old connection go stale
  Params params = params_;
  params.flow = flow;
  *this = TfrcReceiver(scheduler_, pool_, params);
  observer_ = observer;
  route_ = route;
  generation_ = generation;
}

void TfrcReceiver::Receive(Packet* p) {
  if (p->flow != params_.flow || p->is_feedback()) {
    pool_->Release(p);  // a packet of an earlier connection
    return;
  }
  const Time now = scheduler_->now();
  const TfrcDataHeader h = TfrcData(*p);
  const uint32_t payload = p->payload;
  received_bytes_ += payload;
  bytes_since_feedback_ += payload;
  pool_->Release(p);
  if (observer_ != nullptr) {
    observer_->OnNewBytesArrived(now, payload);  // no retransmissions: every arrival is new and in order
    observer_->OnInOrderBytes(now, received_bytes_);
  }
  if (h.rtt > Time::Zero()) rtt_ = h.rtt;

  bool new_event = false;
  if (h.seq_no > next_seq_no_) {
    // Packets next_seq_no_ .. seq_no - 1 are lost. Their send times lie between the
    // last packet's and this one's (§5.2); a loss starts a new event if it was sent
    // more than one RTT after the current event's first loss.
    const uint64_t gap = h.seq_no - next_seq_no_;
    for (uint64_t k = 0; k < gap; ++k) {
      const Time sent = last_timestamp_ +
                        (h.timestamp - last_timestamp_) * static_cast<int64_t>(k + 1) / static_cast<int64_t>(gap + 1);
      if (!any_event_ || sent > event_start_ + rtt_) {
        // The first event's interval is the one the receive rate implies (§6.3.1).
        const double elapsed_s = std::max((now - last_feedback_).seconds(), 1e-3);
        const double x_recv = static_cast<double>(bytes_since_feedback_) / elapsed_s;
        const double first_p =
            LossRateForRate(params_.equation, params_.segment_bytes, std::max(rtt_.seconds(), 1e-3), x_recv);
        intervals_.OnLossEvent(next_seq_no_ + k, 1 / first_p);
        event_start_ = sent;
        any_event_ = true;
        ++loss_events_;
        new_event = true;
      }
    }
  }
  next_seq_no_ = std::max(next_seq_no_, h.seq_no + 1);
  intervals_.OnPacket(h.seq_no);
  last_timestamp_ = h.timestamp;
  last_arrival_ = now;
  data_since_feedback_ = true;

  if (!started_) {
    started_ = true;
    last_feedback_ = now;
    SendFeedback();  // §6.3: the first packet is answered at once
    return;
  }
  if (new_event || rtt_ == Time::Zero()) SendFeedback();
  if (!timer_armed_ && rtt_ > Time::Zero()) ArmTimer(rtt_);
}

void TfrcReceiver::ArmTimer(Time rtt) {
  timer_armed_ = true;
  scheduler_->After(rtt, this, 0, generation_);
}

void TfrcReceiver::OnEvent(uint32_t, uint64_t arg) {
  if (arg != generation_) return;
  timer_armed_ = false;
  // §6.2: no feedback while nothing arrives; the timer waits for the next packet.
  if (!data_since_feedback_) return;
  SendFeedback();
  ArmTimer(rtt_ > Time::Zero() ? rtt_ : Time::FromMilliseconds(100));
}

void TfrcReceiver::SendFeedback() {
  if (route_ == nullptr) return;
  const Time now = scheduler_->now();
  Packet* p = pool_->NewFeedback(params_.flow, params_.feedback_bytes);
  TfrcFeedbackHeader& fb = TfrcFeedback(*p);
  fb = TfrcFeedbackHeader{};
  fb.timestamp_echo = last_timestamp_;
  fb.delay = now - last_arrival_;
  const double elapsed_s = (now - last_feedback_).seconds();
  fb.x_recv_bps = elapsed_s > 0 ? static_cast<double>(bytes_since_feedback_) / elapsed_s
                                : static_cast<double>(bytes_since_feedback_);
  fb.p = intervals_.LossEventRate();
  bytes_since_feedback_ = 0;
  last_feedback_ = now;
  data_since_feedback_ = false;
  ++feedback_sent_;
  route_->Inject(p);
}

}  // namespace plab
