#include "net/queue/red_queue.h"

#include <algorithm>
#include <cmath>

namespace plab {
namespace {

// x^n for a whole n >= 0 by repeated squaring: O(log n) IEEE multiplications, so the
// same bits natively and in WASM, and no loop of millions after a long idle time.
double PowWhole(double x, int64_t n) {
  double result = 1;
  while (n > 0) {
    if (n & 1) result *= x;
    x *= x;
    n >>= 1;
  }
  return result;
}

}  // namespace

RedQueue::RedQueue(PacketPool* pool, const Params& params, Random rng) : pool_(pool), params_(params), rng_(rng) {}

double RedQueue::BaseProbability() const {
  const double min_th = params_.min_thresh_packets;
  const double max_th = params_.max_thresh_packets;
  double p;
  if (params_.gentle && avg_ >= max_th) {
    p = params_.max_p + (1 - params_.max_p) * (avg_ - max_th) / max_th;
  } else if (avg_ >= max_th) {
    p = 1.0;
  } else {
    p = params_.max_p * (avg_ - min_th) / (max_th - min_th);
  }
  return std::min(p, 1.0);
}

double RedQueue::CountedProbability(double p_b) const {
  const double count = static_cast<double>(count_);
  double p;
  if (params_.wait) {
    if (count * p_b < 1.0) {
      p = 0.0;
    } else if (count * p_b < 2.0) {
      p = p_b / (2.0 - count * p_b);
    } else {
      p = 1.0;
    }
  } else {
    p = count * p_b < 1.0 ? p_b / (1.0 - count * p_b) : 1.0;
  }
  return std::min(p, 1.0);
}

bool RedQueue::Drop(Packet* p, bool overflow) {
  if (overflow) {
    ++stats_.overflow_drops;  // the queue was full
  } else {
    ++stats_.aqm_drops;  // RED's own decision: early, or forced by the average
  }
  count_ = 0;
  CountDropOnRoute(*p);
  pool_->Release(p);
  return false;
}

bool RedQueue::Enqueue(Packet* p, Time now) {
  // The average, as if m packets had left while the queue sat idle (ns-2 enque).
  int64_t m = 0;
  if (idle_) {
    idle_ = false;
    const double per_second =
        static_cast<double>(params_.link_rate.bps()) / (8.0 * static_cast<double>(params_.mean_packet_bytes));
    m = static_cast<int64_t>(per_second * (now - idle_since_).seconds());
  }
  const int64_t q = length_packets();
  avg_ = avg_ * PowWhole(1.0 - params_.weight, m + 1) + params_.weight * static_cast<double>(q);
  ++count_;

  bool early = false;
  bool forced = false;
  if (avg_ >= params_.min_thresh_packets && q > 1) {
    const double forced_at = params_.gentle ? 2 * params_.max_thresh_packets : params_.max_thresh_packets;
    if (avg_ >= forced_at) {
      forced = true;
    } else if (!old_) {
      // Just crossed min_th: start counting, drop nothing yet.
      count_ = 1;
      old_ = true;
    } else {
      early = rng_.Uniform01() <= CountedProbability(BaseProbability());
    }
  } else {
    old_ = false;
  }
  if (q >= params_.limit_packets) return Drop(p, true);
  if (forced || early) {
    // RFC 3168 §7, as ns-2's setbit_ does it: an early decision below max_th marks an
    // ECT packet CE instead of dropping it (the count restarts as after a drop); a
    // forced decision (the average at max_th or above) and a full queue still drop.
    const bool markable = early && avg_ < params_.max_thresh_packets;
    if (!markable || !MarkCongestion(*p, now)) return Drop(p, false);
    count_ = 0;
  }
  p->enqueued_at = now;
  queue_.push_back(p);
  OnAdded(*p);
  return true;
}

Packet* RedQueue::Dequeue(Time now) {
  if (queue_.empty()) {
    if (!idle_) {
      idle_ = true;
      idle_since_ = now;
    }
    return nullptr;
  }
  Packet* p = queue_.front();
  queue_.pop_front();
  OnRemoved(*p);
  return p;
}

}  // namespace plab
