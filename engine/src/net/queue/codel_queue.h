// CoDel, Controlled Delay (Nichols & Jacobson; RFC 8289), exactly as the RFC's §5
// pseudocode: a packet's sojourn time is measured as it leaves. When every packet for
// a whole `interval` has waited longer than `target`, CoDel drops one and enters the
// dropping state, where it drops again at times spaced interval / sqrt(count) (§5.3,
// the control law), until a packet's sojourn falls below target. Re-entering soon
// after leaving resumes near the old drop rate (count = count - lastcount, the Linux
// variant quoted in §5.4). Nothing is dropped while the queue holds at most one MTU
// (§5.3: the backlog half of the "two AQMs"). Defaults: target 5 ms, interval 100 ms
// (RFC 8289 §4.3-4.4). ECN (RFC 8289 §5, RFC 3168 §5): where CoDel would drop an ECT
// packet it marks it CE and sends it instead, as Linux's codel_dequeue does.
// The control law lives in codel_control.h, shared with FQ-CoDel's per-flow queues.
#pragma once

#include <cstdint>
#include <deque>

#include "net/queue/codel_control.h"
#include "net/queue/queue_discipline.h"
#include "sim/time.h"

namespace plab {

class CodelQueue final : public QueueDiscipline {
 public:
  struct Params {
    int64_t limit_packets = 1000;
    Time target = Time::FromMilliseconds(5);            // RFC 8289 §4.4
    Time interval = Time::FromMilliseconds(100);        // RFC 8289 §4.3
    int64_t mtu_bytes = 1500;                           // the maxpacket of §5.3
    CodelParams::Law law = CodelParams::Law::kRfc8289;  // codel.law (codel_control.h)
  };

  CodelQueue(PacketPool* pool, const Params& params)
      : pool_(pool),
        limit_packets_(params.limit_packets),
        codel_params_{params.target, params.interval, params.mtu_bytes, params.law} {}

  bool Enqueue(Packet* p, Time now) override;
  Packet* Dequeue(Time now) override;
  int64_t limit_packets() const override { return limit_packets_; }

  // Debug state (tests, plots).
  bool dropping() const { return codel_.dropping(); }
  uint32_t count() const { return codel_.count(); }
  Time drop_next() const { return codel_.drop_next(); }

 private:
  friend class CodelControl;
  // The queue CodelControl works on (codel_control.h).
  Packet* PopHead();
  int64_t BacklogBytes() const { return length_bytes(); }
  void DropHead(Packet* p, Time now);
  bool Mark(Packet& p, Time now) { return MarkCongestion(p, now); }

  PacketPool* pool_;
  int64_t limit_packets_;
  CodelParams codel_params_;
  CodelControl codel_;
  std::deque<Packet*> queue_;
};

}  // namespace plab
