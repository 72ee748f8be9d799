// What is measured of one link direction: its queue over time (series, longest,
// time-weighted mean) and its utilization per time bin (the share of each bin the wire
// spent sending, i.e. throughput over rate, whatever the rate did mid-run). Watches
// through the link's queue observer; changes nothing. On a link driven by a delivery
// trace, utilization is the share of each bin's opportunity bytes used, and the
// trace's capacity per bin is a series of its own (capacity_mbps). The CE marks its
// queue makes are recorded per explicit flow, each with the queue then (ce_mark).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "net/link.h"
#include "record/series_sink.h"
#include "record/time_series.h"

namespace plab {

class LinkMetrics final : public QueueObserver, public MarkObserver {
 public:
  LinkMetrics(Time horizon, int buckets, int utilization_bins, bool record_series);

  void OnQueueLength(Time now, int64_t packets) override;
  void OnTransmitted(Time started, Time finished) override;
  void OnOpportunityUsed(Time now, int64_t bytes) override;
  // The watched link follows this trace (it outlives the metrics' Finish).
  void set_trace(const DeliveryTrace* trace);
  // Records, per explicit flow 0..flows-1, the packets of its data waiting in its own
  // sub-queue of `queue` (a discipline with flow queues: FQ-CoDel), as series
  // "sub_queue" (issue M §3: the queue chart shows each sub-queue); up to 64 flows.
  void WatchFlowQueues(const QueueDiscipline* queue, int flows, Time horizon, int buckets);
  // Records each CE mark `queue` makes on a data packet of explicit flow 0..flows-1 (RFC
  // 3168 §5; issue M §1: the marks drawn as markers): its time, and the packets waiting
  // in the queue then, as marker series "ce_mark" of the flow. Capped per flow so that
  // all flows together keep at most about kMarkBudget events (each flow at least 200),
  // spread over the run: at most cap / `bins` of a flow's marks in each of `bins` equal
  // parts of the horizon (the throughput bins), so the chart shows marks from start to end.
  void WatchMarks(QueueDiscipline* queue, int flows, Time horizon, int bins);
  void OnCeMark(Time now, const Packet& p, int64_t queue_packets) override;
  // Flow `flow`'s sub-queue and CE-mark series, when watched.
  void AppendFlowSeries(SeriesSink& out, int flow) const {
    const auto i = static_cast<size_t>(flow);
    if (i < flow_queues_.size()) out.Add(flow_queues_[i], "line");
    if (i < ce_marks_.size()) out.Add(ce_marks_[i], "marker");
  }
  // The CE marks recorded for flow `flow` (all of them, beyond the series' cap too).
  int64_t ce_mark_count(int flow) const {
    const auto i = static_cast<size_t>(flow);
    return i < ce_marks_.size() ? ce_marks_[i].count() : 0;
  }
  // Closes the series at `end` (a partial last bin is divided by its own length).
  void Finish(Time end);
  void AppendSeries(SeriesSink& out) const {
    out.Add(queue_);
    out.Add(utilization_);
    if (trace_ != nullptr) out.Add(capacity_);
  }

  int64_t max_queue() const { return max_queue_; }
  // Time-weighted mean queue over [0, to].
  double MeanQueue(Time to) const;
  // Where the measured span starts (metrics.start_s); before the run.
  void set_measure_from(Time from) { measure_from_ = from; }
  // Time-weighted mean queue over [measure_from, to] (as goodput is measured: ns-3's
  // comparisons read the queue after their warmup); null when to <= measure_from.
  std::optional<double> MeasuredMeanQueue(Time to) const;

 private:
  bool record_;
  TimeSeries queue_;
  TimeSeries utilization_;
  TimeSeries capacity_;
  const DeliveryTrace* trace_ = nullptr;
  std::vector<int64_t> used_bytes_;  // traced: per bin, opportunity bytes used
  Time bin_width_;
  std::vector<int64_t> busy_ns_;  // per bin: nanoseconds the wire was sending
  const QueueDiscipline* flow_queue_source_ = nullptr;
  std::vector<TimeSeries> flow_queues_;
  std::vector<int64_t> flow_queue_now_;
  std::vector<MarkerSeries> ce_marks_;  // per explicit flow, when watched
  int64_t max_queue_ = 0;
  double queue_integral_ = 0;  // packet-seconds
  int64_t queue_now_ = 0;
  Time queue_changed_at_;
  Time measure_from_;
  bool measure_from_passed_ = false;
  double integral_at_measure_from_ = 0;  // packet-seconds over [0, measure_from]
};

}  // namespace plab
