#include "net/queue/pie_queue.h"

#include <algorithm>

namespace plab {

PieQueue::PieQueue(PacketPool* pool, const Params& params, Random rng)
    : pool_(pool), params_(params), rng_(rng), burst_allowance_(params.max_burst) {}

// RFC 8033 §4.2 calculate_drop_prob, §5.5's cap and §4.4's burst allowance.
void PieQueue::Update() {
  const double qdelay = qdelay_.seconds();
  const double qdelay_old = qdelay_old_.seconds();
  const double ref = params_.qdelay_ref.seconds();
  double p = params_.alpha * (qdelay - ref) + params_.beta * (qdelay - qdelay_old);
  // §4.2: the smaller drop_prob is, the smaller its step (auto-tuning of alpha, beta).
  if (drop_prob_ < 0.000001) {
    p /= 2048;
  } else if (drop_prob_ < 0.00001) {
    p /= 512;
  } else if (drop_prob_ < 0.0001) {
    p /= 128;
  } else if (drop_prob_ < 0.001) {
    p /= 32;
  } else if (drop_prob_ < 0.01) {
    p /= 8;
  } else if (drop_prob_ < 0.1) {
    p /= 2;
  }
  // §5.5: at 10 % or more, one update raises it by at most 2 %.
  if (params_.cap_drop_adjustment && drop_prob_ >= 0.1 && p > 0.02) p = 0.02;
  drop_prob_ += p;
  // §4.2: decay while the queue is idle.
  if (qdelay_ == Time::Zero() && qdelay_old_ == Time::Zero()) drop_prob_ *= 0.98;
  drop_prob_ = std::clamp(drop_prob_, 0.0, 1.0);
  // §4.4: the allowance runs down by T_UPDATE and is restored once congestion is gone.
  burst_allowance_ = std::max(Time::Zero(), burst_allowance_ - params_.t_update);
  if (drop_prob_ == 0 && qdelay < ref / 2 && qdelay_old < ref / 2) burst_allowance_ = params_.max_burst;
  qdelay_old_ = qdelay_;
}

void PieQueue::CatchUp(Time now) {
  while (next_update_ <= now) {
    Update();
    next_update_ += params_.t_update;
    // Idle and calm, every further update changes nothing until a packet moves: skip
    // to the first firing after `now` (the result is the same, without the loop).
    if (drop_prob_ == 0 && qdelay_ == Time::Zero() && qdelay_old_ == Time::Zero() &&
        burst_allowance_ == params_.max_burst && next_update_ <= now) {
      next_update_ += params_.t_update * ((now - next_update_).ns() / params_.t_update.ns() + 1);
    }
  }
}

// RFC 8033 §4.1 drop_early.
bool PieQueue::DropEarly() {
  // Safeguards, keeping PIE work-conserving: a queue that was short at the last update
  // while drop_prob is under 20 %, or one that holds at most two packets.
  if (qdelay_old_ < params_.qdelay_ref / 2 && drop_prob_ < 0.2) return false;
  if (length_packets() <= 2) return false;
  return rng_.Bernoulli(drop_prob_);
}

bool PieQueue::Enqueue(Packet* p, Time now) {
  CatchUp(now);
  if (length_packets() >= params_.limit_packets) {
    ++stats_.overflow_drops;
    CountDropOnRoute(*p);
    pool_->Release(p);
    return false;
  }
  // §4.4: no random drop while burst allowance remains.
  if (burst_allowance_ == Time::Zero() && DropEarly()) {
    // §5.1: an ECT packet is marked instead while drop_prob is at most 10 %.
    if (!(drop_prob_ <= params_.mark_ecn_threshold && MarkCongestion(*p, now))) {
      ++stats_.aqm_drops;
      CountDropOnRoute(*p);
      pool_->Release(p);
      return false;
    }
  }
  p->enqueued_at = now;
  queue_.push_back(p);
  OnAdded(*p);
  return true;
}

Packet* PieQueue::Dequeue(Time now) {
  CatchUp(now);
  if (queue_.empty()) return nullptr;
  Packet* p = queue_.front();
  queue_.pop_front();
  OnRemoved(*p);
  // §5.3 by timestamps: the delay this departure saw; 0 once the queue is empty.
  qdelay_ = queue_.empty() ? Time::Zero() : now - p->enqueued_at;
  return p;
}

}  // namespace plab
