// LE ("Loss rEsilience") loss recovery (Kang, Park & Mo, EURASIP JWCN 2012, §2).
// Two lists in transmission order:
//   WAITLIST  every packet in flight, appended when sent or resent;
//   RTXLIST   packets judged lost, waiting to be resent.
// Per ACK (§2.2.1), WAITLIST is scanned from its head up to the packet whose serial the
// ACK echoes (the segment that triggered it): a packet the cumulative ACK or a SACK
// block covers is acked and leaves; any other gets dupCnt + 1, and at dupThresh moves
// to the end of RTXLIST. Packets sent after the triggering one are not looked at.
// Sending (§2.2.2): while WAITLIST holds fewer packets than cwnd, RTXLIST's head goes
// first, new data only when RTXLIST is empty. The loss that cuts the window is resent
// with the cut whatever the window (§2.2 Observation: "LE retransmits the head of
// RTXLIST and simultaneously sets the value of wnd to w0/2"). A loss of a resent packet is found the
// same way, so LE needs no timeout to repair it.
// The window (§2.2.3): the first loss detected more than an RTT after the last one
// that did asks the congestion control once (EnterRecovery with no inflation: cwnd =
// ssthresh); other losses within that RTT are the same loss event. There is no
// recovery state: the control grows as usual in between.
//
// The paper checks SACK only for the triggering packet; the lab also lets a SACK block
// ack an earlier packet whose own ACK was lost, rather than resend data that arrived.
#pragma once

#include <cstdint>
#include <list>

#include "transport/tcp/recovery/loss_recovery.h"

namespace plab {

class LeRecovery final : public LossRecovery {
 public:
  void OnAck(const TcpHeader& ack, TcpState& state, RecoveryActions& actions) override;
  void OnDupAck(TcpState& /*state*/, RecoveryActions& /*actions*/) override {}
  void OnAckInRecovery(TcpState& /*state*/, uint64_t /*acked_bytes*/, RecoveryActions& /*actions*/) override {}
  void OnTimeout(TcpState& state) override;
  void OnSegmentSent(uint64_t seq, uint32_t length, uint64_t serial, bool retransmission) override;
  SendChoice NextSegment(TcpState& state, const Scoreboard& scoreboard, const SendLimits& limits) override;

  size_t waitlist_size() const { return waitlist_.size(); }
  size_t rtxlist_size() const { return rtxlist_.size(); }
  int loss_events() const { return loss_events_; }

 private:
  struct Entry {
    uint64_t seq = 0;
    uint32_t length = 0;
    uint64_t serial = 0;
    int dup_cnt = 0;
  };
  void OnLossDetected(TcpState& state, RecoveryActions& actions);

  std::list<Entry> waitlist_;
  std::list<Entry> rtxlist_;
  bool lost_before_ = false;
  Time last_loss_time_;
  int loss_events_ = 0;
  // The head of RTXLIST goes now, whatever the window: the loss just cut it (§2.2).
  bool resend_with_cut_ = false;
};

}  // namespace plab
