#include "transport/tcp/ledbat/ledbat_delays.h"

#include <algorithm>

namespace plab {

void BaseDelayHistory::Expire(Time now) {
  const int64_t current = now.ns() / bucket_.ns();
  while (!history_.empty() && history_.front().index <= current - buckets_) history_.pop_front();
}

void BaseDelayHistory::Add(Time delay, Time now) {
  Expire(now);
  const int64_t current = now.ns() / bucket_.ns();
  if (history_.empty() || history_.back().index != current) {
    history_.push_back({current, delay});  // a new minute: a new bucket (§2.4.2)
  } else {
    history_.back().min = std::min(history_.back().min, delay);  // base_delays.tail = MIN(tail, delay)
  }
}

Time BaseDelayHistory::Min() const {
  Time least = Time::Infinite();
  for (const Bucket& b : history_) least = std::min(least, b.min);
  return least;
}

void CurrentDelayFilter::Add(Time delay) {
  recent_.push_back(delay);
  while (static_cast<int>(recent_.size()) > samples_) recent_.pop_front();
}

Time CurrentDelayFilter::Min() const {
  Time least = Time::Infinite();
  for (const Time d : recent_) least = std::min(least, d);
  return least;
}

}  // namespace plab
