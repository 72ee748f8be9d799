// A double-ended queue of records, oldest first, indexed from the front: a ring buffer
// that grows by doubling and never shrinks. A TCP scoreboard pushes a record per segment
// sent and pops one per segment acknowledged; std::deque allocated and freed a block
// every 8 such records and took two indirections per index.
#pragma once

#include <cstddef>
#include <vector>

namespace plab {

template <typename T>
class RingDeque {
 public:
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  T& operator[](size_t i) { return ring_[(head_ + i) & mask_]; }
  const T& operator[](size_t i) const { return ring_[(head_ + i) & mask_]; }
  T& front() { return ring_[head_]; }
  const T& front() const { return ring_[head_]; }

  // Appends a value-initialized record (as std::deque::emplace_back()).
  T& emplace_back() {
    if (size_ == ring_.size()) Grow();
    T& e = ring_[(head_ + size_) & mask_];
    e = T{};
    ++size_;
    return e;
  }
  void pop_front() {
    head_ = (head_ + 1) & mask_;
    --size_;
  }

  template <typename Ring, typename Value>
  class Iterator {
   public:
    Iterator(Ring* ring, size_t i) : ring_(ring), i_(i) {}
    Value& operator*() const { return (*ring_)[i_]; }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const Iterator& other) const { return i_ != other.i_; }

   private:
    Ring* ring_;
    size_t i_;
  };
  Iterator<RingDeque, T> begin() { return {this, 0}; }
  Iterator<RingDeque, T> end() { return {this, size_}; }
  Iterator<const RingDeque, const T> begin() const { return {this, 0}; }
  Iterator<const RingDeque, const T> end() const { return {this, size_}; }

 private:
  void Grow() {
    std::vector<T> bigger(ring_.empty() ? 16 : 2 * ring_.size());
    for (size_t i = 0; i < size_; ++i) bigger[i] = (*this)[i];
    ring_ = std::move(bigger);
    head_ = 0;
    mask_ = ring_.size() - 1;
  }

  std::vector<T> ring_;  // a power of two in size (or empty)
  size_t head_ = 0;
  size_t size_ = 0;
  size_t mask_ = 0;
};

}  // namespace plab
