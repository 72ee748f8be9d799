// Proportional Rate Reduction (RFC 6937) on RFC 6675's SACK recovery: what is lost,
// when recovery starts and ends and what NextSeg sends are RFC 6675's (sack_recovery.h);
// PRR decides how much may be sent on each ACK during recovery, so the window comes
// down to ssthresh smoothly instead of in one step (Linux's and ns-3's default).
//
// RFC 6937 §3.1, in bytes:
//   on entering recovery: prr_delivered = 0, prr_out = 0, RecoverFS = snd.nxt - snd.una
//   on every ACK in recovery:
//     DeliveredData = change in snd.una + change in SACKed bytes
//     prr_delivered += DeliveredData
//     if pipe > ssthresh:   sndcnt = CEIL(prr_delivered * ssthresh / RecoverFS) - prr_out
//     else PRR-SSRB:        sndcnt = MIN(ssthresh - pipe,
//                                        MAX(prr_delivered - prr_out, DeliveredData) + MSS)
//          PRR-CRB:         sndcnt = MIN(ssthresh - pipe, prr_delivered - prr_out)
//     sndcnt = MAX(sndcnt, 0); the fast retransmit itself always goes (prr_out = 0:
//     at least 1 MSS, as Linux and ns-3 force it)
//     cwnd = pipe + sndcnt
//   on every transmission in recovery: prr_out += bytes sent
// `pipe` is RFC 6675's SetPipe, taken after the ACK updated the scoreboard. The window
// PRR computes governs sending only during recovery; at its end the congestion control's
// window (ssthresh) applies again, as RFC 6937 ends recovery with cwnd = ssthresh.
//
// Without SACK (Mode::kDupAckAsSack) the receiver's duplicate ACKs stand in for SACK
// blocks, as Linux's "Reno SACK" emulation (tcp_add_reno_sack) and ns-3's TcpTxBuffer
// (AddRenoSack) count them: each duplicate ACK counts one more segment as having left
// the network, so pipe = the scoreboard's pipe - 1 SMSS per duplicate ACK since the
// last cumulative ACK (an ACK of k segments takes back k - 1 of them, as Linux does),
// and DeliveredData is RFC 6937's estimate without SACK: 1 SMSS per duplicate ACK, and
// the advance of snd.una less the segments so counted. The head is taken as lost on
// entering recovery; a partial ACK retransmits the new head at once, whatever PRR's
// count, and restarts the timer only the first time (RFC 6582 §3.2 step 5 and §4's
// "Impatient" variant, as our NewReno); there is no rescue retransmission. ACKs that
// carry SACK blocks are read as SACK.
//
// ns3_counts: ns-3.44's TcpSocketBase and TcpPrrRecovery without SACK count otherwise
// (ns3_grid_test.cc's no-sack class): the window cut halves its BytesInFlight + 1 SMSS
// (EnterRecovery), that is FlightSize less the segments duplicate ACKs counted, not
// FlightSize (1.5 segments less after limited transmit); RecoverFS is that BytesInFlight
// once the head is lost, not snd.nxt - snd.una; a cumulative ACK delivers every segment
// it covers, those duplicate ACKs counted too (TcpRateLinux::SkbDelivered), and a
// duplicate ACK 1 SMSS while prr_delivered < RecoverFS; and on a duplicate ACK in
// recovery PRR reads the pipe from before that ACK counted its segment
// (tcb->m_bytesInFlight, last set before ProcessAck), 1 SMSS more than it is. A timeout
// halves the pipe too (ReTxTimeout's BytesInFlight), not FlightSize, at every timeout,
// a repeated one in CA_LOSS too (see below; traced without SACK at 100 Mb/s, 10 ms, 3 %
// loss: 15,000 -> 7,500, 13,500 -> 3,000 bytes; an earlier reading held ssthresh there).
//
// ns3_counts with SACK (Mode::kSack), as ns-3.44's own trace shows it (bench/ns3/trace;
// docs/conformance/fq_codel.md): TcpSocketBase::EnterRecovery marks the head lost unless
// it is (TcpTxBuffer::MarkHeadAsLost) and halves BytesInFlight(), the pipe (TcpTxBuffer::
// BytesInFlight: sent - SACKed - lost + retransmitted), not FlightSize, and TcpPrrRecovery
// takes that pipe as RecoverFS. ReTxTimeout halves the pipe too (inFlightBeforeRto), at
// every timeout: its CA_LOSS test (!IsHeadRetransmitted) runs after SetSentListLost has
// cleared every retransmitted flag, so a repeated timeout cuts again, with SACK or
// without. SendPendingData sends while cwnd - BytesInFlight() holds a segment
// in every congestion state, not only in recovery (NextSeg rule 3 only in CA_RECOVERY),
// and TcpTxBuffer::NextSeg has no rescue retransmission (rule 4). In a recovery only the
// first partial ACK restarts the retransmission timer (ProcessAck: NewAck(ackNumber,
// m_isFirstPartialAck)), so a recovery of hundreds of losses ends in a timeout one RTO
// after its first partial ACK, as ns-3's SACK flow beside LEDBAT does (3.86 s, 1.9 s in).
// (Not modelled: when a cumulative ACK that SACKs enters recovery, ns-3 takes it as that
// first partial ACK too, and the next one restarts nothing.)
//
// ns3_prr_calls with SACK (recovery prr_ns3_calls, ns-3's platform in ns3_modern_test.cc;
// read from ns-3.44's tcp-socket-base.cc and tcp-prr-recovery.cc): TcpSocketBase calls
// TcpPrrRecovery::DoRecovery with isDupAck = true on entering recovery and on every ACK
// that SACKs something new (ProcessAck's isDupack = scoreboardUpdated), and DoRecovery then
// adds 1 SMSS to the bytes the ACK delivered (already counting the SACKed ones) while
// prr_delivered < RecoverFS; a partial ACK that also SACKs something new runs it twice,
// the second time (isDupAck = false) with the same delivered bytes again; an ACK that
// SACKs nothing new and acknowledges nothing leaves cwnd as it was. And DoRecovery's
// sendCount in its own 32-bit arithmetic: m_prrDelivered * m_ssThresh wraps past 2^32,
// and max(m_prrDelivered - m_prrOut, DeliveredData) on unsigned values is
// prr_delivered - prr_out, negative, once prr_out > prr_delivered (Ns3SendCount). Not
// modelled: the partial ACK's DoRetransmit outside PRR's count.
//
// ns3_reno_sacks without SACK (recovery prr_ns3_nosack_reno_sacks, with ns3_counts; read
// from ns-3.44's tcp-tx-buffer.cc and tcp-socket-base.cc, seen per ACK in grid.cc's
// TX/RX trace): ns-3's TcpTxBuffer marks a segment SACKed for each duplicate ACK
// (AddRenoSack: the first un-SACKed one after the head) and clears those marks only at a
// timeout (ResetRenoSack), not when recovery ends; BytesInFlight (sent - SACKed - lost +
// retransmitted) leaves them out in every congestion state. So:
// - a cumulative ACK that leaves a segment so marked at the head moves its mark to the
//   first unmarked segment (the count stays while there is one) and marks the head lost
//   (DiscardUpTo: "Moving the SACK flag from the HEAD to another segment"), in recovery or
//   out of it; SendPendingData sends it again at once (NextSeg rule 1), and on a partial
//   ACK PRR reads the pipe without it (DoRecovery, before the partial ACK's DoRetransmit);
// - outside recovery SendPendingData sends while cwnd - BytesInFlight holds a segment, the
//   marked segments out of it: at the end of a recovery whose duplicate ACKs came from
//   duplicates (a go-back-N's), cwnd = ssthresh is sent at once on top of what is out;
// - a duplicate ACK outside recovery while the head is marked lost below a mark starts
//   recovery at once (DupAck step (2): TcpTxBuffer::IsLost(head), no recover check);
// - in CA_LOSS (after a timeout, until recover is acknowledged) DupAck takes no
//   duplicate ACK, so none is counted;
// - DoRecovery's send count in its 32-bit arithmetic (Ns3SendCount), as with SACK: once
//   prr_out > prr_delivered, MAX(prr_delivered - prr_out, DeliveredData) on unsigned
//   values is negative, so below ssthresh a partial ACK sends its retransmission only.
//
// Bound::kNs3 is ns-3.44's TcpPrrRecovery (its default ReductionBound SSRB): the
// slow-start bound MAX(prr_delivered - prr_out, DeliveredData) + MSS only on an ACK that
// acknowledges data retransmitted in this recovery, otherwise sndcnt = MIN(ssthresh -
// pipe, DeliveredData).
#pragma once

