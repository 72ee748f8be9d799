// The sender's record of every segment between snd_una and snd_max: when it was last
// sent, whether it was ever retransmitted (Karn), whether the receiver has SACKed it
// (RFC 2018) and whether loss recovery has judged it lost. From it come RFC 6675's
// IsLost / SetPipe / NextSeg and FACK's forward-most SACKed byte.
//
// Segments start at multiples of the MSS (every segment is full-size but the last of a
// transfer), so a segment is addressed by seq / mss.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "sim/ring_deque.h"
#include "sim/time.h"
#include "transport/tcp/rate_sample.h"
#include "transport/tcp/tcp_header.h"

namespace plab {

class Scoreboard {
 public:
  // How SetPipe counts a retransmitted segment once the receiver SACKs it.
  //   kRfc6675: out of the pipe, as every SACKed segment (RFC 6675 §4 SetPipe counts
  //     only octets "that have not been SACKed").
  //   kNs3: in the pipe until the cumulative ACK passes it or a timeout clears the
  //     flags, as ns-3.44's TcpTxBuffer::BytesInFlight() counts (sent - SACKed - lost +
  //     retransmitted bytes): TcpTxBuffer::Update, taking a SACK, sets m_sacked and
  //     clears m_lost but leaves m_retrans and its byte count m_retrans, which only
  //     RemoveFromCounts (the cumulative ACK) and SetSentListLost (a timeout) take back.
  //     Its RFC reading, BytesInFlightRFC, leaves SACKed segments out but is not used.
  enum class PipeCount { kRfc6675, kNs3 };
  // How an ACK's delivery-rate sample is taken (rate_sample.h).
  //   kDraft: draft-cheng-iccrg-delivery-rate-estimation §3.2-3.3 and Linux tcp_rate.c:
  //     each ACK starts a fresh sample from the most recently sent segment it delivers.
  //   kNs3: as ns-3.44's TcpRateLinux, whose m_rateSample lives across ACKs: an ACK
  //     takes a new prior (delivered count, send and ACK intervals) only from a segment
  //     sent after more had been delivered than the held prior's (SkbDelivered:
  //     m_priorDelivered == 0 || skb delivered > m_priorDelivered); otherwise it reuses
  //     the held ACK interval, measured at the ACK that took it, against the bytes
  //     delivered since the prior: one ACK's gap short per such ACK, a rate too high
  //     (4 segments over 3 segments' time where two segments left between two ACKs).
  //     An interval below the min RTT voids the held prior (m_priorTime = 0) until a
  //     new one is taken.
  enum class RateSampling { kDraft, kNs3 };

  explicit Scoreboard(uint32_t mss, PipeCount pipe_count = PipeCount::kRfc6675,
                      RateSampling rate_sampling = RateSampling::kDraft)
      : mss_(mss),
        sacked_retransmissions_in_pipe_(pipe_count == PipeCount::kNs3),
        ns3_rate_sample_(rate_sampling == RateSampling::kNs3) {}

  struct Segment {
    Time sent_at;
    bool retransmitted = false;  // ever (Karn's rule)
    bool rtx_in_flight = false;  // a retransmission is outstanding (RFC 6675 SetPipe)
    bool sacked = false;
    bool lost = false;       // judged lost by recovery or a timeout (sticky)
    bool sack_lost = false;  // judged lost by SACKs above it (MarkLostBelow; sticky)
    // SACKed while a retransmission of it was outstanding, and counted in the pipe
    // still (PipeCount::kNs3 only), until the cumulative ACK or a timeout.
    bool sacked_rtx_in_pipe = false;
    uint32_t length = 0;
    // Delivery-rate state when last sent (rate_sample.h).
    uint64_t delivered = 0;
    Time delivered_time;
    Time first_sent_time;
    bool app_limited = false;
    // While SACKed: an absolute segment index above this one such that every segment
    // from this one up to it is SACKed, so OnSack jumps over a run already SACKed
    // (a union-find "next un-SACKed segment", path-compressed). Meaningless while not
    // SACKed; nothing un-SACKs a segment (a SACK is never taken back: no reneging).
    uint64_t sacked_run_end = 0;
  };

  // `flight_empty`: nothing was outstanding before this send (a new rate interval).
  void OnSent(uint64_t seq, uint32_t length, Time now, bool retransmission, bool flight_empty);

