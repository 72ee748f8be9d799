// A step-threshold marking queue, as DCTCP's switches run (Alizadeh et al., "Data
// Center TCP", SIGCOMM 2010, §3.1; RFC 8257 §3.1): first in, first out, and a packet
// that arrives while K or more packets wait is marked CE, on the instantaneous queue
// (no average). With the arrival counted, that is "greater than K upon arrival".
//
//   arrival with q packets waiting:
//     q >= limit:               drop (full)
//     q >= K, packet ECT:       mark CE, enqueue
//     q >= K, packet Not-ECT:   drop, as the RED configuration DCTCP §3.1 describes
//                               (min_th = max_th = K on the instantaneous queue) and
//                               Linux RED with ecn does to a Not-ECT packet
//     else:                     enqueue
//
// DCTCP §3.4 sizes K for 100% throughput at K > C x RTT / 7 (C in packets per second);
// RFC 8257 §4.1 calls it the marking threshold.
#pragma once

#include <cstdint>
#include <deque>

#include "net/queue/queue_discipline.h"

namespace plab {

class StepMarkQueue final : public QueueDiscipline {
 public:
  struct Params {
    int64_t limit_packets = 100;
    int64_t k_packets = 20;  // DCTCP §3.4: K = 20 packets at 1 Gb/s
  };

  // K >= 1, so a packet that finds the queue empty has nothing to decide (drop-tail's bypass).
  StepMarkQueue(PacketPool* pool, const Params& params) : pool_(pool), params_(params) {
    bypass_when_idle_ = params_.k_packets >= 1;
  }

  bool Enqueue(Packet* p, Time now) override;
  Packet* Dequeue(Time now) override;
  int64_t limit_packets() const override { return params_.limit_packets; }

 private:
  bool Drop(Packet* p, bool overflow);

  PacketPool* pool_;
  Params params_;
  std::deque<Packet*> queue_;
};

}  // namespace plab
