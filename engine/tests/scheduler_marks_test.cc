// Events left out (Scheduler::Mark, AtMark, AtFrom; net/link.h leaves out the end of a
// packet's serialization) must not change the order in which the others run. A
// workload full of same-time ties is run twice: once with "relay" events scheduled as
// ordinary events, once with the relays left out as a link leaves them out. The two
// runs must run every other event at the same time and in the same order.
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "sim/scheduler.h"
#include "sim/time.h"

namespace plab {
namespace {

uint64_t Mix(uint64_t x) {  // splitmix64's finalizer: decisions from event ids, not call order
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Every plain event schedules one or two more, 0-3 ns later (so most times are
// shared), and now and then a relay at 0-3 ns. A relay, when it runs, schedules its
// first child 0-2 ns after it and, if it was "needed" (as a link needs the end of a
// serialization when a packet queues behind it), a second one. Left out, the first
// child is scheduled at once with AtFrom, and a needed relay is brought back with
// AtMark by the first plain event that runs while its place is still ahead.
class Workload : public EventHandler {
 public:
  enum Tag : uint32_t { kPlain, kRelay, kRelayNeeded };
  Workload(bool leave_out, std::set<uint64_t> needed) : leave_out_(leave_out), needed_(std::move(needed)) {}

  std::vector<std::pair<int64_t, uint64_t>> Run(uint64_t seed) {
    for (uint64_t i = 0; i < 4; ++i)
      s_.At(Time::FromNanoseconds(static_cast<int64_t>(i % 2)), this, kPlain, Mix(seed + i));
    s_.RunUntil(Time::Infinite());
    return ran_;
  }
  const std::set<uint64_t>& brought_back() const { return brought_back_; }

  void OnEvent(uint32_t tag, uint64_t id) override {
    if (tag != kPlain) {  // a relay (only in the reference run, or brought back)
      if (!leave_out_) s_.At(s_.now() + Ns(Mix(id) % 3), this, kPlain, Mix(id ^ 1));
      if (tag == kRelayNeeded || (!leave_out_ && needed_.count(id) > 0))
        s_.At(s_.now() + Ns(Mix(id) % 2), this, kPlain, Mix(id ^ 2));
      return;
    }
    ran_.emplace_back(s_.now().ns(), id);
    // Bring back the relays that turned out to be needed, while their place is ahead.
    for (auto it = pending_.begin(); it != pending_.end();) {
      if (s_.Passed(it->at, it->mark)) {
        it = pending_.erase(it);
      } else if (Mix(it->id ^ 3) % 2 == 0) {
        s_.AtMark(it->at, this, kRelayNeeded, it->id, it->mark);
        brought_back_.insert(it->id);
        it = pending_.erase(it);
      } else {
        ++it;
      }
    }
    if (ran_.size() > 4000) return;
    const int children = 1 + static_cast<int>(Mix(id) % 2);
    for (int k = 0; k < children; ++k) {
      const uint64_t child = Mix(id + static_cast<uint64_t>(k) + 1);
      const Time at = s_.now() + Ns(Mix(child) % 4);
      if (Mix(child ^ 7) % 3 != 0) {
        s_.At(at, this, kPlain, child);
      } else if (!leave_out_) {
        s_.At(at, this, kRelay, child);
      } else {
        const uint64_t mark = s_.Mark();
        s_.AtFrom(at + Ns(Mix(child) % 3), this, kPlain, Mix(child ^ 1), at, mark);
        pending_.push_back({at, mark, child});
      }
    }
  }

 private:
  static Time Ns(uint64_t n) { return Time::FromNanoseconds(static_cast<int64_t>(n)); }
  struct Pending {
    Time at;
    uint64_t mark;
    uint64_t id;
  };
  Scheduler s_;
  bool leave_out_;
  std::set<uint64_t> needed_;
  std::set<uint64_t> brought_back_;
  std::vector<Pending> pending_;
  std::vector<std::pair<int64_t, uint64_t>> ran_;
};

TEST(SchedulerMarks, EventsLeftOutDoNotReorderTheOthers) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Workload left_out(true, {});
    const auto with_marks = left_out.Run(seed);
    Workload reference(false, left_out.brought_back());
    const auto plain = reference.Run(seed);
    ASSERT_GT(plain.size(), 1000u) << "seed " << seed;
    ASSERT_EQ(with_marks, plain) << "seed " << seed;
  }
}

// The same workload with AtFrom replaced by an ordinary At at the mark's moment (what
// a link that scheduled its packet's arrival early would do) runs in another order:
// the test above can tell.
TEST(SchedulerMarks, SchedulingTheChildEarlyWouldReorder) {
  Scheduler s;
  std::vector<int> order;
  struct Log : EventHandler {
    std::vector<int>* order;
    void OnEvent(uint32_t tag, uint64_t) override { order->push_back(static_cast<int>(tag)); }
  } log;
  log.order = &order;
  // Place P = (5 ns, mark); an event X at 9 ns is scheduled after the mark but before
  // P is passed. The child of P at 9 ns must run after X, as if scheduled at P.
  const uint64_t mark = s.Mark();
  s.AtFrom(Time::FromNanoseconds(9), &log, 1, 0, Time::FromNanoseconds(5), mark);
  s.At(Time::FromNanoseconds(9), &log, 2);
  s.RunUntil(Time::Infinite());
  EXPECT_EQ(order, (std::vector<int>{2, 1}));
}

}  // namespace
}  // namespace plab
