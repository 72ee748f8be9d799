#include "metrics/stream_metrics.h"

#include <algorithm>
#include <cmath>

namespace plab {

StreamMetrics::StreamMetrics(const Params& params)
    : params_(params),
      playback_slot_ns_(static_cast<double>(params.packet_interval.ns()) * params.playback_ratio),
      last_move_(params.start) {}

Time StreamMetrics::Deadline(uint64_t i) const {
  return params_.start + params_.prebuffer +
         Time::FromNanoseconds(std::llround(playback_slot_ns_ * static_cast<double>(i)));
}

uint64_t StreamMetrics::FirstCounted() const {
  const Time from = params_.measure_from - params_.start - params_.prebuffer;
  if (from <= Time::Zero()) return 0;
  return static_cast<uint64_t>(std::ceil(static_cast<double>(from.ns()) / playback_slot_ns_));
}

bool StreamMetrics::Frozen(Time gap) const {
  return gap >= params_.frozen_gap && (!params_.timeouts_only || timed_out_);
}

void StreamMetrics::OnInOrderBytes(Time now, uint64_t in_order_bytes) {
  const uint64_t packets = in_order_bytes / params_.packet_bytes;
  if (packets <= received_) return;
  // A gap ending after measure_from counts from measure_from on.
  if (now > params_.measure_from) {
    const Time gap = now - std::max(last_move_, params_.measure_from);
    if (Frozen(gap)) frozen_ += gap;
  }
  last_move_ = now;
  timed_out_ = false;
  const uint64_t first_counted = FirstCounted();
  for (uint64_t i = received_; i < packets; ++i) {
    if (i >= first_counted && now > Deadline(i)) ++late_;
    if (moved_ && last_arrival_ >= params_.measure_from) {
      const double gap_ms = (now - last_arrival_).milliseconds();
      ++gaps_;
      const double delta = gap_ms - gap_mean_;
      gap_mean_ += delta / static_cast<double>(gaps_);
      gap_m2_ += delta * (gap_ms - gap_mean_);
    }
    last_arrival_ = now;
    moved_ = true;
  }
  received_ = packets;
}

void StreamMetrics::Finish(Time end) {
  if (finished_) return;
  finished_ = true;
  if (end > params_.measure_from) {
    const Time gap = end - std::max(last_move_, params_.measure_from);
    if (Frozen(gap)) frozen_ += gap;
  }
  // Packets due by the end: i with Deadline(i) <= end, within the transfer.
  const Time due = end - params_.start - params_.prebuffer;
  if (due < Time::Zero()) return;
  uint64_t due_count = static_cast<uint64_t>(std::floor(static_cast<double>(due.ns()) / playback_slot_ns_)) + 1;
  if (params_.total_bytes != UINT64_MAX) due_count = std::min(due_count, params_.total_bytes / params_.packet_bytes);
  const uint64_t first = FirstCounted();
  if (due_count <= first) return;
  played_ = static_cast<int64_t>(due_count - first);
  // Due and never received: late.
  const uint64_t received_counted_end = std::max(received_, first);
  if (due_count > received_counted_end) late_ += static_cast<int64_t>(due_count - received_counted_end);
}

double StreamMetrics::late_pct() const {
  return played_ == 0 ? 0.0 : 100.0 * static_cast<double>(late_) / static_cast<double>(played_);
}

double StreamMetrics::ipat_std_ms() const {
  return gaps_ < 2 ? 0.0 : std::sqrt(gap_m2_ / static_cast<double>(gaps_ - 1));
}

}  // namespace plab
