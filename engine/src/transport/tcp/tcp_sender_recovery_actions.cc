// What a loss recovery asks of its TcpSender (RecoveryActions, recovery/loss_recovery.h):
// retransmit the first unacknowledged segment, go back N, restart the retransmission
// timer, and note a fast or early retransmit and a partial ACK for the figures and probes.
#include <algorithm>

#include "transport/tcp/tcp_sender.h"

namespace plab {

void TcpSender::RetransmitFirstUnacked() {
  if (state_.snd_una >= state_.snd_max) return;
  const uint32_t len = SegmentLength(state_.snd_una);
  SendSegment(state_.snd_una, true);
  state_.snd_nxt = std::max(state_.snd_nxt, state_.snd_una + len);
}

void TcpSender::GoBackN() { state_.snd_nxt = state_.snd_una; }

void TcpSender::RestartRetransmissionTimer() {
  timer_armed_ = true;
  timer_deadline_ = rtt_.TimerExpiry(scheduler_->now());  // a tick profile fires on a tick
  if (!timer_event_pending_ || timer_event_at_ > timer_deadline_) {
    timer_event_pending_ = true;
    timer_event_at_ = timer_deadline_;
    scheduler_->At(timer_deadline_, this, kRetransmissionTimer, ++timer_generation_);
  }
}

void TcpSender::NoteFastRetransmit() {
  ++stats_.fast_retransmits;
  // Every recovery notes its entry here; ns-2 restarts the timer there (timer_profile.h).
  if (rtt_.timers().RestartsTimerOnFastRetransmit()) RestartRetransmissionTimer();
  if (tcp_observer_) tcp_observer_->OnFastRetransmit(scheduler_->now(), window());
}

void TcpSender::NoteEarlyRetransmit() {
  ++stats_.early_retransmits;
  if (tcp_observer_) tcp_observer_->OnEarlyRetransmit(scheduler_->now(), window());
}

void TcpSender::NotePartialAck() {
  ++stats_.partial_acks;
  if (tcp_observer_) tcp_observer_->OnPartialAck(scheduler_->now(), window());
}

}  // namespace plab
