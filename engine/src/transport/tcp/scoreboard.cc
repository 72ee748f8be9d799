#include "transport/tcp/scoreboard.h"

#include <algorithm>

namespace plab {

Scoreboard::Segment* Scoreboard::Find(uint64_t seq) {
  const uint64_t index = seq / mss_;
  if (index < base_ || index >= base_ + segments_.size()) return nullptr;
  return &segments_[index - base_];
}

const Scoreboard::Segment* Scoreboard::Find(uint64_t seq) const { return const_cast<Scoreboard*>(this)->Find(seq); }

void Scoreboard::OnSent(uint64_t seq, uint32_t length, Time now, bool retransmission, bool flight_empty) {
  // New data goes right after the board's last segment: no division for that case.
  const uint64_t next_index = base_ + segments_.size();
  const uint64_t index = seq == next_index * mss_ ? next_index : seq / mss_;
  while (base_ + segments_.size() <= index) segments_.emplace_back();
  Segment& s = segments_[index - base_];
  const int before = PipeShare(s) - (s.length == 0 ? 1 : 0);  // a fresh record is not in the pipe yet
  if (flight_empty) first_sent_time_ = delivered_time_ = now;
  s.sent_at = now;
  s.length = length;
  s.delivered = delivered_;
  s.delivered_time = delivered_time_;
  s.first_sent_time = first_sent_time_;
  s.app_limited = app_limited_until_ > delivered_;
  if (retransmission) {
    s.retransmitted = true;
    s.rtx_in_flight = true;
  }
  pipe_segments_ += PipeShare(s) - before;
}

std::optional<Time> Scoreboard::OnCumulativeAck(uint64_t ack) {
  bool ambiguous = false;
  Time newest;
  // Segment base_ is covered when it starts below `ack` (base_ <= (ack - 1) / mss_,
  // without the division).
  while (!segments_.empty() && base_ * mss_ < ack) {
    const Segment& s = segments_.front();
    pipe_segments_ -= PipeShare(s);
    ambiguous = ambiguous || s.retransmitted;
    newest = s.sent_at;
    if (s.sacked) {
      --sacked_count_;
    } else {
      Deliver(s);
    }
    segments_.pop_front();
    ++base_;
  }
  if (highest_sacked_index_ >= 0 && static_cast<uint64_t>(highest_sacked_index_) < base_) highest_sacked_index_ = -1;
  if (ambiguous) return std::nullopt;
  return newest;
}

uint64_t Scoreboard::NextUnsackedFrom(uint64_t index) {
  const uint64_t end = base_ + segments_.size();
  // Every run pointer points upward and only over SACKed segments, which stay SACKed
  // until the cumulative ACK drops them from the front: a pointer never leads to a
  // segment that has become un-SACKed, and dropping the front leaves the rest valid.
  uint64_t found = index;
  while (found < end && segments_[found - base_].sacked) {
    ++sack_walked_;
    found = segments_[found - base_].sacked_run_end;
  }
  // Path compression: everything on the path now points straight at `found`.
  while (index < found && index < end) {
    Segment& s = segments_[index - base_];
    index = s.sacked_run_end;
    s.sacked_run_end = found;
  }
  return found;
}

int Scoreboard::OnSack(const SackBlock* blocks, int count) {
  int newly = 0;
  for (int b = 0; b < count; ++b) {
    // The segments visited are those holding first, first + mss, ... below the block's
    // end (the block's start need not fall on a segment boundary), up to the board's end.
    const uint64_t first = std::max(blocks[b].start, base_seq());
    if (first >= blocks[b].end) continue;
    const uint64_t first_index = first / mss_;
    const uint64_t span = (blocks[b].end - first - 1) / mss_ + 1;
    const uint64_t end_index = std::min<uint64_t>(first_index + span, base_ + segments_.size());
    for (uint64_t index = NextUnsackedFrom(first_index); index < end_index; index = NextUnsackedFrom(index + 1)) {
      Segment& s = segments_[index - base_];
      ++sack_walked_;
      Deliver(s);
      pipe_segments_ -= PipeShare(s);
      s.sacked = true;
      // ns-3.44 keeps a SACKed retransmission in BytesInFlight (PipeCount::kNs3).
      s.sacked_rtx_in_pipe = sacked_retransmissions_in_pipe_ && s.rtx_in_flight;
      s.rtx_in_flight = false;
      pipe_segments_ += PipeShare(s);
      s.sacked_run_end = index + 1;
      ++sacked_count_;
      sacked_ever_ += s.length;
      ++newly;
      highest_sacked_index_ = std::max<int64_t>(highest_sacked_index_, static_cast<int64_t>(index));
    }
  }
  return newly;
}

int Scoreboard::MarkLostBelow(uint64_t end) {
  end = std::min<uint64_t>(end, base_ + segments_.size());
  int newly = 0;
  const uint64_t start = std::max(lost_frontier_, base_);
  if (end > start) walked_ += end - start;
  for (uint64_t index = start; index < end; ++index) {
    Segment& s = segments_[index - base_];
    if (!s.sacked) s.sack_lost = true;
    if (!s.sacked && !s.lost) {
      pipe_segments_ -= PipeShare(s);
      s.lost = true;
      pipe_segments_ += PipeShare(s);
      NoteLost(index);
      sample_.newly_lost += s.length;
      ++newly;
    }
  }
  lost_frontier_ = std::max(lost_frontier_, end);
  return newly;
}

int Scoreboard::MarkLostByDupThresh(int dupthresh) {
  // An un-SACKed segment has >= dupthresh SACKed ones above it exactly when it lies
  // below the dupthresh-th highest SACKed segment: find that one, walking down from
  // the highest SACK and stopping at the frontier (below it nothing is left to mark).
  if (highest_sacked_index_ < 0 || dupthresh < 1) return 0;
  const uint64_t floor = std::max(lost_frontier_, base_);
  int sacked_seen = 0;
  for (uint64_t index = static_cast<uint64_t>(highest_sacked_index_) + 1; index-- > floor;) {
    ++walked_;
    if (segments_[index - base_].sacked && ++sacked_seen == dupthresh) return MarkLostBelow(index);
  }
  return 0;
}

int Scoreboard::MarkLostBelowFack() {
  if (highest_sacked_index_ < 0) return 0;
  return MarkLostBelow(static_cast<uint64_t>(highest_sacked_index_));
}

void Scoreboard::MarkAllLost() {
  for (Segment& s : segments_) {
    if (!s.sacked) s.lost = true;
    s.rtx_in_flight = false;
    s.sacked_rtx_in_pipe = false;  // ns-3.44's SetSentListLost clears every m_retrans
  }
  pipe_segments_ = 0;  // every segment is now SACKed or lost, none retransmitted yet
  next_unsacked_hint_ = base_;
  lost_frontier_ = base_ + segments_.size();
  if (!segments_.empty()) {
    NoteLost(base_);
    NoteLost(lost_frontier_ - 1);
  }
}

void Scoreboard::MarkOverdue(uint64_t seq) {
  Segment* s = Find(seq);
  if (s == nullptr || s->sacked || s->length == 0) return;
  const int before = PipeShare(*s);
  if (!s->lost || s->rtx_in_flight) sample_.newly_lost += s->length;  // it, or its retransmission
  s->lost = true;
  s->rtx_in_flight = false;
  pipe_segments_ += PipeShare(*s) - before;
  NoteLost(seq / mss_);
  next_unsacked_hint_ = std::min(next_unsacked_hint_, seq / mss_);
}

void Scoreboard::BeginAck(Time now) {
  ack_now_ = now;
  if (ns3_rate_sample_) {
    // ns-3.44 keeps its sample's prior across ACKs (RateSampling::kNs3).
    const RateSample held = sample_;
    sample_ = RateSample{};
    sample_.prior_delivered = held.prior_delivered;
    sample_.is_app_limited = held.is_app_limited;
    return;
  }
  sample_ = RateSample{};
  sample_has_packet_ = false;
}

// Called for each segment an ACK delivers (draft §3.2, per-packet update).
void Scoreboard::Deliver(const Segment& s) {
  delivered_ += s.length;
  delivered_time_ = ack_now_;
  sample_.newly_delivered += s.length;
  if (ns3_rate_sample_) {
    // TcpRateLinux::SkbDelivered: a new prior only from a segment sent after more had
    // been delivered; its ACK interval is measured now and held with it.
    if (sample_.prior_delivered == 0 || s.delivered > sample_.prior_delivered) {
      sample_has_packet_ = true;
      held_prior_valid_ = true;
      sample_.prior_delivered = s.delivered;
      sample_.is_app_limited = s.app_limited;
      sample_send_elapsed_ = s.sent_at - s.first_sent_time;
      held_ack_elapsed_ = ack_now_ - s.delivered_time;
      first_sent_time_ = s.sent_at;
    }
    return;
  }
  // Sample from the most recently sent segment this ACK delivers.
  if (!sample_has_packet_ || s.delivered >= sample_.prior_delivered) {
    sample_has_packet_ = true;
    sample_.prior_delivered = s.delivered;
    sample_.is_app_limited = s.app_limited;
    sample_send_elapsed_ = s.sent_at - s.first_sent_time;
    sample_ack_start_ = s.delivered_time;
    sample_sent_time_ = s.sent_at;
  }
}

RateSample Scoreboard::FinishAck(Time now, Time min_rtt) {
  sample_.total_delivered = delivered_;
  if (ns3_rate_sample_) {
    // TcpRateLinux::GenerateSample, on every ACK, from the held prior.
    if (!sample_has_packet_ || !held_prior_valid_) return sample_;
    sample_.interval = std::max(sample_send_elapsed_, held_ack_elapsed_);
    sample_.delivered = delivered_ - sample_.prior_delivered;
    if (sample_.interval <= Time::Zero() || sample_.interval < min_rtt) {
      held_prior_valid_ = false;  // m_priorTime = 0: void until a new prior
      return sample_;
    }
    sample_.valid = true;
    sample_.delivery_rate_bps = static_cast<double>(sample_.delivered) * 8 / sample_.interval.seconds();
    return sample_;
  }
  if (!sample_has_packet_) return sample_;
  first_sent_time_ = sample_sent_time_;
  const Time ack_elapsed = now - sample_ack_start_;
  sample_.interval = std::max(sample_send_elapsed_, ack_elapsed);
  sample_.delivered = delivered_ - sample_.prior_delivered;
  // An interval shorter than the path's min RTT would overstate the rate (draft §3.3).
  if (sample_.interval > Time::Zero() && sample_.interval >= min_rtt) {
    sample_.valid = true;
    sample_.delivery_rate_bps = static_cast<double>(sample_.delivered) * 8 / sample_.interval.seconds();
  }
  return sample_;
}

uint64_t Scoreboard::Pipe() const { return static_cast<uint64_t>(pipe_segments_) * mss_; }

uint64_t Scoreboard::PipeByScan() const {
  uint64_t segments = 0;
  for (const Segment& s : segments_) segments += static_cast<uint64_t>(PipeShare(s));
  return segments * mss_;
}

std::optional<uint64_t> Scoreboard::NextLostSegment() const {
  const uint64_t end = std::min<uint64_t>(base_ + segments_.size(), lost_ceiling_);
  const uint64_t start = std::max(next_lost_hint_, base_);
  uint64_t index = start;
  while (index < end && !Retransmittable(segments_[index - base_])) ++index;
  walked_ += index - start;
  next_lost_hint_ = index;
  if (index >= end) return std::nullopt;
  return index * mss_;
}

std::optional<uint64_t> Scoreboard::NextLostSegmentByScan() const {
  for (size_t i = 0; i < segments_.size(); ++i) {
    if (Retransmittable(segments_[i])) return (base_ + i) * mss_;
  }
  return std::nullopt;
}

std::optional<uint64_t> Scoreboard::NextUnsackedBelowHighestSack() const {
  if (highest_sacked_index_ < 0) return std::nullopt;
  // Resume where the last lookup stopped: below the hint every segment is SACKed or has
  // a retransmission in flight, and both stay so until MarkAllLost / MarkOverdue lower it.
  const uint64_t end = std::min<uint64_t>(static_cast<uint64_t>(highest_sacked_index_), base_ + segments_.size());
  uint64_t index = std::max(next_unsacked_hint_, base_);
  while (index < end && !Unretransmitted(segments_[index - base_])) ++index;
  walked_ += index - std::max(next_unsacked_hint_, base_);
  next_unsacked_hint_ = index;
  if (index >= end) return std::nullopt;
  return index * mss_;
}

std::optional<uint64_t> Scoreboard::NextUnsackedBelowHighestSackByScan() const {
  if (highest_sacked_index_ < 0) return std::nullopt;
  const uint64_t end = static_cast<uint64_t>(highest_sacked_index_) - base_;
  for (uint64_t i = 0; i < end && i < segments_.size(); ++i) {
    if (Unretransmitted(segments_[i])) return (base_ + i) * mss_;
  }
  return std::nullopt;
}

std::optional<uint64_t> Scoreboard::HighestUnsacked() const {
  for (size_t i = segments_.size(); i-- > 0;) {
    if (!segments_[i].sacked) return (base_ + i) * mss_;
  }
  return std::nullopt;
}

bool Scoreboard::IsSacked(uint64_t seq) const {
  const Segment* s = Find(seq);
  return s != nullptr && s->sacked;
}

bool Scoreboard::IsMarkedLost(uint64_t seq) const {
  const Segment* s = Find(seq);
  return s != nullptr && s->lost && !s->sacked;
}

std::optional<Time> Scoreboard::SentAt(uint64_t seq) const {
  const Segment* s = Find(seq);
  if (s == nullptr) return std::nullopt;
  return s->sent_at;
}

uint64_t Scoreboard::ForwardMostSacked(uint64_t base) const {
  if (highest_sacked_index_ < 0) return base;
  return std::max(base, (static_cast<uint64_t>(highest_sacked_index_) + 1) * mss_);
}

}  // namespace plab
