#include "net/queue/dualpi2_queue.h"

#include <algorithm>

namespace plab {

DualPi2Queue::DualPi2Queue(PacketPool* pool, const Params& params, Random rng)
    : pool_(pool), params_(params), rng_(rng), next_update_(params.t_update) {}

double DualPi2Queue::NativeL4sProbability(Time qdelay) const {
  // A.1 Fig. 3, laqm(qdelay): "if (qdelay >= maxTh) return 1; else if (qdelay > minTh)
  // return (qdelay - minTh) / range; else return 0", maxTh = minTh + range.
  if (qdelay >= params_.min_th + params_.range) return 1;
  if (qdelay > params_.min_th) return (qdelay - params_.min_th).seconds() / params_.range.seconds();
  return 0;
}

void DualPi2Queue::Update(Time at) {
  // A.1 Fig. 3, dualpi2_update: "curq = cq.time()", the classic head's queuing time.
  const Time curq = classic_.empty() ? Time::Zero() : at - classic_.front()->enqueued_at;
  // "p' = p' + alpha * (curq - target) + beta * (curq - prevq)".
  p_base_ += params_.alpha_hz * (curq - params_.target).seconds() + params_.beta_hz * (curq - prevq_).seconds();
  p_base_ = std::clamp(p_base_, 0.0, 1.0);
  prevq_ = curq;  // "prevq = curq"
  ++updates_;
}

void DualPi2Queue::CatchUpUpdates(Time now) {
  while (next_update_ <= now) {
    // An empty classic queue at rest: every further update leaves p' at 0.
    if (classic_.empty() && p_base_ == 0 && prevq_ == Time::Zero()) {
      const int64_t skipped = (now - next_update_).ns() / params_.t_update.ns() + 1;
      updates_ += skipped;
      next_update_ += params_.t_update * skipped;
      break;
    }
    Update(next_update_);
    next_update_ += params_.t_update;
  }
}

bool DualPi2Queue::Enqueue(Packet* p, Time now) {
  CatchUpUpdates(now);
  // A.1 Fig. 2: "if (lq.len() + cq.len() + MTU > limit) drop(pkt)", in packets here.
  if (length_packets() >= params_.limit_packets) {
    ++stats_.overflow_drops;
    CountDropOnRoute(*p);
    pool_->Release(p);
    return false;
  }
  p->enqueued_at = now;  // "timestamp(pkt)"
  // "if (ecn(pkt) modulo 2 == 1) lq.enqueue(pkt) else cq.enqueue(pkt)".
  (p->l4s() ? l4s_ : classic_).push_back(p);
  if (!p->is_feedback()) {
    if (p->flow >= flow_in_l4s_.size()) flow_in_l4s_.resize(p->flow + 1, -1);
    flow_in_l4s_[p->flow] = p->l4s() ? 1 : 0;
  }
  OnAdded(*p);
  return true;
}

int64_t DualPi2Queue::FlowQueuePackets(uint32_t flow) const {
  if (flow >= flow_in_l4s_.size() || flow_in_l4s_[flow] < 0) return 0;
  return flow_in_l4s_[flow] == 1 ? l4s_length_packets() : classic_length_packets();
}

bool DualPi2Queue::ServeL4s() const {
  // §4.1 / A.1: time-shifted FIFO, the earlier of the classic head's arrival and the
  // L4S head's arrival less tshift (a tie goes to the L4S queue).
  return l4s_.front()->enqueued_at - params_.tshift <= classic_.front()->enqueued_at;
}

void DualPi2Queue::DropAtDequeue(Time now, Packet* p) {
  ++stats_.aqm_drops;
  CountDropOnRoute(*p);
  TraceDequeueDrop(now, *p);
  pool_->Release(p);
}

Packet* DualPi2Queue::Dequeue(Time now) {
  CatchUpUpdates(now);
  // A.1 Fig. 2, dualpi2_dequeue: "while (lq.len() + cq.len() > 0)".
  while (!l4s_.empty() || !classic_.empty()) {
    if (!l4s_.empty() && (classic_.empty() || ServeL4s())) {
      const int64_t l_len = l4s_length_packets();  // with the packet being dequeued
      Packet* p = l4s_.front();
      l4s_.pop_front();
      OnRemoved(*p);
      // "p'_L = laqm(lq.time())"; Th_len: no native mark while the queue is that short.
      const double native = l_len > params_.th_len_packets ? NativeL4sProbability(now - p->enqueued_at) : 0.0;
      const double p_l = std::max(native, coupled_l4s_probability());  // "p_L = max(p'_L, p_CL)"
      // "if (p_L > rand()) mark(pkt)"; a packet already CE stays CE.
      if (p_l > 0 && rng_.Uniform01() < p_l && p->ecn != Ecn::kCe) MarkCongestion(*p, now);
      return p;
    }
    Packet* p = classic_.front();
    classic_.pop_front();
    OnRemoved(*p);
    const double p_c = classic_probability();
    // "if (p_C > rand())": "if (ecn(pkt) == 0) { drop(pkt); continue }", else "mark(pkt)".
    if (p_c > 0 && rng_.Uniform01() < p_c && !MarkCongestion(*p, now)) {
      DropAtDequeue(now, p);
      continue;
    }
    return p;
  }
  return nullptr;
}

}  // namespace plab