  // Starts and finishes the delivery-rate sample of one ACK around the calls to
  // OnCumulativeAck / OnSack that deliver segments.
  void BeginAck(Time now);
  RateSample FinishAck(Time now, Time min_rtt);
  // The application has nothing to send while the window is open: samples taken
  // until this much more has been delivered are app-limited.
  void MarkAppLimited(uint64_t bytes_in_flight) {
    app_limited_until_ = delivered_ + std::max<uint64_t>(bytes_in_flight, 1);
  }
  uint64_t delivered() const { return delivered_; }

  // Drops the segments a cumulative ACK covers. Returns the send time of the newest
  // one for an RTT sample, or nothing if any of them was retransmitted (Karn).
  std::optional<Time> OnCumulativeAck(uint64_t ack);

  // Marks the segments inside the blocks as SACKed; returns how many became SACKed.
  // Amortized cost: the segments newly SACKed plus a few per block. It jumps over runs
  // already SACKed (Segment::sacked_run_end): it walked every segment of every block,
  // and a block that grows by one segment per ACK across a 40,000-segment window cost
  // the window per ACK (86 % of a 10 Gb/s BBR run, issue H §1b.6).
  int OnSack(const SackBlock* blocks, int count);

  // RFC 6675 IsLost: at least `dupthresh` SACKed segments above `seq`.
  // Marks every segment that passes as lost (sticky); returns how many were new.
  // Cost per call: the segments between the dupthresh-th highest SACK and the highest
  // (a walk down from the top) plus the segments newly marked; never the whole window
  // (it was: a scan of every segment on every ACK, 84 % of a 10 Gb/s BBR run).
  int MarkLostByDupThresh(int dupthresh);
  // FACK (Mathis & Mahdavi 1996): every un-SACKed segment below the forward-most
  // SACKed byte is lost.
  int MarkLostBelowFack();
  // After a retransmission timeout every un-SACKed segment is lost, and no
  // retransmission is in flight any more (RFC 6675 §5.1; Linux tcp_enter_loss).
  void MarkAllLost();
  // Early retransmission (TCP-ER): the fine-grained timer says the segment at `seq`,
  // or its retransmission, is lost. It leaves the pipe and NextSeg may send it again.
  void MarkOverdue(uint64_t seq);

  // RFC 6675 SetPipe, in bytes: un-SACKed segments not judged lost, plus
  // retransmissions in flight (with PipeCount::kNs3 also SACKed retransmissions).
  uint64_t Pipe() const;
  // The same by walking every segment (for tests of the incremental count).
  uint64_t PipeByScan() const;
  // Whether the SACKs above the segment at `seq` judged it lost (and it is not SACKed),
  // retransmitted or not: RFC 6675's IsLost once MarkLostByDupThresh has run, a SACK
  // predicate (not a timeout's or a timer's judgement, nor what the sender has done with
  // the segment since).
  bool IsLost(uint64_t seq) const {
    const uint64_t index = seq / mss_;
    if (index < base_ || index >= base_ + segments_.size()) return false;
    const Segment& s = segments_[index - base_];
    return s.sack_lost && !s.sacked;
  }
  // RFC 6675 NextSeg rule 1: the lowest lost segment not yet retransmitted.
  // Amortized O(1): it resumes from where the last lookup stopped (next_lost_hint_).
  std::optional<uint64_t> NextLostSegment() const;
  // The same by walking every segment (for tests of the incremental lookup).
  std::optional<uint64_t> NextLostSegmentByScan() const;
  // RFC 6675 NextSeg rule 3: the lowest un-SACKed segment below the highest SACKed one
  // that has not been retransmitted in this flight, lost or not. Amortized O(1) like
  // rule 1 (next_unsacked_hint_): it was a scan from snd_una on every send, the whole
  // window per send in a 10 Gb/s BBR recovery (issue H §1b finding 6).
  std::optional<uint64_t> NextUnsackedBelowHighestSack() const;
  // The same by walking every segment (for tests of the incremental lookup).
  std::optional<uint64_t> NextUnsackedBelowHighestSackByScan() const;
  // The highest un-SACKed segment (RFC 6675 rule 4, the rescue retransmission).
  std::optional<uint64_t> HighestUnsacked() const;

