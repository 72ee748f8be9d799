// SACK-based loss recovery (RFC 6675, "conservative"), and FACK on the same frame.
//
// RFC 6675: enter recovery on DupThresh duplicate ACKs or when IsLost(snd_una) (a
// segment with DupThresh SACKed segments above it): RecoveryPoint = HighData,
// ssthresh = cwnd = max(FlightSize / 2, 2 SMSS) (§5 step 4.2), retransmit the first
// segment. On every ACK during recovery: update the scoreboard, recompute `pipe`
// (SetPipe), and while cwnd - pipe >= 1 SMSS send NextSeg: (1) the lowest lost segment
// not yet retransmitted; else (2) new data; else (3) the lowest un-SACKed segment
// below the highest SACK, lost or not; else (4) once per recovery, a rescue
// retransmission of the highest un-SACKed segment. Recovery ends when snd_una passes
// RecoveryPoint.
//
// FACK (Mathis & Mahdavi, SIGCOMM 1996) differs in how much is judged lost: every
// un-SACKed segment below the forward-most SACKed byte (snd.fack) is lost, so the
// outstanding-data estimate awnd = snd.nxt - snd.fack + retran_data is the pipe of
// the same formula; and recovery also starts when snd.fack - snd.una > DupThresh
// segments, without waiting for the third duplicate ACK.
#pragma once

#include "transport/tcp/recovery/early_retransmit.h"

namespace plab {

class SackRecovery : public LossRecovery {
 public:
  // With early retransmission (SACK-ER, early_retransmit.h) a duplicate ACK before the
  // threshold also starts recovery when snd_una is overdue on the fine-grained timer.
  // With `pipe_after_timeout`, after a retransmission timeout and until RecoveryPoint is
  // acknowledged, NextSeg rules 1-3 send while pipe + 1 SMSS fits cwnd, SACKed segments
  // out of the pipe, as Linux and ns-3 do (RFC 6675 §5.1: use the SACK information in
  // the recovery after an RTO); without it the window is snd_una + cwnd, SACKed segments
  // skipped but counted.
  explicit SackRecovery(EarlyRetransmit early = EarlyRetransmit::kOff, bool pipe_after_timeout = false)
      : early_(early), pipe_after_timeout_(pipe_after_timeout) {}
  void OnDupAck(TcpState& state, RecoveryActions& actions) override;
  // RFC 6675 §2: a duplicate acknowledgment is "a segment that arrives carrying a SACK
  // block that identifies previously unacknowledged and un-SACKed octets", counted "even
  // if it ... moves the cumulative acknowledgment point" (§5 step 2 then starts recovery
  // if IsLost(HighACK + 1)).
  // SACK-ER keeps RFC 5681's: TCP-ER's early retransmission (§III) counts the duplicate
  // ACKs of the paper's ns-2 SACK, which leave the cumulative ACK where it was.
  bool SackDefinesDuplicateAcks() const override { return early_ == EarlyRetransmit::kOff; }
  void OnTimeout(TcpState& /*state*/) override { after_timeout_ = pipe_after_timeout_; }
  void OnAckInRecovery(TcpState& state, uint64_t acked_bytes, RecoveryActions& actions) override;
  SendChoice NextSegment(TcpState& state, const Scoreboard& scoreboard, const SendLimits& limits) override;

 protected:
  // Marks what this variant judges lost; returns the number of newly lost segments.
  virtual int MarkLosses(const TcpState& state, Scoreboard& scoreboard);
  // Whether the scoreboard alone says to start recovery (besides DupThresh dupacks).
  virtual bool ShouldEnterRecovery(const TcpState& state, Scoreboard& scoreboard);
  // Recovery has begun (window cut, losses marked), just before the fast retransmit.
  virtual void OnEnterRecovery(TcpState& /*state*/, RecoveryActions& /*actions*/) {}
  // The window NextSeg fills in recovery: RFC 6675 sends while cwnd - pipe >= 1 SMSS.
  virtual uint64_t RecoveryWindow(const SendLimits& limits) const { return limits.cwnd; }
  // The same outside recovery, where NextSeg sends by pipe (pipe_always_, or after a
  // timeout): cwnd.
  virtual uint64_t OpenWindow(const SendLimits& limits) const { return limits.cwnd; }
  // The flight the window cut halves on entering recovery: RFC 6675 §5 step 4.2's FlightSize.
  virtual uint64_t FlightToHalve(const TcpState& state, RecoveryActions& /*actions*/) const {
    return state.flight_size();
  }
  bool rescue_enabled_ = true;  // NextSeg rule 4 (a recovery without SACK blocks has no use for it)
  // Off: duplicate ACKs start a fast retransmit even below the recovery point a timeout
  // set, against RFC 6582 §3.2 step 1 and RFC 6675 §5 step 4 (an experiment: what ns-3.44
  // without SACK does in ns3_grid_test.cc's grid).
  bool recover_after_timeout_ = true;
  // On: outside recovery too, NextSeg rules 1 and 2 send while pipe + 1 SMSS fits cwnd
  // (rule 3 only in recovery), as ns-3.44's TcpSocketBase::SendPendingData does in every
  // congestion state (AvailableWindow = cwnd - BytesInFlight(), the pipe; TcpTxBuffer::
  // NextSeg with isRecovery only in CA_RECOVERY). RFC 5681 sends by FlightSize there.
  bool pipe_always_ = false;
  // On: in a recovery only the first partial ACK restarts the retransmission timer, as
  // ns-3.44's TcpSocketBase::ProcessAck does with SACK too (NewAck(ack,
  // m_isFirstPartialAck); RFC 6582 §4's "Impatient" variant); RFC 6298 §5.3 restarts it
  // on every ACK of new data.
  bool timer_on_first_partial_ack_ = false;

 private:
  void Enter(TcpState& state, RecoveryActions& actions, bool early);
  EarlyRetransmit early_;
  bool pipe_after_timeout_;
  bool after_timeout_ = false;     // sending by pipe after a timeout (pipe_after_timeout_)
  bool rescue_sent_ = false;       // rule 4 at most once per recovery (RescueRxt)
  bool partial_ack_seen_ = false;  // in this recovery (timer_on_first_partial_ack_)
  int kept_at_exit_ = 0;           // segments above ssthresh the Recover ACK keeps (SACK-ER)
};

class FackRecovery final : public SackRecovery {
 public:
 protected:
  int MarkLosses(const TcpState& state, Scoreboard& scoreboard) override;
  bool ShouldEnterRecovery(const TcpState& state, Scoreboard& scoreboard) override;
};

}  // namespace plab
