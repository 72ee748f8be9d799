#include "transport/rate/tfrc_sender.h"

#include <algorithm>

#include "transport/rate/tfrc_header.h"

namespace plab {

TfrcSender::TfrcSender(Scheduler* scheduler, PacketPool* pool, const Params& params, DataSource* source)
    : RateSender(scheduler, pool, source), scheduler_(scheduler), pool_(pool), params_(params) {}

void TfrcSender::Start() {
  started_ = true;
  x_bps_ = params_.segment_bytes;  // §4.2: one packet per second until feedback
  Report();
  ArmNoFeedback(Time::FromSeconds(2));
  transfer_.set_delivery_wait(Time::FromSeconds(2));
  SendNext();
}

void TfrcSender::Restart(uint32_t flow) {
  ++generation_;
  params_.flow = flow;
  rtt_stats_ = RttStats(RttStats::Params{});
  x_bps_ = x_calc_bps_ = p_ = 0;
  rtt_ = last_doubling_ = Time::Zero();
  feedback_received_ = 0;
  transfer_.Reset();
  started_ = send_pending_ = paced_ = false;
}

void TfrcSender::SendNext() {
  if (!started_ || send_pending_) return;
  uint32_t len = 0;
  Time retry;
  switch (transfer_.Prepare(params_.segment_bytes, &len, &retry)) {
    case RateTransfer::Next::kDone:
      return;
    case RateTransfer::Next::kWait:
      // The application has nothing yet: ask again when it will.
      paced_ = false;
      ScheduleSend(retry);
      return;
    case RateTransfer::Next::kSend:
      break;
  }
  const Time now = scheduler_->now();
  transfer_.Send(route_, params_.flow, len, params_.header_bytes, rtt_);
  // The next packet one inter-packet interval later (§4.6: t_ipi = s / X).
  last_send_ = now;
  paced_ = true;
  ScheduleSend(NextPacedSend());
}

Time TfrcSender::NextPacedSend() const {
  const Time ipi = Time::FromSecondsDouble(params_.segment_bytes / x_bps_);
  return std::max(last_send_ + std::max(ipi, Time::FromNanoseconds(1)), scheduler_->now());
}

void TfrcSender::ScheduleSend(Time at) {
  send_pending_ = true;
  send_id_ = (generation_ << 40) + (send_id_ & ((1ULL << 40) - 1)) + 1;
  scheduler_->At(at, this, kSend, send_id_);
}

void TfrcSender::RateChanged() {
  Report();
  // A pacing wait follows the new rate at once (a faster rate need not wait out the
  // slower interval).
  if (send_pending_ && paced_) ScheduleSend(NextPacedSend());
}

void TfrcSender::OnEvent(uint32_t tag, uint64_t arg) {
  if (tag == kSend) {
    if (arg != send_id_) return;
    send_pending_ = false;
    SendNext();
    return;
  }
  // kNoFeedback: only the newest timer counts.
  if (arg != nofeedback_id_ || transfer_.completed()) return;
  x_bps_ = std::max(x_bps_ / 2, MinRate());
  RateChanged();
  const Time rto = rtt_ > Time::Zero()
                       ? std::max(rtt_ * 4, Time::FromSecondsDouble(2.0 * params_.segment_bytes / x_bps_))
                       : Time::FromSeconds(2);
  ArmNoFeedback(rto);
}

void TfrcSender::ArmNoFeedback(Time after) {
  // A fresh id per arming: the generation of the connection is in the high bits.
  nofeedback_id_ = (generation_ << 40) + (nofeedback_id_ & ((1ULL << 40) - 1)) + 1;
  scheduler_->After(after, this, kNoFeedback, nofeedback_id_);
}

void TfrcSender::Receive(Packet* p) {
  if (p->flow != params_.flow || !p->is_feedback() || !started_) {
    pool_->Release(p);
    return;
  }
  const Time now = scheduler_->now();
  const TfrcFeedbackHeader fb = TfrcFeedback(*p);
  pool_->Release(p);
  ++feedback_received_;
  const Time sample = now - fb.timestamp_echo - fb.delay;
  if (sample > Time::Zero()) {
    // §4.3 step 2: R = q R + (1 - q) R_sample, q = 0.9.
    rtt_ = rtt_ == Time::Zero() ? sample : Time::FromSecondsDouble(0.9 * rtt_.seconds() + 0.1 * sample.seconds());
    rtt_stats_.OnSample(sample);
    if (observer_ != nullptr) observer_->OnRtt(now, rtt_stats_);
  }
  const double r = std::max(rtt_.seconds(), 1e-6);
  const double s = params_.segment_bytes;
  p_ = fb.p;
  if (p_ > 0) {
    x_calc_bps_ = RateEquationBytesPerSecond(params_.equation, s, r, p_);
    x_bps_ = std::max(std::min(x_calc_bps_, 2 * fb.x_recv_bps), MinRate());
  } else if (now - last_doubling_ >= rtt_) {
    const double w_init = std::min(4 * s, std::max(2 * s, 4380.0));
    x_bps_ = std::max(std::min(2 * x_bps_, 2 * fb.x_recv_bps), w_init / r);
    last_doubling_ = now;
  }
  RateChanged();
  const Time nofeedback = std::max(rtt_ * 4, Time::FromSecondsDouble(2 * s / x_bps_));
  ArmNoFeedback(nofeedback);
  // The last packet's answer is due within the no-feedback time (§4.4).
  transfer_.set_delivery_wait(nofeedback);
  transfer_.OnEcho(fb.timestamp_echo);
}

void TfrcSender::Report() {
  if (rate_observer_ != nullptr) rate_observer_->OnRate(scheduler_->now(), x_bps_, p_ > 0 ? x_calc_bps_ : 0, p_);
}

}  // namespace plab
