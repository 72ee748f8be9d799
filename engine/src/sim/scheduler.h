// Discrete-event scheduler: a binary heap of (time, insertion order) so that events at
// the same instant run in the order they were scheduled (STYLE §7). The simulator is
// an instance, never a global: a WASM module runs and discards many of them.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/time.h"

namespace plab {

// Whatever receives events implements this; `tag` and `arg` are the receiver's own.
class EventHandler {
 public:
  virtual ~EventHandler() = default;
  virtual void OnEvent(uint32_t tag, uint64_t arg) = 0;
};

class Scheduler {
 public:
  Time now() const { return now_; }
  // Events run so far (updated when RunUntil returns).
  uint64_t events_run() const { return events_run_; }
  bool empty() const { return heap_.empty(); }
  Time next_time() const { return heap_.empty() ? Time::Infinite() : heap_.front().at; }

  // Schedules at an absolute time, which must not be in the past.
  void At(Time at, EventHandler* handler, uint32_t tag, uint64_t arg = 0);
  void After(Time delay, EventHandler* handler, uint32_t tag, uint64_t arg = 0) {
    At(now_ + delay, handler, tag, arg);
  }

  // Runs events up to and including time `end`; returns with now() == end unless the
  // queue ran dry earlier, Stop() was called or the event budget is spent.
  void RunUntil(Time end);
  void Stop() { stopped_ = true; }
  // At most this many events in all (a run that would keep a browser busy for
  // minutes stops instead, and says so).
  void set_event_budget(uint64_t events) { event_budget_ = events; }
  bool budget_spent() const { return events_run_ >= event_budget_; }

 private:
  // 32 bytes: the insertion order and the handler's tag share one word (order in the
  // high 48 bits, tag in the low 16), which also orders same-time events.
  struct Event {
    Time at;
    uint64_t order_tag;
    EventHandler* handler;
    uint64_t arg;
  };
  static constexpr int kTagBits = 16;
  // A function object rather than a function pointer, so the heap operations inline it.
  struct Later {
    bool operator()(const Event& a, const Event& b) const {
      return a.at != b.at ? a.at > b.at : a.order_tag > b.order_tag;
    }
  };

  std::vector<Event> heap_;
  Time now_ = Time::Zero();
  uint64_t next_order_ = 0;
  uint64_t events_run_ = 0;
  uint64_t event_budget_ = UINT64_MAX;
  bool stopped_ = false;
};

}  // namespace plab
