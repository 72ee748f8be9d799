// A named time series with bounded size whatever the duration: time is cut into a
// fixed number of buckets over the run's horizon and each bucket keeps at most its
// first, minimum, maximum and last points, in time order (min/max decimation keeps
// every peak and trough a chart would show). Columnar, as the charts want it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/time.h"

namespace plab {

class TimeSeries {
 public:
  TimeSeries(std::string name, std::string unit, Time horizon, int buckets = 1000);

  // Inline: several series take a point on every ACK, and most points fall in the
  // open bucket, where adding one is two comparisons and a store.
  void Add(Time t, double value) {
    const int64_t ns = t.ns();
    if (ns >= bucket_start_ns_ && ns < bucket_end_ns_) {  // an empty range while no bucket is open
      const Point p{ns, value, order_++};
      if (value < min_.v) min_ = p;
      if (value > max_.v) max_ = p;
      last_ = p;
      return;
    }
    AddToNewBucket(t, value);
  }
  // Flushes the open bucket; call once at the end of the run.
  void Finish();

  const std::string& name() const { return name_; }
  const std::string& unit() const { return unit_; }
  const std::vector<double>& times_s() const { return times_s_; }
  const std::vector<double>& values() const { return values_; }
  size_t size() const { return times_s_.size(); }

 private:
  struct Point {
    int64_t t_ns;
    double v;
    int64_t order;
  };
  void AddToNewBucket(Time t, double value);  // the first point of another bucket
  void Flush();

  std::string name_;
  std::string unit_;
  int64_t bucket_ns_;
  int64_t bucket_ = -1;
  // [start, end) of bucket_ in ns when bucket_ >= 0; empty (start == end) otherwise.
  int64_t bucket_start_ns_ = 0;
  int64_t bucket_end_ns_ = 0;
  int64_t order_ = 0;
  Point first_{}, min_{}, max_{}, last_{};
  std::vector<double> times_s_;
  std::vector<double> values_;
};

// Point events (fast retransmit, timeout...), capped in number: the first `cap` are kept.
// Given a horizon, the cap is spread over the run instead, for events that may come by
// the thousand a second (an AQM's marks): time is cut into `buckets` and each keeps its
// first cap / buckets events (at least one), so the kept ones still span the whole run
// where the first `cap` alone would stop part-way. count() counts them all either way.
class MarkerSeries {
 public:
  MarkerSeries(std::string name, std::string unit, size_t cap = 5000)
      : name_(std::move(name)), unit_(std::move(unit)), cap_(cap) {}
  MarkerSeries(std::string name, std::string unit, size_t cap, Time horizon, int buckets)
      : MarkerSeries(std::move(name), std::move(unit), cap) {
    const int64_t n = buckets > 0 ? buckets : 1;
    bucket_ns_ = std::max<int64_t>(1, (horizon.ns() + n - 1) / n);
    per_bucket_ = std::max<size_t>(1, cap / static_cast<size_t>(n));
  }
  void Add(Time t, double value) {
    ++count_;
    if (times_s_.size() >= cap_) return;
    if (bucket_ns_ > 0) {
      const int64_t bucket = t.ns() / bucket_ns_;
      if (bucket != bucket_) {
        bucket_ = bucket;
        in_bucket_ = 0;
      }
      if (in_bucket_ == per_bucket_) return;
      ++in_bucket_;
    }
    times_s_.push_back(t.seconds());
    values_.push_back(value);
  }
  const std::string& name() const { return name_; }
  const std::string& unit() const { return unit_; }
  const std::vector<double>& times_s() const { return times_s_; }
  const std::vector<double>& values() const { return values_; }
  int64_t count() const { return count_; }

 private:
  std::string name_;
  std::string unit_;
  size_t cap_;
  int64_t count_ = 0;
  int64_t bucket_ns_ = 0;  // 0: no spreading, the first cap_ kept
  size_t per_bucket_ = 0;
  int64_t bucket_ = -1;
  size_t in_bucket_ = 0;
  std::vector<double> times_s_;
  std::vector<double> values_;
};

}  // namespace plab
