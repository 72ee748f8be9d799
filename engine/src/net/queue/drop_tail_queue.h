// Drop-tail: first in, first out; a packet that finds `limit_packets` waiting is
// dropped. The classic router queue, and ns-2's and ns-3's default.
#pragma once

#include <deque>

#include "net/queue/queue_discipline.h"

namespace plab {

class DropTailQueue final : public QueueDiscipline {
 public:
  DropTailQueue(PacketPool* pool, int64_t limit_packets) : pool_(pool), limit_packets_(limit_packets) {}

  bool Enqueue(Packet* p, Time now) override;
  Packet* Dequeue(Time now) override;
  int64_t length_packets() const override { return static_cast<int64_t>(queue_.size()); }
  int64_t length_bytes() const override { return bytes_; }

 private:
  PacketPool* pool_;
  int64_t limit_packets_;
  std::deque<Packet*> queue_;
  int64_t bytes_ = 0;
};

}  // namespace plab
