#include "transport/rate/rrtp_receiver.h"

#include <algorithm>

namespace plab {
namespace {

// SplitMix64's finalizer: a keyed hash good enough for a simulated cookie.
uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

RrtpReceiver::RrtpReceiver(Scheduler* scheduler, PacketPool* pool, const Params& params)
    : scheduler_(scheduler),
      pool_(pool),
      params_(params),
      averages_(params.discrepancy),
      biaz_(params.biaz_sigma, params.biaz_phi) {}

uint64_t RrtpReceiver::Cookie(uint32_t flow, Time timestamp) const {
  return Mix(params_.secret ^ Mix(flow ^ Mix(static_cast<uint64_t>(timestamp.ns()))));
}

void RrtpReceiver::Restart(uint32_t flow) {
  // Everything but the route, the observer, the count of feedback and the timers'
  // generation starts
  // again under the new flow id: rebuilt in place rather than reset field by field, so
  // no field is forgotten.
  const Params params = params_;
  const uint64_t generation = generation_ + 1;
  const int64_t sent = feedback_sent_;
  const Route* route = route_;
  ReceiverObserver* observer = observer_;
  Scheduler* scheduler = scheduler_;
  PacketPool* pool = pool_;
  this->~RrtpReceiver();
  new (this) RrtpReceiver(scheduler, pool, params);
  params_.flow = flow;
  generation_ = generation;
  feedback_sent_ = sent;
  route_ = route;
  observer_ = observer;
}

void RrtpReceiver::Receive(Packet* p) {
  if (p->flow != params_.flow || p->is_feedback()) {
    pool_->Release(p);
    return;
  }
  const RrtpType type = Rrtp(*p).type;
  if (type == RrtpType::kData) {
    OnData(p);
  } else {
    OnHandshake(p);
  }
}

void RrtpReceiver::OnHandshake(Packet* p) {
  const RrtpHeader h = Rrtp(*p);
  if (h.type == RrtpType::kSyn) {
    // No state yet: the cookie is all the server gives away.
    RrtpHeader echo;
    echo.type = RrtpType::kSynEcho;
    echo.timestamp = h.timestamp;
    echo.cookie = Cookie(params_.flow, h.timestamp);
    Reply(p, echo);
    return;
  }
  if (h.type == RrtpType::kStart && h.cookie == Cookie(params_.flow, h.timestamp)) {
    connected_ = true;  // the connection's state exists from here on
    RrtpHeader echo;
    echo.type = RrtpType::kStartEcho;
    echo.timestamp = h.timestamp;
    Reply(p, echo);
    return;
  }
  ++refused_;  // a forged or stale cookie, or a packet that is not part of the handshake
  pool_->Release(p);
}

void RrtpReceiver::Reply(Packet* p, const RrtpHeader& header) {
  p->kind = PacketKind::kFeedback;
  p->payload = 0;
  p->seq = 0;
  p->wire_bytes = params_.feedback_bytes;
  p->header.Clear();
  Rrtp(*p) = header;
  ++feedback_sent_;
  route_->Inject(p);
}

Packet* RrtpReceiver::NewFeedback(RrtpType type) {
  Packet* p = pool_->NewFeedback(params_.flow, params_.feedback_bytes);
  Rrtp(*p).type = type;
  return p;
}

void RrtpReceiver::OnData(Packet* p) {
  const Time now = scheduler_->now();
  const RrtpHeader h = Rrtp(*p);
  const uint32_t payload = p->payload;
  pool_->Release(p);
  if (!connected_) {
    ++refused_;  // data for a connection that was never set up
    return;
  }
  if (h.rtt > Time::Zero()) rtt_ = h.rtt;
  if (h.last) final_ = h.seq_no + 1;
  if (h.seq_no < expected_ || early_.count(h.seq_no) != 0) {
    // Already here: the sender missed a CACK (a timeout resent it), so say again how far
    // the packets are in order.
    SendCack();
    return;
  }
  if (h.seq_no >= highest_) {
    if (!h.retransmission) spike_.OnRott(now - h.timestamp);  // before the loss it reveals is judged
    if (h.seq_no > highest_) DetectLoss(highest_, h.seq_no, now);
    highest_ = h.seq_no + 1;
  } else {
    missing_.erase(h.seq_no);
  }
  if (!h.retransmission) Measure(h, now);
  last_arrival_ = now;
  if (observer_ != nullptr) observer_->OnNewBytesArrived(now, payload);
  Deliver(h.seq_no, payload);
  if (expected_ / kCackEvery > last_cack_ / kCackEvery || (expected_ == final_ && last_cack_ != expected_)) {
    SendCack();
  }
}

void RrtpReceiver::Deliver(uint64_t seq_no, uint32_t payload) {
  if (seq_no != expected_) {
    early_.emplace(seq_no, payload);
    return;
  }
  in_order_bytes_ += payload;
  ++expected_;
  for (auto it = early_.begin(); it != early_.end() && it->first == expected_; it = early_.erase(it)) {
    in_order_bytes_ += it->second;
    ++expected_;
  }
  if (observer_ != nullptr) observer_->OnInOrderBytes(scheduler_->now(), in_order_bytes_);
}

void RrtpReceiver::SendCack() {
  last_cack_ = expected_;
  Packet* p = NewFeedback(RrtpType::kCack);
  Rrtp(*p).seq_no = expected_;
  ++feedback_sent_;
  route_->Inject(p);
}

void RrtpReceiver::Measure(const RrtpHeader& h, Time now) {
  if (h.probe == RrtpProbe::kP1) {
    have_p1_ = true;
    p1_seq_ = h.seq_no;
    p1_sent_ = h.timestamp;
    p1_arrived_ = now;
  } else if (h.probe == RrtpProbe::kP2 && have_p1_ && h.seq_no == p1_seq_ + 1) {
    // A P2 whose own P1 was lost measures nothing: the sender's probe timer sends
    // another pair.
    // §3.2: X as the sender spaced P1 and P2, Y as they arrived.
    Packet* r = NewFeedback(RrtpType::kProbeReport);
    Rrtp(*r).send_interval = (h.timestamp - p1_sent_).seconds();
    Rrtp(*r).receive_interval = (now - p1_arrived_).seconds();
    Rrtp(*r).timestamp = h.timestamp;
    ++feedback_sent_;
    route_->Inject(r);
  }
  if (have_prev_ && h.seq_no > prev_seq_) {
    // Per packet sent, so the packets lost between the two do not read as a slower path:
    // the ratio measures the queue ("incipient congestion", §3.4.1), and losses are
    // answered on their own (the sender's cut; §3.5 recovers them "without frequent
    // triggering of the congestion control mechanism"). With rrtp.loss_in_ratio the
    // receive interval is between packets received instead, so a loss judged congestive
    // slows the receive rate (ratio = sent / received); one judged wireless never does.
    const double d = static_cast<double>(h.seq_no - prev_seq_);
    const Time arrival_gap = now - prev_arrived_;
    if (h.seq_no == prev_seq_ + 1) biaz_.OnInterArrival(arrival_gap);
    const bool slowed = d > 1 && params_.loss_in_ratio && gap_congestive_;
    averages_.Add((h.timestamp - prev_sent_).seconds() / d, arrival_gap.seconds() / (slowed ? 1 : d));
    if (epoch_intervals_ == 0) epoch_first_ = prev_seq_;
    if (++epoch_intervals_ == IntervalAverages::kEpochPackets) {
      epoch_intervals_ = 0;
      double send = 0, receive = 0;
      if (averages_.EndEpoch(&send, &receive)) {
        Packet* r = NewFeedback(RrtpType::kEpochReport);
        RrtpHeader& rh = Rrtp(*r);
        rh.send_interval = send;
        rh.receive_interval = receive;
        rh.epoch_first = epoch_first_;
        rh.timestamp = h.timestamp;  // the sender's RTT sample
        ++feedback_sent_;
        route_->Inject(r);
      }
    }
  }
  if (!have_prev_ || h.seq_no > prev_seq_) {
    have_prev_ = true;
    prev_seq_ = h.seq_no;
    prev_sent_ = h.timestamp;
    prev_arrived_ = now;
  }
}

void RrtpReceiver::DetectLoss(uint64_t first, uint64_t end, Time now) {
  LossCause said = LossCause::kCongestion;
  if (params_.lda == LdaScheme::kBiaz) said = biaz_.Classify(end - first, now - last_arrival_);
  if (params_.lda == LdaScheme::kSpike) said = spike_.Classify();
  Judge(first, end, said);
  gap_congestive_ = said == LossCause::kCongestion;
  for (uint64_t s = first; s < end; ++s) missing_[s] = now;
  AskFor(first, end, said == LossCause::kCongestion, false);
  if (!nack_timer_) {
    nack_timer_ = true;
    scheduler_->After(NackTimeout(), this, kNackTimer, generation_);
  }
}

void RrtpReceiver::AskFor(uint64_t first, uint64_t end, bool congestive, bool repeat) {
  Packet* p = NewFeedback(end - first == 1 ? RrtpType::kNack : RrtpType::kSack);
  RrtpHeader& h = Rrtp(*p);
  h.seq_no = first;
  h.congestive = congestive;
  h.repeat = repeat;
  h.ranges = 1;
  h.range[0] = {0, static_cast<uint32_t>(std::min<uint64_t>(end - first, UINT32_MAX))};
  ++feedback_sent_;
  route_->Inject(p);
}

Time RrtpReceiver::NackTimeout() const {
  const Time base = rtt_ > Time::Zero() ? rtt_ : Time::FromSeconds(1);
  return Time::FromSecondsDouble(base.seconds() * params_.nack_timeout_rtts);
}

void RrtpReceiver::OnEvent(uint32_t tag, uint64_t arg) {
  if (tag != kNackTimer || arg != generation_) return;
  nack_timer_ = false;
  if (missing_.empty()) return;
  // Ask again for every packet not asked for within a NACK timeout, a range at a time.
  const Time now = scheduler_->now();
  const Time timeout = NackTimeout();
  uint64_t run_first = 0, run_end = 0;
  bool open = false;
  for (auto& [seq_no, asked] : missing_) {
    if (now - asked < timeout) continue;
    asked = now;
    if (open && seq_no == run_end) {
      ++run_end;
      continue;
    }
    if (open) AskFor(run_first, run_end, false, true);
    run_first = seq_no;
    run_end = seq_no + 1;
    open = true;
  }
  if (open) AskFor(run_first, run_end, false, true);
  nack_timer_ = true;
  scheduler_->After(timeout, this, kNackTimer, generation_);
}

void RrtpReceiver::OnLost(const Packet& p, DropCause cause) {
  // Nothing to judge without a scheme (and nothing kept that would never be looked up).
  if (params_.lda == LdaScheme::kNone || p.flow != params_.flow || p.is_feedback()) return;
  const RrtpHeader& h = Rrtp(p);
  if (h.type == RrtpType::kData && !h.retransmission) truth_[h.seq_no] = cause;
}

void RrtpReceiver::Judge(uint64_t first, uint64_t end, LossCause said) {
  if (params_.lda == LdaScheme::kNone) return;
  for (uint64_t s = first; s < end; ++s) {
    auto it = truth_.find(s);
    if (it == truth_.end()) continue;
    ++verdicts_.classified;
    if (it->second == DropCause::kQueue && said == LossCause::kWireless) ++verdicts_.congestive_as_wireless;
    if (it->second == DropCause::kError && said == LossCause::kCongestion) ++verdicts_.wireless_as_congestive;
    truth_.erase(it);
  }
}

}  // namespace plab
