#include "metrics/link_metrics.h"

#include <algorithm>

namespace plab {

void LinkMetrics::OnQueueLength(Time now, int64_t packets) {
  if (record_) queue_.Add(now, static_cast<double>(packets));
  max_queue_ = std::max(max_queue_, packets);
  queue_integral_ += static_cast<double>(queue_now_) * (now - queue_changed_at_).seconds();
  queue_now_ = packets;
  queue_changed_at_ = now;
}

double LinkMetrics::MeanQueue(Time to) const {
  if (to <= Time::Zero()) return 0;
  const double integral = queue_integral_ + static_cast<double>(queue_now_) * (to - queue_changed_at_).seconds();
  return integral / to.seconds();
}

}  // namespace plab
