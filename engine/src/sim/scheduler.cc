#include "sim/scheduler.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace plab {

namespace {
void CheckEvent(Time at, Time now, uint32_t tag, int tag_bits) {
  if (at < now) throw std::logic_error("Scheduler: event scheduled in the past");
  if (tag >= (1u << tag_bits)) throw std::logic_error("Scheduler: event tag too large");
}
}  // namespace

void Scheduler::At(Time at, EventHandler* handler, uint32_t tag, uint64_t arg) {
  CheckEvent(at, now_, tag, kTagBits);
  // An AtFrom event whose place has been passed takes its order before this one.
  if (!unresolved_.empty()) ResolvePassed();
  heap_.push_back(Event{at, (next_order_++ << kTagBits) | tag, handler, arg});
  std::push_heap(heap_.begin(), heap_.end(), Later{this});
}

void Scheduler::AtMark(Time at, EventHandler* handler, uint32_t tag, uint64_t arg, uint64_t mark) {
  CheckEvent(at, now_, tag, kTagBits);
  heap_.push_back(Event{at, (mark << kTagBits) | tag, handler, arg});
  std::push_heap(heap_.begin(), heap_.end(), Later{this});
}

void Scheduler::AtFrom(Time at, EventHandler* handler, uint32_t tag, uint64_t arg, Time from, uint64_t from_mark) {
  // At or past that place already: an ordinary event.
  if (now_ != from ? now_ > from : running_order_ >= from_mark) {
    At(at, handler, tag, arg);
    return;
  }
  CheckEvent(at, now_, tag, kTagBits);
  uint32_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
  } else {
    slot = static_cast<uint32_t>(deferred_.size());
    deferred_.emplace_back();
  }
  const uint64_t sequence = next_sequence_++;
  deferred_[slot] = Deferred{from, from_mark, 0, false, sequence};
  unresolved_.push_back(Waiting{from, from_mark, sequence, slot});
  std::push_heap(unresolved_.begin(), unresolved_.end(), WaitingLater{});
  heap_.push_back(Event{at, ((kDeferred + slot) << kTagBits) | tag, handler, arg});
  std::push_heap(heap_.begin(), heap_.end(), Later{this});
}

void Scheduler::Resolve(uint32_t slot) {
  // Its entry in unresolved_ stays until it reaches the top (DropStale).
  deferred_[slot].order = next_order_++;
  deferred_[slot].resolved = true;
}

void Scheduler::DropStale() {
  while (!unresolved_.empty()) {
    ++deferred_checks_;
    const Waiting& top = unresolved_.front();
    const Deferred& d = deferred_[top.slot];
    if (!d.resolved && d.sequence == top.sequence) return;
    std::pop_heap(unresolved_.begin(), unresolved_.end(), WaitingLater{});
    unresolved_.pop_back();
  }
}

void Scheduler::ResolvePassed() {
  // In the order of their places: the passed ones are the heap's smallest.
  for (DropStale(); !unresolved_.empty(); DropStale()) {
    const Waiting top = unresolved_.front();
    const bool passed = now_ != top.from ? now_ > top.from : running_order_ >= top.from_order;
    if (!passed) return;
    std::pop_heap(unresolved_.begin(), unresolved_.end(), WaitingLater{});
    unresolved_.pop_back();
    Resolve(top.slot);
  }
}

uint64_t Scheduler::OrderOf(const Event& e) const {
  const uint64_t order = e.order_tag >> kTagBits;
  if (order < kDeferred) return order;
  const Deferred& d = deferred_[order - kDeferred];
  return d.resolved ? d.order : UINT64_MAX;
}

bool Scheduler::DeferredLater(const Event& a, const Event& b) const {
  const uint64_t oa = OrderOf(a);
  const uint64_t ob = OrderOf(b);
  if (oa != UINT64_MAX || ob != UINT64_MAX) return oa > ob;  // a waiting one comes after any known
  // Both waiting: whichever place is passed first gets the smaller order.
  const Deferred& da = deferred_[(a.order_tag >> kTagBits) - kDeferred];
  const Deferred& db = deferred_[(b.order_tag >> kTagBits) - kDeferred];
  return da.from != db.from ? da.from > db.from : da.from_order > db.from_order;
}

void Scheduler::RunUntil(Time end) {
  stopped_ = false;
  // Events left in the budget, counted down in a local (the loop's hottest variable).
  uint64_t left = event_budget_ - events_run_;
  while (!heap_.empty() && !stopped_ && heap_.front().at <= end) {
    if (left == 0) break;
    std::pop_heap(heap_.begin(), heap_.end(), Later{this});
    const Event ev = heap_.back();
    heap_.pop_back();
    now_ = ev.at;
    uint64_t order = ev.order_tag >> kTagBits;
    if (order >= kDeferred) {
      // An AtFrom event: every event before it has run, so its place has been passed.
      const uint32_t slot = static_cast<uint32_t>(order - kDeferred);
      if (!deferred_[slot].resolved) {
        running_order_ = deferred_[slot].from_order;
        ResolvePassed();  // those passed before it take their orders first, then it
        if (!deferred_[slot].resolved) Resolve(slot);
      }
      order = deferred_[slot].order;
      free_slots_.push_back(slot);
    }
    running_order_ = order;
    --left;
    ev.handler->OnEvent(static_cast<uint32_t>(ev.order_tag & ((1u << kTagBits) - 1)), ev.arg);
  }
  events_run_ = event_budget_ - left;
  running_order_ = UINT64_MAX;
  if (left == 0) return;
  if (!stopped_ && now_ < end && !end.IsInfinite()) now_ = end;
}

}  // namespace plab
