// LEDBAT's two delay estimates (RFC 6817 §2.4.2 update_base_delay and
// update_current_delay; §3.1.1, §3.1.2), each from the one-way delays the ACKs report:
//   base delay    the least one-way delay of the last BASE_HISTORY minutes: the
//                 minimum over one bucket per minute; the bucket of a minute older than
//                 BASE_HISTORY minutes is forgotten (a route change that lengthens the
//                 path is learnt within BASE_HISTORY minutes);
//   current delay FILTER() over the last CURRENT_FILTER samples; the filter is MIN, as
//                 §3.1.2 suggests, which ignores a sample delayed by noise.
// queuing delay = current delay - base delay (§2.4.2).
#pragma once

#include <cstdint>
#include <deque>

#include "sim/time.h"

namespace plab {

class BaseDelayHistory {
 public:
  // `buckets` = BASE_HISTORY (§2.5: 10), each `bucket` long (§2.4.2: one minute).
  BaseDelayHistory(int buckets, Time bucket) : buckets_(buckets), bucket_(bucket) {}

  // A one-way delay measured at `now`. The RFC's pseudocode rolls one bucket per
  // sample whose minute differs from the last; here a bucket is a wall-clock minute, so
  // that minutes without samples age the history too (the RFC assumes samples every
  // minute, where both agree).
  void Add(Time delay, Time now);
  bool empty() const { return history_.empty(); }
  // The least delay of the buckets kept (empty(): Time::Infinite()).
  Time Min() const;
  // Forgets the buckets older than the history as of `now` (Add does it too).
  void Expire(Time now);
  size_t size() const { return history_.size(); }

 private:
  struct Bucket {
    int64_t index = 0;  // now / bucket_
    Time min;
  };
  int buckets_;
  Time bucket_;
  std::deque<Bucket> history_;  // oldest first
};

class CurrentDelayFilter {
 public:
  explicit CurrentDelayFilter(int samples) : samples_(samples) {}
  void Add(Time delay);
  bool empty() const { return recent_.empty(); }
  Time Min() const;  // FILTER() = MIN over the samples kept (empty(): Time::Infinite())

 private:
  int samples_;
  std::deque<Time> recent_;  // oldest first, at most samples_
};

}  // namespace plab
