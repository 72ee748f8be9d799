#include "sim/scheduler.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace plab {

void Scheduler::At(Time at, EventHandler* handler, uint32_t tag, uint64_t arg) {
  if (at < now_) throw std::logic_error("Scheduler: event scheduled in the past");
  heap_.push_back(Event{at, next_order_++, handler, tag, arg});
  std::push_heap(heap_.begin(), heap_.end(), Later{});
}

void Scheduler::RunUntil(Time end) {
  stopped_ = false;
  while (!heap_.empty() && !stopped_ && heap_.front().at <= end) {
    if (events_run_ >= event_budget_) return;
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    const Event ev = heap_.back();
    heap_.pop_back();
    now_ = ev.at;
    ++events_run_;
    ev.handler->OnEvent(ev.tag, ev.arg);
  }
  if (!stopped_ && now_ < end && !end.IsInfinite()) now_ = end;
}

}  // namespace plab
