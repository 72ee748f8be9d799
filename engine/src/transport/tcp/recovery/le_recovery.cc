#include "transport/tcp/recovery/le_recovery.h"

#include <algorithm>

namespace plab {

void LeRecovery::OnAck(const TcpHeader& ack, TcpState& state, RecoveryActions& actions) {
  const Scoreboard& sb = actions.scoreboard();
  bool lost = false;
  for (auto it = waitlist_.begin(); it != waitlist_.end();) {
    if (it->serial > ack.echo_serial) break;  // sent after the triggering packet
    const bool acked = it->seq + it->length <= ack.ack || sb.IsSacked(it->seq);
    if (acked) {
      it = waitlist_.erase(it);
      continue;
    }
    if (it->serial == ack.echo_serial) {  // the triggering packet itself (a duplicate)
      ++it;
      continue;
    }
    if (++it->dup_cnt >= state.dupack_threshold) {
      it->dup_cnt = 0;
      rtxlist_.splice(rtxlist_.end(), waitlist_, it++);
      lost = true;
      continue;
    }
    ++it;
  }
  if (lost) OnLossDetected(state, actions);
}

void LeRecovery::OnLossDetected(TcpState& state, RecoveryActions& actions) {
  const Time now = actions.now();
  // §2.2.3: one window reduction per RTT, the first loss of a new RTT deciding.
  const Time rtt = actions.rtt_stats().has_sample() ? actions.rtt_stats().srtt() : Time::Zero();
  if (lost_before_ && now - last_loss_time_ <= rtt) return;
  lost_before_ = true;
  last_loss_time_ = now;
  ++loss_events_;
  actions.NoteFastRetransmit();
  // §2.2 Observation: "sets the value of wnd to w0/2, where w0 is the size of wnd
  // before detecting the first packet loss": half the window, not half the sequence
  // range in flight, which for LE also spans the packets SACKed above the hole (LE
  // sends a new packet for each of them, so the range exceeds cwnd by the dupacks).
  actions.congestion_control().EnterRecovery(
      WithFlightSize(state, std::min(state.flight_size(), actions.congestion_control().cwnd())), 0);
  // §2.2 Observation, proof: "LE retransmits the head of RTXLIST and simultaneously sets
  // the value of wnd to w0/2": the loss that cuts the window is resent with the cut, as
  // a fast retransmit is (RFC 5681 §3.2 step 2), not once the flight has drained below
  // the halved window (half an RTT later with a window of 32).
  resend_with_cut_ = true;
}

void LeRecovery::OnTimeout(TcpState&) {
  // Everything in flight is lost: resend in transmission order, after what already
  // waits. The control has answered the timeout itself; a loss found within the next
  // RTT is the same event.
  for (Entry& e : waitlist_) e.dup_cnt = 0;
  rtxlist_.splice(rtxlist_.end(), waitlist_);
  lost_before_ = false;
  resend_with_cut_ = false;  // the sender resends snd_una itself (RFC 6298 §5.4)
}

void LeRecovery::OnSegmentSent(uint64_t seq, uint32_t length, uint64_t serial, bool retransmission) {
  if (retransmission) {
    // Usually RTXLIST's head; after a timeout the sender's own first retransmission
    // may be anywhere in either list.
    auto same = [seq](const Entry& e) { return e.seq == seq; };
    auto it = std::find_if(rtxlist_.begin(), rtxlist_.end(), same);
    if (it != rtxlist_.end()) {
      rtxlist_.erase(it);
    } else {
      auto w = std::find_if(waitlist_.begin(), waitlist_.end(), same);
      if (w != waitlist_.end()) waitlist_.erase(w);
    }
  }
  waitlist_.push_back(Entry{seq, length, serial, 0});
}

SendChoice LeRecovery::NextSegment(TcpState& state, const Scoreboard& scoreboard, const SendLimits& limits) {
  // Acknowledged meanwhile (a late original, a SACK): nothing to resend.
  while (!rtxlist_.empty() && (rtxlist_.front().seq + rtxlist_.front().length <= state.snd_una ||
                               scoreboard.IsSacked(rtxlist_.front().seq))) {
    rtxlist_.pop_front();
  }
  if (rtxlist_.empty()) resend_with_cut_ = false;
  if (resend_with_cut_) {
    resend_with_cut_ = false;
    return {true, rtxlist_.front().seq};
  }
  // §2.2.2: the packets in flight are WAITLIST's; send while they are fewer than cwnd.
  const uint64_t in_flight = static_cast<uint64_t>(waitlist_.size()) * state.mss;
  if (in_flight + state.mss > limits.window) return {};
  if (!rtxlist_.empty()) return {true, rtxlist_.front().seq};
  const uint64_t seq = state.snd_max;
  if (seq >= limits.total_bytes || !limits.new_data_ready) return {};
  // No check of the sequence range against snd_una + rwnd: LE bounds the packets in
  // flight, not the range they span (§2.2.2), as its ns-2 runs bounded them with
  // window_ ("we limited the maximum cwnd to 32", §3.1), which limits.window applies.
  state.snd_nxt = seq;  // the sender advances snd_nxt past what it sends at snd_nxt
  return {true, seq};
}

}  // namespace plab
