// Loss recovery: the axis that decides what to do about duplicate ACKs and partial
// ACKs (ns-3 TcpRecoveryOps): what is lost, what to send next, when recovery ends. It
// never writes the window: it asks the congestion control to answer the loss (the
// methods of cc/congestion_control.h) and asks the sender to retransmit through
// RecoveryActions. Timeouts are the sender's (RFC 6298), the same for every variant.
#pragma once

#include <cstdint>

#include "transport/rtt_stats.h"
#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/scoreboard.h"
#include "transport/tcp/tcp_state.h"

namespace plab {

// What loss recovery may ask of the sender.
class RecoveryActions {
 public:
  virtual ~RecoveryActions() = default;
  // Retransmits the segment starting at snd_una.
  virtual void RetransmitFirstUnacked() = 0;
  // Go-back-N: the next segment sent is snd_una again (Tahoe).
  virtual void GoBackN() = 0;
  // Restarts the retransmission timer (RFC 6582 partial ACK).
  virtual void RestartRetransmissionTimer() = 0;
  // For metrics: a fast retransmit / a partial ACK happened now.
  virtual void NoteFastRetransmit() = 0;
  virtual void NotePartialAck() = 0;
  // A retransmission the fine-grained timer asked for (early_retransmit.h).
  virtual void NoteEarlyRetransmit() = 0;
  virtual CongestionControl& congestion_control() = 0;
  virtual Scoreboard& scoreboard() = 0;
  virtual Time now() const = 0;
  virtual const RttStats& rtt_stats() const = 0;
};

// Vegas' fine-grained timeout check (Brakmo & Peterson 1995; TCP-ER paper §II-B): on
// a duplicate ACK, the oldest outstanding segment is taken as lost if it was sent
// longer ago than SRTT + 4 RTTVAR measured with a fine clock, with no 1 s floor, so
// recovery need not wait for the third duplicate ACK.
bool FineGrainedTimeoutExpired(const TcpState& state, RecoveryActions& actions);

// What the sender may send next, and within what limits.
struct SendLimits {
  uint64_t cwnd = 0;           // the congestion window, bytes
  uint64_t window = 0;         // min(cwnd + limited transmit, receiver window), bytes
  uint64_t rwnd = 0;           // receiver window, bytes
  uint64_t total_bytes = 0;    // the application's data ends here
  bool new_data_ready = true;  // the application would let a new segment go now
};
struct SendChoice {
  bool send = false;
  uint64_t seq = 0;
};

// The classic sliding window (RFC 5681, 793): the segment at snd_nxt if it fits
// below snd_una + window. Segments already SACKed are skipped (after a timeout).
SendChoice WindowedNextSegment(TcpState& state, const Scoreboard& scoreboard, const SendLimits& limits);

class LossRecovery {
 public:
  virtual ~LossRecovery() = default;

  // A duplicate ACK arrived; state.dupacks already counts it.
  virtual void OnDupAck(TcpState& state, RecoveryActions& actions) = 0;
  // Whether, with a SACKing receiver, a duplicate ACK is RFC 6675 §2's: an ACK that SACKs
  // something new, whether or not it advances snd_una (OnDupAck after the cumulative ACK
  // is taken), and outside recovery not an ACK that SACKs nothing new. RFC 5681's (the
  // default): an ACK that leaves snd_una where it was.
  virtual bool SackDefinesDuplicateAcks() const { return false; }

  // An ACK advanced snd_una by `acked_bytes` while state.in_recovery. snd_una is
  // already updated. The algorithm decides whether recovery ends.
  virtual void OnAckInRecovery(TcpState& state, uint64_t acked_bytes, RecoveryActions& actions) = 0;

  // The retransmission timer fired (recovery state is already cleared).
  virtual void OnTimeout(TcpState& /*state*/) {}
  // The flight a retransmission timeout halves (RFC 5681 eq. 4's FlightSize), asked
  // before the control answers the timeout.
  virtual uint64_t FlightAtTimeout(const TcpState& state, const Scoreboard& /*scoreboard*/) const {
    return state.flight_size();
  }
  // Whether this timeout keeps the ssthresh the previous one set (RFC 5681 §3.1: a
  // segment the timer has already retransmitted), asked at the same point.
  virtual bool HoldsSsthreshAtTimeout(const TcpState& /*state*/) const { return false; }

  // Every ACK, after the scoreboard has taken its SACK blocks and before the sender
  // acts on it (LE acks and counts each packet here).
  virtual void OnAck(const TcpHeader& /*ack*/, TcpState& /*state*/, RecoveryActions& /*actions*/) {}
  // Every data segment sent, with its transmission serial (TcpHeader::serial).
  virtual void OnSegmentSent(uint64_t /*seq*/, uint32_t /*length*/, uint64_t /*serial*/, bool /*retransmission*/) {}

  // Which segment to send next, if any. The default is the sliding window.
  virtual SendChoice NextSegment(TcpState& state, const Scoreboard& scoreboard, const SendLimits& limits) {
    return WindowedNextSegment(state, scoreboard, limits);
  }
};

}  // namespace plab