  bool IsSacked(uint64_t seq) const;
  // Judged lost (by recovery, MarkOverdue or a timeout) and not SACKed since.
  bool IsMarkedLost(uint64_t seq) const;
  // When the segment holding `seq` was last sent, if it is on the board.
  std::optional<Time> SentAt(uint64_t seq) const;
  // One past the highest SACKed byte (FACK's snd.fack), or `base` if nothing is SACKed.
  uint64_t ForwardMostSacked(uint64_t base) const;
  int sacked_segments() const { return sacked_count_; }
  // Bytes ever marked SACKed: an ACK SACKed something new if it moved this.
  uint64_t sacked_ever() const { return sacked_ever_; }
  uint64_t base_seq() const { return base_ * mss_; }
  size_t size() const { return segments_.size(); }
  // Segments visited by the loss-marking and NextSeg walks (rules 1 and 3) since the
  // start: the work a test bounds per ACK and per send (issues G and H: each was the
  // whole window).
  uint64_t segments_walked() const { return walked_; }
  // Segments OnSack has visited since the start: every segment it marks SACKed and
  // every SACKed one it looks at to skip a run (a test bounds it per ACK).
  uint64_t sack_segments_walked() const { return sack_walked_; }

 private:
  void Deliver(const Segment& s);
  // A segment's share of the pipe (RFC 6675 SetPipe, in segments).
  static int PipeShare(const Segment& s) {
    if (s.sacked) return s.sacked_rtx_in_pipe ? 1 : 0;
    return (s.lost ? 0 : 1) + (s.rtx_in_flight ? 1 : 0);
  }
  // Lost, not SACKed and no retransmission in flight: what NextSeg rule 1 sends.
  static bool Retransmittable(const Segment& s) { return s.lost && !s.sacked && !s.rtx_in_flight; }
  // Not SACKed and no retransmission in flight: what NextSeg rule 3 sends.
  static bool Unretransmitted(const Segment& s) { return !s.sacked && !s.rtx_in_flight; }
  // Marks every un-SACKed segment below the absolute index `end` lost; returns how
  // many were new. Starts at lost_frontier_, below which there is nothing left to mark.
  int MarkLostBelow(uint64_t end);
  // The segment at absolute index `index` was judged lost and may be retransmittable.
  void NoteLost(uint64_t index) {
    next_lost_hint_ = std::min(next_lost_hint_, index);
    lost_ceiling_ = std::max(lost_ceiling_, index + 1);
  }
  Segment* Find(uint64_t seq);
  const Segment* Find(uint64_t seq) const;
  // The lowest absolute index at or above `index` (>= base_) whose segment is not
  // SACKed, or the board's end; compresses the path it took.
  uint64_t NextUnsackedFrom(uint64_t index);

  uint32_t mss_;
  bool sacked_retransmissions_in_pipe_;  // PipeCount::kNs3
  bool ns3_rate_sample_;                 // RateSampling::kNs3
  RingDeque<Segment> segments_;
  uint64_t base_ = 0;  // segment index of segments_.front()
  int sacked_count_ = 0;
  uint64_t sacked_ever_ = 0;
  int64_t pipe_segments_ = 0;  // kept up to date on every change, so Pipe() is O(1)
  int64_t highest_sacked_index_ = -1;
  // Absolute segment indices that keep loss marking and NextSeg from rescanning the
  // window: every un-SACKed segment below lost_frontier_ is lost (lost is sticky and a
  // SACK is never taken back); no segment at or above lost_ceiling_ was ever judged
  // lost; and no segment below next_lost_hint_ is retransmittable (judging one lost
  // lowers the hint). So a lookup walks only [hint, ceiling): without the ceiling it
  // walked the whole flight above the last loss on every ACK of a recovery.
  uint64_t lost_frontier_ = 0;
  uint64_t lost_ceiling_ = 0;
  mutable uint64_t next_lost_hint_ = 0;
  // No segment below it is un-SACKed without a retransmission in flight (NextSeg rule
  // 3): a SACK is never taken back and rtx_in_flight is only cleared by MarkAllLost and
  // MarkOverdue, which lower it. New segments are appended above it.
  mutable uint64_t next_unsacked_hint_ = 0;
  mutable uint64_t walked_ = 0;
  uint64_t sack_walked_ = 0;

  // Connection-wide delivery-rate state (C.* in the draft).
  uint64_t delivered_ = 0;
  Time delivered_time_;
  Time first_sent_time_;
  uint64_t app_limited_until_ = 0;
  // The sample being built for the current ACK.
  Time ack_now_;
  RateSample sample_;
  Time sample_send_elapsed_;
  Time sample_ack_start_;
  Time sample_sent_time_;
  bool sample_has_packet_ = false;
  // RateSampling::kNs3: the prior held across ACKs, its ACK interval, and whether it
  // still times a sample (ns-3's m_priorTime not zeroed).
  Time held_ack_elapsed_;
  bool held_prior_valid_ = false;
};

}  // namespace plab