#include <cstdint>
#include <vector>

#include "transport/tcp/recovery/sack_recovery.h"

namespace plab {

class PrrRecovery final : public SackRecovery {
 public:
  // PRR-SSRB (RFC 6937's choice), PRR-CRB; and ns-3.44's TcpPrrRecovery reading of SSRB:
  // the slow-start bound only on an ACK that acknowledges retransmitted data, else
  // sndcnt = MIN(ssthresh - pipe, DeliveredData).
  enum class Bound { kSlowStart, kConservative, kNs3 };
  enum class Mode { kSack, kDupAckAsSack };
  // `recover_after_timeout` false: see SackRecovery::recover_after_timeout_.
  // `ns3_counts`: ns-3.44's counts, with SACK or without (see the top of this file).
  // `ns3_prr_calls` (Mode::kSack): PRR's per-ACK step run when and as often as ns-3.44's
  // TcpSocketBase runs TcpPrrRecovery::DoRecovery with SACK (see the top of this file).
  // `ns3_reno_sacks` (Mode::kDupAckAsSack): ns-3.44's TcpTxBuffer without SACK in every
  // congestion state, not only in recovery (see the top of this file).
  explicit PrrRecovery(Bound bound = Bound::kSlowStart, Mode mode = Mode::kSack, bool pipe_after_timeout = false,
                       bool recover_after_timeout = true, bool ns3_counts = false, bool ns3_prr_calls = false,
                       bool ns3_reno_sacks = false)
      : SackRecovery(EarlyRetransmit::kOff, pipe_after_timeout),
        bound_(bound),
        mode_(mode),
        ns3_counts_(ns3_counts),
        ns3_prr_calls_(ns3_prr_calls && mode == Mode::kSack),
        ns3_reno_sacks_(ns3_reno_sacks && mode == Mode::kDupAckAsSack) {
    // ns-3.44 has no rescue retransmission (TcpTxBuffer::NextSeg leaves rule 4 out).
    rescue_enabled_ = mode == Mode::kSack && !ns3_counts;
    recover_after_timeout_ = recover_after_timeout;
    pipe_always_ = (mode == Mode::kSack && ns3_counts) || ns3_reno_sacks_;
    timer_on_first_partial_ack_ = mode == Mode::kSack && ns3_counts;
  }

