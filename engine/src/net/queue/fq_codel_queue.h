// FQ-CoDel, FlowQueue-CoDel (RFC 8290): a sub-queue per flow, each managed by CoDel
// (codel_control.h, the same control law as CodelQueue), served by deficit round robin
// with two lists, exactly as §4.2-§4.4 (and Linux's fq_codel_dequeue):
//
//   Enqueue (§4.1): the packet's flow picks its sub-queue; a sub-queue on neither list
//     joins the tail of new_flows with `quantum` bytes of credit. When the whole buffer
//     then holds more than its limit, packets are dropped from the head of the sub-queue
//     holding the most bytes (the fattest flow), as Linux's fq_codel_drop: until half of
//     its bytes are gone or 64 packets.
//   Dequeue (§4.2): take the head of new_flows, else of old_flows (none: nothing to
//     send). Its credit spent (deficit <= 0): add `quantum`, move it to old_flows's tail,
//     start over. Else ask its CoDel for a packet; none (the sub-queue is empty): a new
//     flow moves to old_flows's tail if old_flows is not empty (§4.2: so a flow that
//     empties and refills at once cannot stay "new" and starve the others), otherwise it
//     leaves the lists; start over. A packet: deficit -= its bytes, send it.
//
// Flows: a packet's sub-queue is its 5-tuple's, here (flow id, direction): data and the
// feedback of a flow are two 5-tuples (they travel opposite ways). The RFC hashes the
// 5-tuple into `flows` buckets (§4.1.1); here the bucket is (2 flow + direction) mod
// flows, so flows never collide while there are at most flows / 2 of them, and do, as a
// hash's would, beyond (deterministic, with no perturbation to draw).
// CoDel per sub-queue: its own sojourn and state; §5.3's "at most one MTU" test on its
// own backlog (as ns-3's FqCoDel's per-flow CoDel; Linux tests the whole queue's).
// ECN: CoDel marks an ECT packet where it would drop it (RFC 8290 §5.1 via RFC 8289).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "net/queue/codel_control.h"
#include "net/queue/queue_discipline.h"
#include "sim/time.h"

namespace plab {

class FqCodelQueue final : public QueueDiscipline {
 public:
  struct Params {
    int64_t limit_packets = 10240;  // RFC 8290 §5.2.4 (Linux's default)
    int64_t flows = 1024;           // §5.2.3
    int64_t quantum_bytes = 1514;   // §5.2.2: one MTU with its Ethernet header
    int64_t drop_batch = 64;        // Linux fq_codel_drop's batch
    CodelParams codel;              // §5.2.1: target 5 ms, interval 100 ms
  };

  FqCodelQueue(PacketPool* pool, const Params& params);

  bool Enqueue(Packet* p, Time now) override;
  Packet* Dequeue(Time now) override;
  int64_t limit_packets() const override { return params_.limit_packets; }
  // Its data's sub-queue (the one a flow's data packets are classified into).
  int64_t FlowQueuePackets(uint32_t flow) const override;

  // The sub-queue a packet goes to.
  int64_t SubQueueOf(const Packet& p) const;
  // What waits in sub-queue `i` (0 for one never used).
  int64_t SubQueuePackets(int64_t i) const;
  int64_t SubQueueBytes(int64_t i) const;
  int64_t deficit(int64_t i) const;
  // The lists, head first (tests, plots).
  const std::deque<int64_t>& new_flows() const { return new_flows_; }
  const std::deque<int64_t>& old_flows() const { return old_flows_; }
  const CodelControl* codel(int64_t i) const;

 private:
  enum class List : uint8_t { kNone, kNew, kOld };
  struct SubQueue {
    std::deque<Packet*> packets;
    int64_t bytes = 0;
    int64_t deficit = 0;
    List list = List::kNone;
    CodelControl codel;
  };
  // One sub-queue as CodelControl sees it (codel_control.h).
  class CodelView {
   public:
    CodelView(FqCodelQueue* fq, SubQueue* q) : fq_(fq), q_(q) {}
    Packet* PopHead();
    int64_t BacklogBytes() const { return q_->bytes; }
    void DropHead(Packet* p, Time now);
    bool Mark(Packet& p, Time now) { return fq_->MarkCongestion(p, now); }

   private:
    FqCodelQueue* fq_;
    SubQueue* q_;
  };

  SubQueue& At(int64_t i);
  // §4.1: drops from the fattest sub-queue's head; returns whether `arrived` survived.
  bool DropFromFattest(const Packet* arrived, Time now);
  void Release(Packet* p);

  PacketPool* pool_;
  Params params_;
  std::vector<std::unique_ptr<SubQueue>> queues_;  // made on first use
  std::deque<int64_t> new_flows_;
  std::deque<int64_t> old_flows_;
};

}  // namespace plab
