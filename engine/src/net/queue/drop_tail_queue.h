// Drop-tail: first in, first out; a packet that finds `limit_packets` waiting is
// dropped. The classic router queue, and ns-2's and ns-3's default.
#pragma once

#include <deque>

#include "net/queue/queue_discipline.h"

namespace plab {

class DropTailQueue final : public QueueDiscipline {
 public:
  DropTailQueue(PacketPool* pool, int64_t limit_packets) : pool_(pool), limit_packets_(limit_packets) {
    bypass_when_idle_ = true;
  }

  bool Enqueue(Packet* p, Time now) override;
  Packet* Dequeue(Time now) override;
  int64_t limit_packets() const override { return limit_packets_; }

 private:
  PacketPool* pool_;
  int64_t limit_packets_;
  std::deque<Packet*> queue_;
};

}  // namespace plab
