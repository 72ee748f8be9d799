#include "record/time_series.h"

#include <algorithm>
#include <array>

namespace plab {

TimeSeries::TimeSeries(std::string name, std::string unit, Time horizon, int buckets)
    : name_(std::move(name)), unit_(std::move(unit)) {
  bucket_ns_ = std::max<int64_t>(1, horizon.ns() / std::max(1, buckets));
}

void TimeSeries::AddToNewBucket(Time t, double value) {
  const Point p{t.ns(), value, order_++};
  Flush();
  bucket_ = t.ns() / bucket_ns_;
  bucket_start_ns_ = bucket_ * bucket_ns_;
  bucket_end_ns_ = bucket_start_ns_ + bucket_ns_;
  first_ = min_ = max_ = last_ = p;
}

void TimeSeries::Flush() {
  if (bucket_ < 0) return;
  std::array<Point, 4> points{first_, min_, max_, last_};
  std::sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.order < b.order; });
  int64_t previous = -1;
  for (const Point& p : points) {
    if (p.order == previous) continue;
    previous = p.order;
    times_s_.push_back(static_cast<double>(p.t_ns) / 1e9);
    values_.push_back(p.v);
  }
  bucket_ = -1;
  bucket_end_ns_ = bucket_start_ns_;
}

void TimeSeries::Finish() { Flush(); }

}  // namespace plab
