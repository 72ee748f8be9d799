#include "transport/rate/ngchan_rate.h"

#include <algorithm>

#include "transport/rate/tfrc_header.h"
#include "transport/throughput_models.h"

namespace plab {

double NgChanRateBytesPerSecond(NgChanEquation equation, double segment_bytes, double rtt_s, double rto_s, double p) {
  const ModelInputs in{segment_bytes, rtt_s, rto_s, p, 1};
  switch (equation) {
    case NgChanEquation::kSimple:
      return SimpleModelBytesPerSecond(in);
    case NgChanEquation::kComplex:
      return ComplexModelBytesPerSecond(in);
    case NgChanEquation::kModified:
      return ModifiedModelBytesPerSecond(in);
  }
  return 0;
}

// ---- receiver ---------------------------------------------------------------------

void NgChanReceiver::Restart(uint32_t flow) {
  flow_ = flow;
  received_bytes_ = received_ = 0;
  acks_ = 0;
}

void NgChanReceiver::Receive(Packet* p) {
  if (p->flow != flow_ || p->is_feedback()) {
    pool_->Release(p);
    return;
  }
  const TfrcDataHeader data = TfrcData(*p);
  received_bytes_ += p->payload;
  ++received_;
  if (observer_ != nullptr) {
    observer_->OnNewBytesArrived(scheduler_->now(), p->payload);  // no retransmissions: every arrival is new
    observer_->OnInOrderBytes(scheduler_->now(), received_bytes_);
  }
  // The same packet goes back as the ACK.
  p->kind = PacketKind::kFeedback;
  p->payload = 0;
  p->wire_bytes = ack_bytes_;
  p->header.As<NgChanAckHeader>() = NgChanAckHeader{data.seq_no, received_, data.timestamp};
  ++acks_;
  route_->Inject(p);
}

// ---- sender -----------------------------------------------------------------------

NgChanSender::NgChanSender(Scheduler* scheduler, PacketPool* pool, const Params& params, DataSource* source)
    : RateSender(scheduler, pool, source), scheduler_(scheduler), pool_(pool), params_(params), rtt_(params.rtt) {}

void NgChanSender::Start() {
  started_ = true;
  interval_ = rtt_.rto();  // one packet per initial RTO until an RTT is measured
  transfer_.set_delivery_wait(rtt_.rto());
  Report(0);
  SendNext();
  scheduler_->After(rtt_.rto(), this, kRound, generation_);
}

void NgChanSender::Restart(uint32_t flow) {
  ++generation_;
  params_.flow = flow;
  rtt_ = RttStats(params_.rtt);
  p_ = 0;
  acks_ = 0;
  transfer_.Reset();
  highest_acked_ = received_ = round_highest_ = round_missing_ = 0;
  total_accounted_ = total_loss_indications_ = 0;
  any_ack_ = started_ = send_pending_ = timing_ = false;
}

void NgChanSender::SendNext() {
  if (!started_ || send_pending_) return;
  uint32_t len = 0;
  Time retry;
  const RateTransfer::Next next = transfer_.Prepare(params_.segment_bytes, &len, &retry);
  if (next == RateTransfer::Next::kDone) return;
  send_pending_ = true;
  if (next == RateTransfer::Next::kWait) {
    scheduler_->At(retry, this, kSend, generation_);
    return;
  }
  transfer_.Send(route_, params_.flow, len, params_.header_bytes, rtt_.has_sample() ? rtt_.srtt() : Time::Zero());
  if (rtt_.timers().TimesOneSegmentPerRtt() && !timing_) {
    // "Time this transmission if ... not currently timing anything" (ns-2 tcp.cc output()).
    timing_ = true;
    timed_seq_ = static_cast<uint64_t>(transfer_.packets_sent() - 1);
    timed_at_ = scheduler_->now();
  }
  scheduler_->At(scheduler_->now() + std::max(interval_, Time::FromNanoseconds(1)), this, kSend, generation_);
}

void NgChanSender::Receive(Packet* p) {
  if (p->flow != params_.flow || !p->is_feedback() || !started_) {
    pool_->Release(p);
    return;
  }
  const NgChanAckHeader ack = p->header.As<NgChanAckHeader>();
  pool_->Release(p);
  ++acks_;
  // Every packet is sent once: each ACK is a valid sample (Karn's rule holds trivially).
  rtt_.OnSample(scheduler_->now() - ack.timestamp_echo);
  if (rtt_.timers().TimesOneSegmentPerRtt() && timing_ && ack.seq_no >= timed_seq_) {
    // The timed packet's ACK is a sample; an ACK past it means it was lost: no sample.
    timing_ = false;
    if (ack.seq_no == timed_seq_) rtt_.OnTimedSample(scheduler_->now() - timed_at_, scheduler_->now(), false);
  }
  if (observer_ != nullptr) observer_->OnRtt(scheduler_->now(), rtt_);
  highest_acked_ = std::max(highest_acked_, ack.seq_no);
  received_ = std::max(received_, ack.received);
  any_ack_ = true;
  transfer_.set_delivery_wait(rtt_.rto());
  transfer_.OnEcho(ack.timestamp_echo);
}

void NgChanSender::OnEvent(uint32_t tag, uint64_t arg) {
  if (arg != generation_) return;
  if (tag == kSend) {
    send_pending_ = false;
    SendNext();
    return;
  }
  // kRound: what the ACKs tell since the last round's end.
  if (any_ack_) {
    const uint64_t highest = highest_acked_ + 1;
    const uint64_t missing = highest - std::min(highest, received_);
    EndRound(highest - round_highest_, missing - std::min(missing, round_missing_));
    round_highest_ = highest;
    round_missing_ = missing;
  }
  if (!transfer_.completed())
    scheduler_->After(rtt_.has_sample() ? rtt_.srtt() : rtt_.rto(), this, kRound, generation_);
}

double NgChanSender::EquationBps(double p) const {
  return NgChanRateBytesPerSecond(params_.equation, params_.segment_bytes, rtt_.srtt().seconds(), rtt_.rto().seconds(),
                                  p);
}

void NgChanSender::EndRound(uint64_t sent_in_round, uint64_t lost_in_round) {
  if (!rtt_.has_sample() || sent_in_round == 0) return;
  const Time rtt = rtt_.srtt();
  total_accounted_ += sent_in_round;
  // §2.2: p is "the frequency of loss indications per packet sent" (§3.1: "drop signals
  // per packet sent"): a round with losses is one indication, as a TCP window with losses
  // is one halving, however many of its packets were lost.
  if (lost_in_round > 0) ++total_loss_indications_;
  if (lost_in_round > 0) {
    // A loss: the equation's rate at the loss rate.
    p_ = params_.round_loss_rate
             ? static_cast<double>(std::min(lost_in_round, sent_in_round)) / static_cast<double>(sent_in_round)
             : static_cast<double>(total_loss_indications_) / static_cast<double>(total_accounted_);
    interval_ = Time::FromSecondsDouble(params_.segment_bytes / EquationBps(p_));
  } else {
    const double max_bps = p_ > 0 ? EquationBps(p_) : 0;
    if (p_ == 0 || RateBps() < max_bps) {
      // One more packet next round: interval x RTT / (interval + RTT).
      interval_ = Time::FromSecondsDouble(interval_.seconds() * rtt.seconds() / (interval_.seconds() + rtt.seconds()));
    }
    if (p_ > 0 && RateBps() > max_bps) interval_ = Time::FromSecondsDouble(params_.segment_bytes / max_bps);
  }
  Report(p_ > 0 ? EquationBps(p_) : 0);
}

void NgChanSender::Report(double equation_bps) {
  if (rate_observer_ != nullptr) rate_observer_->OnRate(scheduler_->now(), RateBps(), equation_bps, p_);
}

}  // namespace plab
