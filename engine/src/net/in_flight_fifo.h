// The packets on a link's wire, oldest first: a ring buffer that grows by doubling and
// never shrinks, so a link in steady state allocates nothing (a std::deque allocated
// and freed a 512-byte block every 32 packets).
#pragma once

#include <cstddef>
#include <vector>

#include "net/packet.h"
#include "sim/time.h"

namespace plab {

class InFlightFifo {
 public:
  struct Entry {
    Packet* packet;
    Time arrives_at;
  };

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  const Entry& front() const { return ring_[head_]; }
  Time& back_arrives_at() { return ring_[(head_ + size_ - 1) & (ring_.size() - 1)].arrives_at; }

  void push_back(Packet* packet, Time arrives_at) {
    if (size_ == ring_.size()) Grow();
    // Field by field: a whole-struct copy through the stack stalled store forwarding.
    Entry& e = ring_[(head_ + size_) & (ring_.size() - 1)];
    e.packet = packet;
    e.arrives_at = arrives_at;
    ++size_;
  }
  void pop_front() {
    head_ = (head_ + 1) & (ring_.size() - 1);
    --size_;
  }

 private:
  void Grow() {
    std::vector<Entry> bigger(ring_.empty() ? 16 : 2 * ring_.size());
    for (size_t i = 0; i < size_; ++i) bigger[i] = ring_[(head_ + i) & (ring_.size() - 1)];
    ring_ = std::move(bigger);
    head_ = 0;
  }

  std::vector<Entry> ring_;  // a power of two in size (or empty)
  size_t head_ = 0;
  size_t size_ = 0;
};

}  // namespace plab
