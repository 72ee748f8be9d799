#include "metrics/link_metrics.h"

#include <algorithm>

namespace plab {

LinkMetrics::LinkMetrics(Time horizon, int buckets, int utilization_bins, bool record_series)
    : record_(record_series),
      queue_("queue", "packets", horizon, buckets),
      utilization_("utilization", "%", horizon, utilization_bins),
      capacity_("capacity_mbps", "Mb/s", horizon, utilization_bins) {
  const int bins = std::max(1, utilization_bins);
  bin_width_ = Time::FromNanoseconds(std::max<int64_t>(1, (horizon.ns() + bins - 1) / bins));
  if (record_) busy_ns_.assign(static_cast<size_t>(bins), 0);
}

void LinkMetrics::WatchFlowQueues(const QueueDiscipline* queue, int flows, Time horizon, int buckets) {
  // Each change of the queue asks every flow: bounded to the flows a chart can tell apart.
  constexpr int kMaxWatchedFlows = 64;
  if (!record_ || flows > kMaxWatchedFlows || queue->FlowQueuePackets(0) < 0) return;
  flow_queue_source_ = queue;
  for (int i = 0; i < flows; ++i) flow_queues_.emplace_back("sub_queue", "packets", horizon, buckets);
  flow_queue_now_.assign(static_cast<size_t>(flows), -1);
}

void LinkMetrics::WatchMarks(QueueDiscipline* queue, int flows, Time horizon, int bins) {
  // A run keeps about this many marks in all: 5000 a flow (MarkerSeries' cap, as the
  // senders' events) up to 20 flows, fewer each beyond, never fewer than 200.
  constexpr int64_t kMarkBudget = 100000;
  if (!record_ || flows <= 0) return;
  const auto cap = static_cast<size_t>(std::clamp<int64_t>(kMarkBudget / flows, 200, 5000));
  for (int i = 0; i < flows; ++i) ce_marks_.emplace_back("ce_mark", "packets", cap, horizon, bins);
  queue->set_mark_observer(this);
}

void LinkMetrics::OnCeMark(Time now, const Packet& p, int64_t queue_packets) {
  if (p.is_feedback() || p.flow >= ce_marks_.size()) return;  // a background flow's, or an ACK's
  ce_marks_[p.flow].Add(now, static_cast<double>(queue_packets));
}

void LinkMetrics::OnQueueLength(Time now, int64_t packets) {
  if (record_) queue_.Add(now, static_cast<double>(packets));
  // A flow's sub-queue is sampled when it changed (which one did is not told: ask each).
  for (size_t i = 0; i < flow_queues_.size(); ++i) {
    const int64_t n = flow_queue_source_->FlowQueuePackets(static_cast<uint32_t>(i));
    if (n == flow_queue_now_[i]) continue;
    flow_queue_now_[i] = n;
    flow_queues_[i].Add(now, static_cast<double>(n));
  }
  max_queue_ = std::max(max_queue_, packets);
  if (!measure_from_passed_ && now >= measure_from_) {
    // The queue held queue_now_ from its last change up to the measured span's start.
    integral_at_measure_from_ =
        queue_integral_ + static_cast<double>(queue_now_) * (measure_from_ - queue_changed_at_).seconds();
    measure_from_passed_ = true;
  }
  queue_integral_ += static_cast<double>(queue_now_) * (now - queue_changed_at_).seconds();
  queue_now_ = packets;
  queue_changed_at_ = now;
}

void LinkMetrics::set_trace(const DeliveryTrace* trace) {
  trace_ = trace;
  if (record_) used_bytes_.assign(busy_ns_.size(), 0);
}

void LinkMetrics::OnOpportunityUsed(Time now, int64_t bytes) {
  if (!record_) return;
  const auto bin = static_cast<size_t>(now.ns() / bin_width_.ns());
  if (bin < used_bytes_.size()) used_bytes_[bin] += bytes;
}

void LinkMetrics::OnTransmitted(Time started, Time finished) {
  if (!record_ || trace_ != nullptr) return;
  // One packet's busy time, split over the bins it spans (a packet on a slow link can
  // take longer than a bin), so no bin is ever more than fully busy.
  const int64_t width = bin_width_.ns();
  int64_t from = started.ns();
  while (from < finished.ns()) {
    const auto bin = static_cast<size_t>(from / width);
    if (bin >= busy_ns_.size()) return;  // past the horizon
    const int64_t to = std::min(finished.ns(), static_cast<int64_t>(bin + 1) * width);
    busy_ns_[bin] += to - from;
    from = to;
  }
}

void LinkMetrics::Finish(Time end) {
  queue_.Finish();
  for (TimeSeries& s : flow_queues_) s.Finish();
  if (!record_) return;
  for (size_t i = 0; i < busy_ns_.size(); ++i) {
    const Time from = bin_width_ * static_cast<int64_t>(i);
    if (from >= end) break;
    const Time to = std::min(from + bin_width_, end);
    if (trace_ != nullptr) {
      // Capacity: the bin's opportunities x 1500 bytes over its length; utilization:
      // the share of those bytes the link used (none offered: no utilization point).
      const int64_t offered = trace_->CountIn(from, to) * DeliveryTrace::kOpportunityBytes;
      capacity_.Add(to, static_cast<double>(offered) * 8 / (to - from).seconds() / 1e6);
      if (offered > 0) utilization_.Add(to, 100.0 * static_cast<double>(used_bytes_[i]) / static_cast<double>(offered));
      continue;
    }
    const double pct = 100.0 * static_cast<double>(busy_ns_[i]) / static_cast<double>((to - from).ns());
    utilization_.Add(to, pct);
  }
  utilization_.Finish();
  capacity_.Finish();
}

double LinkMetrics::MeanQueue(Time to) const {
  if (to <= Time::Zero()) return 0;
  const double integral = queue_integral_ + static_cast<double>(queue_now_) * (to - queue_changed_at_).seconds();
  return integral / to.seconds();
}

std::optional<double> LinkMetrics::MeasuredMeanQueue(Time to) const {
  if (to <= measure_from_) return std::nullopt;
  const auto integral_at = [this](Time t) {  // t at or after the last change
    return queue_integral_ + static_cast<double>(queue_now_) * (t - queue_changed_at_).seconds();
  };
  const double before = measure_from_passed_ ? integral_at_measure_from_ : integral_at(measure_from_);
  return (integral_at(to) - before) / (to - measure_from_).seconds();
}

}  // namespace plab