  void OnAck(const TcpHeader& ack, TcpState& state, RecoveryActions& actions) override;
  void OnDupAck(TcpState& state, RecoveryActions& actions) override;
  void OnAckInRecovery(TcpState& state, uint64_t acked_bytes, RecoveryActions& actions) override;
  void OnTimeout(TcpState& state) override;
  uint64_t FlightAtTimeout(const TcpState& state, const Scoreboard& scoreboard) const override;
  void OnSegmentSent(uint64_t seq, uint32_t length, uint64_t serial, bool retransmission) override;

  // RFC 6937's variables, for tests and traces (bytes).
  uint64_t prr_delivered() const { return prr_delivered_; }
  uint64_t prr_out() const { return prr_out_; }
  uint64_t recover_fs() const { return recover_fs_; }
  int64_t sndcnt() const { return sndcnt_; }
  uint64_t window() const { return window_; }  // pipe + sndcnt at the last ACK
  bool active() const { return active_; }
  uint64_t dupack_sacked() const { return dupack_sacked_; }  // segments, Mode::kDupAckAsSack

 protected:
  void OnEnterRecovery(TcpState& state, RecoveryActions& actions) override;
  // With ns3_reno_sacks: also a duplicate ACK while the head is marked lost below a Reno
  // SACK (TcpSocketBase::DupAck step 2, TcpTxBuffer::IsLost).
  bool ShouldEnterRecovery(const TcpState& state, Scoreboard& scoreboard) override;
  uint64_t RecoveryWindow(const SendLimits& limits) const override;
  // With ns3_reno_sacks: cwnd, and the segments duplicate ACKs counted out of the pipe.
  uint64_t OpenWindow(const SendLimits& limits) const override;
  // With ns3_counts: pipe, as ns-3.44 halves it (see the top of this file).
  uint64_t FlightToHalve(const TcpState& state, RecoveryActions& actions) const override;

 private:
  // The per-ACK step: DeliveredData of this ACK into prr_delivered, then sndcnt.
  void Update(const TcpState& state, RecoveryActions& actions);
  bool Ns3Sack() const { return ns3_prr_calls_; }
  // ns-3.44's DupAck -> DoRecovery with SACK (prr_recovery.cc); whether it ran.
  bool Ns3DupAckRecovery(const TcpState& state, RecoveryActions& actions);
  // DoRecovery's sendCount in ns-3.44's own 32-bit arithmetic (prr_recovery.cc).
  int64_t Ns3SendCount(int64_t pipe, int64_t ssthresh, int64_t delivered) const;

  // pipe as PRR reads it: the scoreboard's, less the segments duplicate ACKs stand for.
  int64_t Pipe(const Scoreboard& scoreboard, uint32_t mss) const;

  Bound bound_;
  Mode mode_;
  bool ns3_counts_;
  bool ns3_prr_calls_ = false;   // with SACK, DoRecovery called as ns-3.44 calls it (prr_recovery.cc)
  bool ns3_reno_sacks_ = false;  // without SACK, ns-3.44's TcpTxBuffer in every state (the top of this file)
  bool in_loss_ = false;         // ns3_reno_sacks: after a timeout, until recover is acknowledged (CA_LOSS)
  bool dupack_counted_ = false;  // this ACK is a duplicate that counted one more segment out
  uint32_t mss_ = 1000;
  std::vector<uint64_t> retransmitted_;  // seqs retransmitted in this recovery, not yet acked
  bool retransmission_acked_ = false;
  bool partial_ack_seen_ =
      false;                    // Mode::kDupAckAsSack: RFC 6582 §4 Impatient    // this ACK covers one of them (kNs3)
  uint64_t dupack_sacked_ = 0;  // segments counted as delivered by duplicate ACKs (no SACK)
  bool active_ = false;
  uint64_t last_delivered_ = 0;    // the scoreboard's delivered() after the previous ACK
  uint64_t delivered_data_ = 0;    // DeliveredData of the ACK being processed
  uint64_t last_sacked_ever_ = 0;  // the scoreboard's sacked_ever() after the previous ACK
  bool sack_news_ = false;         // this ACK SACKed something new
  uint64_t prr_delivered_ = 0;
  uint64_t prr_out_ = 0;
  uint64_t recover_fs_ = 0;
  int64_t sndcnt_ = 0;
  uint64_t window_ = 0;
};

}  // namespace plab
