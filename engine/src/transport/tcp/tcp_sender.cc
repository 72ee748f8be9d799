#include "transport/tcp/tcp_sender.h"

#include <algorithm>

namespace plab {

TcpSender::TcpSender(Scheduler* scheduler, PacketPool* pool, const TcpSenderParams& params, PluginMakers makers,
                     DataSource* source)
    : scheduler_(scheduler),
      pool_(pool),
      params_(params),
      makers_(std::move(makers)),
      source_(source),
      rtt_(params.rtt),
      scoreboard_(params.mss, params.pipe_count, params.rate_sampling) {
  Initialize();
}

void TcpSender::Initialize() {
  cc_ = makers_.congestion_control();
  recovery_ = makers_.loss_recovery();
  state_ = TcpState{};
  state_.mss = params_.mss;
  state_.dupack_threshold = params_.dupack_threshold;
  ecn_recover_ = 0;
  cwr_pending_ = false;
  // Initial window (RFC 5681 §3.1 / RFC 6928), in bytes.
  cc_->SetClock(scheduler_);
  cc_->Init(&rtt_, params_.mss, static_cast<uint64_t>(params_.initial_window_segments) * params_.mss);
  established_ = !params_.handshake;
  syn_rto_ = params_.rtt.initial_rto;
}

void TcpSender::Restart(uint32_t flow) {
  params_.flow = flow;
  rtt_ = RttStats(params_.rtt);
  stats_ = TcpSenderStats{};
  scoreboard_ = Scoreboard(params_.mss, params_.pipe_count, params_.rate_sampling);
  // Timer and wake-up events of the old connection may still be queued: a new
  // generation makes the timer's stale; a stale wake-up only calls TrySend early.
  timer_armed_ = false;
  timer_event_pending_ = false;
  ++timer_generation_;
  source_wakeup_pending_ = false;
  pacing_wakeup_pending_ = false;
  next_send_time_ = Time::Zero();
  timing_ = false;
  ++syn_generation_;  // a SYN timer of the old connection is stale
  Initialize();
}

WindowSnapshot TcpSender::window() const {
  return {cc_->cwnd(), cc_->ssthresh(), cc_->ssthresh_set(), state_.flight_size()};
}

void TcpSender::Close() {
  source_->Close(state_.snd_max);
  // Everything handed over may already be acknowledged.
  if (!stats_.completed && state_.snd_una >= source_->total_bytes()) Complete();
  TrySend();
}

void TcpSender::Complete() {
  stats_.completed = true;
  stats_.completed_at = scheduler_->now();
  StopTimer();
  if (observer_) observer_->OnTransferComplete(scheduler_->now());
}

void TcpSender::Start() {
  if (tcp_observer_) tcp_observer_->OnWindow(scheduler_->now(), window());
  if (!established_) {
    SendSyn();
    return;
  }
  TrySend();
}

uint32_t TcpSender::SegmentLength(uint64_t seq) const {
  const uint64_t total = source_->total_bytes();
  return static_cast<uint32_t>(std::min<uint64_t>(params_.mss, total - seq));
}

void TcpSender::TrySend() {
  if (stats_.completed || !established_) return;
  SendLimits limits;
  limits.rwnd = params_.max_window_bytes;
  limits.cwnd = cc_->cwnd();
  limits.window = std::min<uint64_t>(limits.cwnd + LimitedTransmitAllowance(), params_.max_window_bytes);
  limits.total_bytes = source_->total_bytes();
  while (true) {
    limits.new_data_ready = source_->CanSendNew(scheduler_->now(), params_.mss);
    const SendChoice choice = recovery_->NextSegment(state_, scoreboard_, limits);
    if (!choice.send) {
      // The window is open but the application has nothing more (yet): rate samples
      // until this flight is delivered do not show the path's capacity.
      if (state_.snd_max >= limits.total_bytes) scoreboard_.MarkAppLimited(state_.flight_size());
      // Recovery passed over new data the source was not ready to release: come back
      // when it is, rather than wait for an ACK that may never come.
      if (!limits.new_data_ready && state_.snd_max < limits.total_bytes) {
        ScheduleSourceWakeup(source_->ReadyAt(scheduler_->now(), params_.mss));
      }
      break;
    }
    const Time now = scheduler_->now();
    const int64_t pacing_bps = cc_->PacingRateBps();
    if (pacing_bps > 0 && PacedFrom(state_.snd_max) && now < next_send_time_) {
      if (!pacing_wakeup_pending_) {
        pacing_wakeup_pending_ = true;
        scheduler_->At(next_send_time_, this, kPacingReady);
      }
      break;
    }
    const uint32_t len = SegmentLength(choice.seq);
    const bool retransmission = choice.seq < state_.snd_max;
    if (!retransmission) {
      Time retry_at;
      if (!source_->TrySendNew(now, len, &retry_at)) {
        scoreboard_.MarkAppLimited(state_.flight_size());
        ScheduleSourceWakeup(retry_at);
        break;
      }
    }
    SendSegment(choice.seq, retransmission);
    if (pacing_bps > 0 && PacedFrom(std::max(state_.snd_max, choice.seq + len))) {
      // Each packet's gap at the pacing rate: its bytes on the wire, or (tcp.pacing_size =
      // payload) its payload alone, as ns-3.44's TcpSocketBase::SendDataPacket times it.
      const uint32_t paced = params_.pace_payload_only ? len : len + params_.header_bytes;
      next_send_time_ = std::max(now, next_send_time_) + Bandwidth::FromBitsPerSecond(pacing_bps).TransferTime(paced);
    }
    if (choice.seq == state_.snd_nxt) state_.snd_nxt += len;
    state_.snd_max = std::max(state_.snd_max, choice.seq + len);
    limits.cwnd = cc_->cwnd();
    limits.window = std::min<uint64_t>(limits.cwnd + LimitedTransmitAllowance(), params_.max_window_bytes);
  }
  // Linux tcp_is_cwnd_limited: slow start may grow cwnd to twice the flight, then only while the flight
  // fills cwnd less a segment. After a timeout whose holes SACK recovery resends, snd.nxt stays at snd.una
  // and the pipe is what is out (else cwnd stayed 2 for 5 s beside LEDBAT: ns3_modern_test.cc).
  const uint64_t flight = state_.in_recovery ? state_.pipe : state_.snd_nxt - state_.snd_una;
  const uint64_t in_flight = state_.snd_nxt < state_.snd_max ? std::max(flight, scoreboard_.Pipe()) : flight;
  state_.cwnd_limited = !params_.cwnd_validation ||
                        (cc_->InSlowStart() ? cc_->cwnd() < 2 * in_flight : in_flight + state_.mss > cc_->cwnd());
}

void TcpSender::ScheduleSourceWakeup(Time at) {
  if (source_wakeup_pending_) return;
  source_wakeup_pending_ = true;
  scheduler_->At(std::max(at, scheduler_->now()), this, kSourceReady);
}

void TcpSender::SendSegment(uint64_t seq, bool retransmission) {
  const uint32_t len = SegmentLength(seq);
  scoreboard_.OnSent(seq, len, scheduler_->now(), retransmission, state_.snd_una == state_.snd_max);
  if (retransmission) {
    ++stats_.retransmissions;
  } else if (observer_) {
    observer_->OnNewDataSent(scheduler_->now(), len);
  }
  ++stats_.data_packets_sent;
  state_.pipe += len;
  TimeSegment(seq, retransmission);
  if (tcp_observer_) tcp_observer_->OnSegmentSent(scheduler_->now(), seq, retransmission);

  Packet* p = pool_->NewData(params_.flow, seq, len, params_.header_bytes);
  TcpHeader& tcp = Tcp(*p);
  tcp.serial = ++serial_;
  recovery_->OnSegmentSent(seq, len, tcp.serial, retransmission);
  tcp.has_timestamp = params_.timestamps;
  tcp.ts_val = scheduler_->now();
  if (params_.ecn && !retransmission) {
    p->ecn = params_.ect;  // RFC 3168 §6.1.5: retransmissions go out Not-ECT
    tcp.cwr = cwr_pending_;
    cwr_pending_ = false;
  }
  if (cc_->writes_data_header()) {
    tcp.option.Clear();  // the pool hands out used packets
    cc_->WriteDataHeader(tcp);
  }
  // RFC 6298 §5.1: start the timer when data is sent and it is not running.
  if (!timer_armed_) RestartRetransmissionTimer();
  route_->Inject(p);
}

void TcpSender::Receive(Packet* ack_packet) {
  if (ack_packet->flow != params_.flow) {  // an ACK of an earlier connection (Restart)
    pool_->Release(ack_packet);
    return;
  }
  const TcpHeader& header = Tcp(*ack_packet);
  if (!established_) {
    // Before the handshake completes only a SYN-ACK means anything.
    if (header.control == (kControlSyn | kControlAck)) OnSynAck(header);
    pool_->Release(ack_packet);
    return;
  }
  if (header.control != 0) {  // a SYN-ACK again (our ACK of it was lost): nothing new
    pool_->Release(ack_packet);
    return;
  }
  const uint64_t ack = header.ack;
  if (cc_->reads_ack_header()) cc_->OnAckHeader(header, scheduler_->now());
  if (stats_.completed) {
    pool_->Release(ack_packet);
    return;
  }
  ++stats_.acks_received;
  const bool new_ack = ack > state_.snd_una && ack <= state_.snd_max;
  scoreboard_.BeginAck(scheduler_->now());
  // Karn's rule: no sample if any segment this ACK covers was ever retransmitted.
  std::optional<Time> sent_at;
  if (new_ack) sent_at = scoreboard_.OnCumulativeAck(ack);
  const bool from_timestamp = new_ack && params_.timestamps && header.has_timestamp;
  if (from_timestamp) sent_at = header.ts_ecr;
  const int newly_sacked =
      header.sack_count > 0 && ack <= state_.snd_max ? scoreboard_.OnSack(header.sack, header.sack_count) : 0;
  if (tcp_observer_) tcp_observer_->OnAckArrived(scheduler_->now(), ack, header.sack, header.sack_count);
  recovery_->OnAck(header, state_, *this);
  const bool ece = params_.ecn && header.ece;
  pool_->Release(ack_packet);
  const uint64_t snd_una_before = state_.snd_una;
  const bool dup_by_sack = params_.sack && recovery_->SackDefinesDuplicateAcks();  // RFC 6675 §2 (OnDupAck)
  if (new_ack) {
    const bool was_in_recovery = state_.in_recovery;
    OnNewAck(ack, sent_at, from_timestamp, ece);
    if (dup_by_sack && newly_sacked > 0 && !was_in_recovery && !stats_.completed) OnDupAck();
  } else if (ack == state_.snd_una && state_.snd_max > state_.snd_una) {
    if (!dup_by_sack || newly_sacked > 0 || state_.in_recovery) OnDupAck();
  }
  if (params_.ecn && !stats_.completed) OnEcnFeedback(ece, state_.snd_una - snd_una_before);
  state_.pipe = scoreboard_.Pipe();
  // ns-3.44 voids a rate sample's interval below TcpSocketState::m_minRtt, the least
  // SRTT so far (TcpSocketBase::EstimateRtt), where the draft reads the least sample.
  const bool ns3_rate = params_.rate_sampling == Scoreboard::RateSampling::kNs3;
  const Time min_rtt = !rtt_.has_sample() ? Time::Zero() : ns3_rate ? rtt_.min_srtt() : rtt_.min_rtt();
  cc_->OnAckReceived(state_, scoreboard_.FinishAck(scheduler_->now(), min_rtt), scheduler_->now());
  if (tcp_observer_) tcp_observer_->OnWindow(scheduler_->now(), window());
  TrySend();
}

void TcpSender::TimeSegment(uint64_t seq, bool retransmission) {
  if (!rtt_.timers().TimesOneSegmentPerRtt()) return;
  // Karn: a retransmission spoils the measurement under way (BSD clears t_rtt, ns-2 rtt_active_).
  if (retransmission) {
    timing_ = false;
  } else if (!timing_) {  // "Time this transmission if ... not currently timing anything"
    timing_ = true;
    timed_seq_ = seq;
    timed_at_ = scheduler_->now();
  }
}

void TcpSender::OnNewAck(uint64_t ack, std::optional<Time> sent_at, bool from_timestamp, bool ece) {
  const Time now = scheduler_->now();
  const uint64_t acked = ack - state_.snd_una;

  // A tick profile's estimator: every timestamp echo, or the ACK past the timed segment.
  if (rtt_.timers().TimesOneSegmentPerRtt()) {
    if (from_timestamp) {
      rtt_.OnTimedSample(now - *sent_at, now, true);
    } else if (timing_ && ack > timed_seq_) {
      timing_ = false;
      rtt_.OnTimedSample(now - timed_at_, now, false);
    }
  }

  if (sent_at.has_value()) {
    rtt_.OnSample(now - *sent_at);
    cc_->OnRttUpdated(now);
    if (observer_) observer_->OnRtt(now, rtt_);
  }

  // ns-3.44 (tcp.recovery_exit = ns3): the ACK that ends the recovery after a timeout
  // (CA_LOSS) counts only the whole segments it acknowledges above the recovery point.
  const bool ends_loss = params_.grow_on_recovery_exit && !state_.in_recovery && state_.recover_set &&
                         state_.last_loss_action == TcpState::LossAction::kTimeout && state_.snd_una < state_.recover &&
                         ack >= state_.recover;
  state_.snd_una = ack;
  state_.snd_nxt = std::max(state_.snd_nxt, ack);
  state_.dupacks = 0;
  if (state_.in_recovery) {
    recovery_->OnAckInRecovery(state_, acked, *this);
    // ns-3.44 (tcp.recovery_exit = ns3): the ACK that ended the recovery, cwnd now
    // ssthresh, is an open connection's ACK too (ProcessAck's IncreaseWindow).
    if (params_.grow_on_recovery_exit && !state_.in_recovery && !ece) cc_->OnAck(state_, acked, now);
  } else if (ends_loss) {
    const uint64_t above = (ack - state_.recover) / state_.mss * state_.mss;
    if (above > 0 && !ece) cc_->OnAck(state_, above, now);
  } else if (!ece) {
    // RFC 3168 §6.1.2: the window does not grow on an ACK carrying ECE.
    cc_->OnAck(state_, acked, now);
  }

  if (ack >= source_->total_bytes()) {
    Complete();
    return;
  }
  // RFC 6298 §5.2-5.3; during NewReno recovery the recovery decides (RFC 6582 §4).
  if (state_.snd_una == state_.snd_max) {
    StopTimer();
  } else if (!state_.in_recovery) {
    RestartRetransmissionTimer();
  }
}

void TcpSender::OnEcnFeedback(bool ece, uint64_t acked_bytes) {
  cc_->OnEcnAck(state_, acked_bytes, ece);
  if (!ece) return;
  // RFC 3168 §6.1.2: at most one reduction per window of data, none while a loss
  // recovery (or the window after a timeout) has reduced it already.
  if (state_.in_recovery || state_.snd_una <= ecn_recover_) return;
  if (state_.recover_set && state_.snd_una <= state_.recover) return;
  cc_->OnEcnEcho(state_);
  ++stats_.ecn_responses;
  if (tcp_observer_) tcp_observer_->OnEcnResponse(scheduler_->now(), window());
  ecn_recover_ = state_.snd_max;
  cwr_pending_ = true;  // on the next new data segment
}

void TcpSender::OnDupAck() {
  ++state_.dupacks;
  recovery_->OnDupAck(state_, *this);
}

void TcpSender::OnEvent(uint32_t tag, uint64_t arg) {
  if (tag == kSynTimer) {
    OnSynTimer(arg);
    return;
  }
  if (tag == kSourceReady || tag == kPacingReady) {
    (tag == kSourceReady ? source_wakeup_pending_ : pacing_wakeup_pending_) = false;
    TrySend();
    return;
  }
  if (arg != timer_generation_) return;  // superseded by an earlier deadline
  timer_event_pending_ = false;
  if (!timer_armed_ || stats_.completed) return;
  if (scheduler_->now() < timer_deadline_) {  // restarted since: wait for the new deadline
    timer_event_pending_ = true;
    timer_event_at_ = timer_deadline_;
    scheduler_->At(timer_deadline_, this, kRetransmissionTimer, ++timer_generation_);
    return;
  }
  timer_armed_ = false;
  OnRetransmissionTimeout();
}

void TcpSender::OnRetransmissionTimeout() {
  const Time now = scheduler_->now();
  const uint64_t cwnd_before = cc_->cwnd();
  ++stats_.timeouts;
  // RFC 5681 §3.1 eq. 4 and the loss window of one segment (the algorithm may answer
  // differently); RFC 6582 §3.2 step 1's `recover` is set so that stale duplicate ACKs
  // do not start a fast retransmit.
  cc_->OnRetransmissionTimeout(WithFlightSize(state_, recovery_->FlightAtTimeout(state_, scoreboard_)),
                               recovery_->HoldsSsthreshAtTimeout(state_));
  state_.in_recovery = false;
  state_.dupacks = 0;
  state_.recover = state_.snd_max;
  state_.recover_set = true;
  state_.last_loss_action = TcpState::LossAction::kTimeout;
  if (cc_->BacksOffRetransmissionTimer()) rtt_.Backoff();  // RFC 6298 §5.5, or the profile's back-off
  scoreboard_.MarkAllLost();
  state_.pipe = scoreboard_.Pipe();
  recovery_->OnTimeout(state_);
  if (tcp_observer_) tcp_observer_->OnTimeout(now, cwnd_before);
  if (observer_) observer_->OnRetransmissionTimeout(now);
  if (observer_) observer_->OnRtt(now, rtt_);
  GoBackN();
  RetransmitFirstUnacked();  // RFC 6298 §5.4, arms the timer with the backed-off RTO
  if (tcp_observer_) tcp_observer_->OnWindow(now, window());
  TrySend();
}

}  // namespace plab
