#include "transport/rate/interval_averages.h"

#include <cmath>

namespace plab {

void RunningInterval::Add(double interval) {
  if (n_ < init_count_) {
    sum_ += interval;
    if (++n_ == init_count_) ave_ = sum_ / init_count_;
    return;
  }
  ave_ = interval * weight_ + ave_ * (1 - weight_);
}

void IntervalAverages::Add(double send_interval, double receive_interval) {
  long_send_.Add(send_interval);
  long_receive_.Add(receive_interval);
  short_send_.Add(send_interval);
  short_receive_.Add(receive_interval);
}

bool IntervalAverages::Departs(const RunningInterval& shorter, const RunningInterval& longer) const {
  const double base = longer.value();
  return base > 0 && std::abs(shorter.value() - base) / base > discrepancy_;
}

bool IntervalAverages::EndEpoch(double* send_interval, double* receive_interval) {
  if (!short_send_.ready()) return false;
  // Until the long-term averages have their 50 intervals, the short-term ones are all
  // there is.
  const bool discrepant =
      !long_send_.ready() || Departs(short_send_, long_send_) || Departs(short_receive_, long_receive_);
  if (discrepant && long_send_.ready()) {
    if (++discrepant_epochs_ >= kLasting) {
      long_send_.Reset(short_send_.value());
      long_receive_.Reset(short_receive_.value());
      discrepant_epochs_ = 0;
    }
  } else if (!discrepant) {
    discrepant_epochs_ = 0;
  }
  // One choice for both, so the ratio never compares a short-term with a long-term value.
  *send_interval = discrepant ? short_send_.value() : long_send_.value();
  *receive_interval = discrepant ? short_receive_.value() : long_receive_.value();
  return true;
}

}  // namespace plab
