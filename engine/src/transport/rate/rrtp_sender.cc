#include "transport/rate/rrtp_sender.h"

#include <algorithm>

#include "transport/rate/interval_averages.h"

namespace plab {

RrtpSender::RrtpSender(Scheduler* scheduler, PacketPool* pool, const Params& params, DataSource* source)
    : scheduler_(scheduler),
      pool_(pool),
      params_(params),
      source_(source),
      rtt_(params.rtt),
      measured_(params.rtt),
      control_({params.mode, params.characteristic_bps, params.grow_when_holding, params.restore_after_cut}),
      loss_rate_(params.characteristic_loss) {}

void RrtpSender::Restart(uint32_t flow) {
  // A new connection: everything but the endpoints and the timers' generation starts
  // again (rebuilt in place, so no field is forgotten).
  Params params = params_;
  params.flow = flow;
  const uint64_t generation = generation_ + 1;
  const Route* route = route_;
  SenderObserver* observer = observer_;
  RateSenderObserver* rate_observer = rate_observer_;
  Scheduler* scheduler = scheduler_;
  PacketPool* pool = pool_;
  DataSource* source = source_;
  this->~RrtpSender();
  new (this) RrtpSender(scheduler, pool, params, source);
  generation_ = generation;
  route_ = route;
  observer_ = observer;
  rate_observer_ = rate_observer;
}

// ---- the handshake (§3.2) ---------------------------------------------------------

void RrtpSender::Start() {
  // §3.2-3.3: the seed is the first RTT estimate instead of the handshake's. It is a
  // prior, not a measurement: the controller starts from it, the reported RTT does not.
  if (params_.characteristic_rtt > Time::Zero()) rtt_.OnSample(params_.characteristic_rtt);
  SendSyn();
}

void RrtpSender::SendControl(RrtpType type, Time timestamp) {
  Packet* p = pool_->NewData(params_.flow, 0, 0, params_.header_bytes);
  RrtpHeader& h = Rrtp(*p);
  h.type = type;
  h.timestamp = timestamp;
  h.cookie = cookie_;
  route_->Inject(p);
}

void RrtpSender::SendSyn() {
  state_ = State::kSynSent;
  syn_sent_ = scheduler_->now();
  SendControl(RrtpType::kSyn, syn_sent_);
  ArmStepTimer(kHandshake);
}

void RrtpSender::ArmStepTimer(uint32_t tag) {
  // One step of the set-up at a time: a timer of an earlier step is stale.
  step_due_ = scheduler_->now() + rtt_.rto();
  scheduler_->At(step_due_, this, tag, generation_);
}

void RrtpSender::SendStart() {
  state_ = State::kStartSent;
  // The SYN's timestamp goes back with the cookie: the server keeps nothing.
  SendControl(RrtpType::kStart, syn_sent_);
  ArmStepTimer(kHandshake);
}

void RrtpSender::SendProbePair() {
  // §3.2: P1 and P2 back to back (new data, delivered like any other).
  SendNew(RrtpProbe::kP1);
  SendNew(RrtpProbe::kP2);
  ArmStepTimer(kProbe);
}

void RrtpSender::StartSending(double rate_bps, bool bounded) {
  state_ = State::kSending;
  control_.Start(rate_bps, bounded);
  changed_at_ = next_;
  Report();
  SendNext();
}

// ---- sending ----------------------------------------------------------------------

Time RrtpSender::Interval() const {
  const double rate = std::max(control_.rate(), 1.0);  // at least a byte per second
  return std::max(Time::FromSecondsDouble(params_.segment_bytes / rate), Time::FromNanoseconds(1));
}

void RrtpSender::SendNext() {
  if (state_ != State::kSending || send_pending_ || completed_) return;
  const Time now = scheduler_->now();
  if (now < next_allowed_) {
    send_pending_ = true;
    scheduler_->At(next_allowed_, this, kSend, generation_);
    return;
  }
  // Retransmission first (§3.5: lost packets are recovered before new ones go).
  while (!resend_.empty() && *resend_.begin() < base_) resend_.erase(resend_.begin());
  if (!resend_.empty()) {
    const uint64_t seq_no = *resend_.begin();
    resend_.erase(resend_.begin());
    Resend(seq_no);
  } else if (next_ - base_ >= params_.max_unacked || !SendNew(RrtpProbe::kNone)) {
    return;  // the send buffer is full (a CACK calls again), or nothing to send yet
  }
  next_allowed_ = now + Interval();
  send_pending_ = true;
  scheduler_->At(next_allowed_, this, kSend, generation_);
}

bool RrtpSender::SendNew(RrtpProbe probe) {
  const uint64_t total = source_->total_bytes();
  if (bytes_sent_ >= total) {
    CheckComplete();
    return false;
  }
  const uint32_t len = static_cast<uint32_t>(std::min<uint64_t>(params_.segment_bytes, total - bytes_sent_));
  const Time now = scheduler_->now();
  Time retry;
  if (!source_->TrySendNew(now, len, &retry)) {
    send_pending_ = true;
    scheduler_->At(std::max(retry, now), this, kSend, generation_);
    return false;
  }
  const Unacked u{bytes_sent_, len, bytes_sent_ + len >= total};
  bytes_sent_ += len;
  unacked_.push_back(u);
  loss_rate_ *= 1 - kLossWeight;
  if (observer_ != nullptr) observer_->OnNewDataSent(now, len);
  Transmit(next_++, u, probe, false);
  return true;
}

void RrtpSender::Resend(uint64_t seq_no) {
  ++retransmissions_;
  Transmit(seq_no, unacked_[seq_no - base_], RrtpProbe::kNone, true);
}

void RrtpSender::Transmit(uint64_t seq_no, const Unacked& u, RrtpProbe probe, bool retransmission) {
  Packet* p = pool_->NewData(params_.flow, u.byte_seq, u.len, params_.header_bytes);
  RrtpHeader& h = Rrtp(*p);
  h.type = RrtpType::kData;
  h.seq_no = seq_no;
  h.probe = probe;
  h.last = u.last;
  h.retransmission = retransmission;
  h.timestamp = scheduler_->now();
  h.rtt = rtt_.has_sample() ? rtt_.srtt() : Time::Zero();
  ++packets_sent_;
  ArmTimeout();
  route_->Inject(p);
}

void RrtpSender::Close() {
  source_->Close(bytes_sent_);
  CheckComplete();
}

void RrtpSender::CheckComplete() {
  if (completed_ || bytes_sent_ < source_->total_bytes() || base_ < next_) return;
  // Complete when every packet is covered by a CACK; with nothing handed over (closed
  // during the handshake) at once, as TCP is when everything handed over is acknowledged.
  if (state_ != State::kSending && next_ > 0) return;
  completed_ = true;
  completed_at_ = scheduler_->now();
  if (observer_ != nullptr) observer_->OnTransferComplete(completed_at_);
}

// ---- feedback ---------------------------------------------------------------------

void RrtpSender::Receive(Packet* p) {
  if (p->flow != params_.flow || !p->is_feedback()) {
    pool_->Release(p);
    return;
  }
  const RrtpHeader h = Rrtp(*p);
  pool_->Release(p);
  ++feedback_;
  last_feedback_ = scheduler_->now();
  switch (h.type) {
    case RrtpType::kSynEcho:
      if (state_ != State::kSynSent) return;
      cookie_ = h.cookie;
      if (params_.characteristic_rtt == Time::Zero()) Sample(h.timestamp);
      SendStart();
      return;
    case RrtpType::kStartEcho:
      if (state_ != State::kStartSent) return;
      if (params_.characteristic_bps > 0) {
        StartSending(params_.characteristic_bps, true);  // §3.3: no probe needed
        return;
      }
      state_ = State::kProbing;
      SendProbePair();
      return;
    case RrtpType::kProbeReport: {
      if (state_ != State::kProbing) return;
      Sample(h.timestamp);
      const double gap = std::max(h.send_interval, h.receive_interval);  // max(X, Y)
      if (gap > 0) {
        StartSending(params_.segment_bytes / gap, true);
      } else {
        StartSending(params_.segment_bytes / rtt_.srtt().seconds(), false);
      }
      return;
    }
    case RrtpType::kEpochReport:
      OnEpoch(h);
      return;
    case RrtpType::kCack:
      OnCack(h.seq_no);
      return;
    case RrtpType::kNack:
    case RrtpType::kSack:
      OnAsk(h);
      return;
    default:
      return;
  }
}

void RrtpSender::Sample(Time echo) {
  const Time sample = scheduler_->now() - echo;
  rtt_.OnSample(sample);
  measured_.OnSample(sample);
  if (observer_ != nullptr) observer_->OnRtt(scheduler_->now(), measured_);
}

void RrtpSender::OnEpoch(const RrtpHeader& h) {
  if (params_.characteristic_rtt == Time::Zero() || rtt_.has_sample()) Sample(h.timestamp);
  if (state_ != State::kSending) return;
  // An epoch measured partly before the last cut would answer one congestion once per
  // epoch for a whole RTT: only epochs sent wholly at the current rate may cut again.
  const double ratio = IntervalAverages::Ratio(h.send_interval, h.receive_interval);
  if (h.epoch_first < changed_at_ && ratio > RrtpRateControl::kRatioHigh) return;
  const double before = control_.rate();
  // §3.4.1: SendRate_new = SendRate_prev + alpha, once per epoch; alpha (its value is not
  // given) is alpha_segments x MSS / SRTT, a segment more per RTT. With
  // rrtp.alpha_prorated, alpha per RTT for the time this epoch's packets took to send.
  const double srtt = rtt_.srtt().seconds();
  const double epoch_s = h.send_interval * IntervalAverages::kEpochPackets;
  const double alpha =
      params_.alpha_segments * params_.segment_bytes / srtt * (params_.alpha_prorated ? epoch_s / srtt : 1.0);
  control_.OnEpoch(ratio, alpha, h.receive_interval > 0 ? params_.segment_bytes / h.receive_interval : 0);
  if (control_.rate() < before) changed_at_ = next_;
  Report();
}

void RrtpSender::OnCack(uint64_t below) {
  if (below <= base_) return;
  below = std::min(below, next_);
  unacked_.erase(unacked_.begin(), unacked_.begin() + static_cast<std::ptrdiff_t>(below - base_));
  base_ = below;
  CheckComplete();
  SendNext();
}

void RrtpSender::OnAsk(const RrtpHeader& h) {
  uint64_t asked = 0;
  for (int i = 0; i < std::min<int>(h.ranges, RrtpHeader::kMaxRanges); ++i) {
    for (uint64_t s = h.seq_no + h.range[i].begin; s < h.seq_no + h.range[i].end && s < next_; ++s) {
      if (s >= base_) resend_.insert(s);
      ++asked;
    }
  }
  if (!h.repeat) loss_rate_ = std::min(1.0, loss_rate_ + kLossWeight * static_cast<double>(asked));
  // A congestive loss cuts the rate unless losses are within the characteristic rate.
  const double before = control_.rate();
  if (!h.repeat && h.congestive && state_ == State::kSending &&
      (params_.characteristic_loss <= 0 || loss_rate_ > params_.characteristic_loss)) {
    control_.OnCongestiveLoss(scheduler_->now(), rtt_.srtt());
  }
  if (control_.rate() < before) changed_at_ = next_;
  Report();
  SendNext();
}

// ---- timers -----------------------------------------------------------------------

Time RrtpSender::TimeoutSpan() const {
  // A report is due once per epoch: allow an RTO plus an epoch of packets (before the
  // rate is known, an RTO).
  if (state_ != State::kSending) return rtt_.rto();
  return rtt_.rto() + Interval() * IntervalAverages::kEpochPackets;
}

void RrtpSender::ArmTimeout() {
  if (timeout_pending_) return;
  timeout_pending_ = true;
  last_feedback_ = std::max(last_feedback_, scheduler_->now());
  // Checked again when it fires, against the span then (the rate may have changed).
  scheduler_->At(scheduler_->now() + rtt_.rto(), this, kTimeout, generation_);
}

void RrtpSender::OnEvent(uint32_t tag, uint64_t arg) {
  if (arg != generation_) return;
  const Time now = scheduler_->now();
  switch (tag) {
    case kSend:
      send_pending_ = false;
      SendNext();
      return;
    case kHandshake:
      if (now != step_due_ || (state_ != State::kSynSent && state_ != State::kStartSent)) return;
      // §3.5's one retry rule (the NACK's): again each time the timer expires, until it
      // gets through, the timer's base unit the RTT; no back-off (rrtp.handshake_backoff
      // doubles it each time, as RFC 6298 §5.5 and SCTP's T1-init do).
      if (params_.handshake_backoff) rtt_.Backoff();
      if (state_ == State::kSynSent) {
        SendSyn();
      } else {
        SendStart();
      }
      return;
    case kProbe:
      if (now != step_due_ || state_ != State::kProbing) return;
      // The pair got no answer (P1 or P2 lost): another pair, then one packet per RTT
      // to begin with.
      if (++probe_attempts_ < kProbeAttempts) {
        SendProbePair();
      } else {
        StartSending(params_.segment_bytes / rtt_.srtt().seconds(), false);
      }
      return;
    case kTimeout: {
      timeout_pending_ = false;
      if (completed_ || base_ == next_) return;
      const Time due = last_feedback_ + TimeoutSpan();
      if (now < due) {
        timeout_pending_ = true;
        scheduler_->At(due, this, kTimeout, generation_);
        return;
      }
      ++timeouts_;
      rtt_.Backoff();
      measured_.Backoff();
      if (observer_ != nullptr) observer_->OnRtt(now, measured_);
      if (state_ == State::kSending) {
        control_.OnTimeout();
        changed_at_ = next_;
        Report();
      }
      resend_.insert(base_);
      last_feedback_ = now;
      ArmTimeout();
      SendNext();
      return;
    }
    default:
      return;
  }
}

void RrtpSender::Report() {
  if (rate_observer_ != nullptr) rate_observer_->OnRate(scheduler_->now(), control_.rate(), 0, loss_rate_);
}

}  // namespace plab
