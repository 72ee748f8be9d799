#include "transport/scoreboard.h"

#include <algorithm>

namespace plab {

Scoreboard::Segment* Scoreboard::Find(uint64_t seq) {
  const uint64_t index = seq / mss_;
  if (index < base_ || index >= base_ + segments_.size()) return nullptr;
  return &segments_[index - base_];
}

const Scoreboard::Segment* Scoreboard::Find(uint64_t seq) const {
  return const_cast<Scoreboard*>(this)->Find(seq);
}

void Scoreboard::OnSent(uint64_t seq, Time now, bool retransmission) {
  const uint64_t index = seq / mss_;
  while (base_ + segments_.size() <= index) segments_.emplace_back();
  Segment& s = segments_[index - base_];
  s.sent_at = now;
  if (retransmission) {
    s.retransmitted = true;
    s.rtx_in_flight = true;
  }
}

std::optional<Time> Scoreboard::OnCumulativeAck(uint64_t ack) {
  const uint64_t last_index = (ack - 1) / mss_;
  bool ambiguous = false;
  Time newest;
  while (!segments_.empty() && base_ <= last_index) {
    const Segment& s = segments_.front();
    ambiguous = ambiguous || s.retransmitted;
    newest = s.sent_at;
    if (s.sacked) --sacked_count_;
    segments_.pop_front();
    ++base_;
  }
  if (highest_sacked_index_ >= 0 && static_cast<uint64_t>(highest_sacked_index_) < base_) highest_sacked_index_ = -1;
  if (ambiguous) return std::nullopt;
  return newest;
}

int Scoreboard::OnSack(const SackBlock* blocks, int count) {
  int newly = 0;
  for (int b = 0; b < count; ++b) {
    for (uint64_t seq = std::max(blocks[b].start, base_seq()); seq < blocks[b].end; seq += mss_) {
      Segment* s = Find(seq);
      if (s == nullptr) break;
      if (!s->sacked) {
        s->sacked = true;
        s->rtx_in_flight = false;
        ++sacked_count_;
        ++newly;
        highest_sacked_index_ = std::max<int64_t>(highest_sacked_index_, static_cast<int64_t>(seq / mss_));
      }
    }
  }
  return newly;
}

int Scoreboard::MarkLostByDupThresh(int dupthresh) {
  int newly = 0;
  int sacked_above = 0;
  for (auto it = segments_.rbegin(); it != segments_.rend(); ++it) {
    if (it->sacked) {
      ++sacked_above;
    } else if (sacked_above >= dupthresh && !it->lost) {
      it->lost = true;
      ++newly;
    }
  }
  return newly;
}

int Scoreboard::MarkLostBelowFack() {
  if (highest_sacked_index_ < 0) return 0;
  int newly = 0;
  const uint64_t end = static_cast<uint64_t>(highest_sacked_index_) - base_;
  for (uint64_t i = 0; i < end && i < segments_.size(); ++i) {
    Segment& s = segments_[i];
    if (!s.sacked && !s.lost) {
      s.lost = true;
      ++newly;
    }
  }
  return newly;
}

void Scoreboard::MarkAllLost() {
  for (Segment& s : segments_) {
    if (!s.sacked) s.lost = true;
    s.rtx_in_flight = false;
  }
}

uint64_t Scoreboard::Pipe() const {
  uint64_t segments = 0;
  for (const Segment& s : segments_) {
    if (s.sacked) continue;
    if (!s.lost) ++segments;
    if (s.rtx_in_flight) ++segments;
  }
  return segments * mss_;
}

std::optional<uint64_t> Scoreboard::NextLostSegment() const {
  for (size_t i = 0; i < segments_.size(); ++i) {
    const Segment& s = segments_[i];
    if (s.lost && !s.sacked && !s.rtx_in_flight) return (base_ + i) * mss_;
  }
  return std::nullopt;
}

bool Scoreboard::IsSacked(uint64_t seq) const {
  const Segment* s = Find(seq);
  return s != nullptr && s->sacked;
}

uint64_t Scoreboard::ForwardMostSacked(uint64_t base) const {
  if (highest_sacked_index_ < 0) return base;
  return std::max(base, (static_cast<uint64_t>(highest_sacked_index_) + 1) * mss_);
}

}  // namespace plab
