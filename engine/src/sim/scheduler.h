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

  // Events that are needed only sometimes (net/link.h: the end of a packet's
  // serialization) can be left out without changing the order in which the others run.
  // Every event has a place in that order: its time, then the order it was scheduled
  // in. Mark() names the place an event scheduled now would take; an event left out
  // is "the event at (at, mark)", and these calls stand in for it:
  // (It takes a place as an event does, so two marks are never the same place.)
  uint64_t Mark() {
    if (!unresolved_.empty()) ResolvePassed();  // as At: those passed take their places first
    return next_order_++;
  }
  //  - AtMark: it is needed after all; it runs at exactly its place.
  void AtMark(Time at, EventHandler* handler, uint32_t tag, uint64_t arg, uint64_t mark);
  //  - AtFrom: schedules what it would have scheduled, ordered among same-time events
  //    as if scheduled when the scheduler passes (from, from_mark), not now.
  void AtFrom(Time at, EventHandler* handler, uint32_t tag, uint64_t arg, Time from, uint64_t from_mark);
  //  - Passed: the event running now comes after it.
  bool Passed(Time at, uint64_t mark) const { return now_ != at ? now_ > at : running_order_ > mark; }
  void After(Time delay, EventHandler* handler, uint32_t tag, uint64_t arg = 0) { At(now_ + delay, handler, tag, arg); }

  // Runs events up to and including time `end`; returns with now() == end unless the
  // queue ran dry earlier, Stop() was called or the event budget is spent.
  void RunUntil(Time end);
  void Stop() { stopped_ = true; }
  // At most this many events in all (a run that would keep a browser busy for
  // minutes stops instead, and says so).
  void set_event_budget(uint64_t events) { event_budget_ = events; }
  bool budget_spent() const { return events_run_ >= event_budget_; }
  // Waiting AtFrom entries examined while giving passed ones their places: the work a
  // test bounds per scheduled event.
  uint64_t deferred_checks() const { return deferred_checks_; }

 private:
  // 32 bytes: the place in the order and the handler's tag share one word (order in
  // the high 48 bits, tag in the low 16). The order is k for the k-th event scheduled
  // or mark taken (a marked event holds the place its mark took). An AtFrom event (kDeferred) gets its order only when
  // the scheduler passes its `from` place: until then it sorts after every event
  // already scheduled (they all came before that place), which is also where its
  // final order puts it, so the heap never needs reordering.
  struct Event {
    Time at;
    uint64_t order_tag;
    EventHandler* handler;
    uint64_t arg;
  };
  static constexpr int kTagBits = 16;
  static constexpr uint64_t kDeferred = uint64_t{1} << 47;  // order: kDeferred + slot
  static constexpr uint64_t kDeferredBit = kDeferred << kTagBits;
  struct Deferred {
    Time from;
    uint64_t from_order;  // its from_mark
    uint64_t order = 0;   // once resolved
    bool resolved = false;
    uint64_t sequence = 0;  // which AtFrom call filled the slot (slots are reused)
  };
  // A slot waiting for its place, kept in a min-heap by (from, from_order), ties in the
  // order AtFrom was called: the passed ones are a prefix of that order, so resolving
  // pops from the top. (A scan over every waiting slot on every At() cost 4 us per
  // event with 8,000 background users; the order given is the scan's, bit for bit.)
  // A slot resolved out of turn leaves a stale entry, skipped by its sequence.
  struct Waiting {
    Time from;
    uint64_t from_order;
    uint64_t sequence;
    uint32_t slot;
  };
  struct WaitingLater {
    bool operator()(const Waiting& a, const Waiting& b) const {
      if (a.from != b.from) return a.from > b.from;
      if (a.from_order != b.from_order) return a.from_order > b.from_order;
      return a.sequence > b.sequence;
    }
  };
  // A function object rather than a function pointer, so the heap operations inline it.
  struct Later {
    const Scheduler* scheduler;
    bool operator()(const Event& a, const Event& b) const {
      if (a.at != b.at) return a.at > b.at;
      if (((a.order_tag | b.order_tag) & kDeferredBit) == 0) return a.order_tag > b.order_tag;
      return scheduler->DeferredLater(a, b);
    }
  };
  bool DeferredLater(const Event& a, const Event& b) const;
  void ResolvePassed();  // gives passed AtFrom events their order
  void DropStale();      // pops the heap's entries of slots already resolved
  void Resolve(uint32_t slot);
  uint64_t OrderOf(const Event& e) const;  // its place in the order, once known

  std::vector<Event> heap_;
  Time now_ = Time::Zero();
  uint64_t next_order_ = 0;
  uint64_t running_order_ = UINT64_MAX;  // place of the event being run (none: after all)
  std::vector<Deferred> deferred_;       // slots of AtFrom events
  std::vector<uint32_t> free_slots_;
  std::vector<Waiting> unresolved_;  // slots still waiting for their place (a heap)
  uint64_t next_sequence_ = 0;
  uint64_t events_run_ = 0;
  uint64_t deferred_checks_ = 0;
  uint64_t event_budget_ = UINT64_MAX;
  bool stopped_ = false;
};

}  // namespace plab
