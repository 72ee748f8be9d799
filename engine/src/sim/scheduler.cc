#include "sim/scheduler.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace plab {

void Scheduler::At(Time at, EventHandler* handler, uint32_t tag, uint64_t arg) {
  if (at < now_) throw std::logic_error("Scheduler: event scheduled in the past");
  if (tag >= (1u << kTagBits)) throw std::logic_error("Scheduler: event tag too large");
  heap_.push_back(Event{at, (next_order_++ << kTagBits) | tag, handler, arg});
  std::push_heap(heap_.begin(), heap_.end(), Later{});
}

void Scheduler::RunUntil(Time end) {
  stopped_ = false;
  // Events left in the budget, counted down in a local (the loop's hottest variable).
  uint64_t left = event_budget_ - events_run_;
  while (!heap_.empty() && !stopped_ && heap_.front().at <= end) {
    if (left == 0) break;
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    const Event ev = heap_.back();
    heap_.pop_back();
    now_ = ev.at;
    --left;
    ev.handler->OnEvent(static_cast<uint32_t>(ev.order_tag & ((1u << kTagBits) - 1)), ev.arg);
  }
  events_run_ = event_budget_ - left;
  if (left == 0) return;
  if (!stopped_ && now_ < end && !end.IsInfinite()) now_ = end;
}

}  // namespace plab
