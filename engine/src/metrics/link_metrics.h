// What is measured of one link direction: its queue over time (series, longest,
// time-weighted mean). Watches through the link's queue observer; changes nothing.
#pragma once

#include <cstdint>

#include "metrics/series_sink.h"
#include "metrics/time_series.h"
#include "net/link.h"

namespace plab {

class LinkMetrics final : public QueueObserver {
 public:
  LinkMetrics(Time horizon, int buckets, bool record_series)
      : record_(record_series), queue_("queue", "packets", horizon, buckets) {}

  void OnQueueLength(Time now, int64_t packets) override;
  void Finish() { queue_.Finish(); }
  void AppendSeries(SeriesSink& out) const { out.Add(queue_); }

  int64_t max_queue() const { return max_queue_; }
  // Time-weighted mean queue over [0, to].
  double MeanQueue(Time to) const;

 private:
  bool record_;
  TimeSeries queue_;
  int64_t max_queue_ = 0;
  double queue_integral_ = 0;  // packet-seconds
  int64_t queue_now_ = 0;
  Time queue_changed_at_;
};

}  // namespace plab
