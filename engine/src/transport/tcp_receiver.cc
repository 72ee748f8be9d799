#include "transport/tcp_receiver.h"

#include <algorithm>

namespace plab {

void TcpReceiver::Receive(Packet* p) {
  ++stats_.segments_received;
  const uint64_t start = p->seq;
  const uint64_t end = p->seq + p->payload;
  const uint64_t before = rcv_nxt_;

  if (end <= rcv_nxt_) {
    ++stats_.duplicate_segments;
  } else if (start <= rcv_nxt_) {
    rcv_nxt_ = end;
    // Pull in whatever the new data joined up with.
    auto it = out_of_order_.begin();
    while (it != out_of_order_.end() && it->first <= rcv_nxt_) {
      rcv_nxt_ = std::max(rcv_nxt_, it->second);
      it = out_of_order_.erase(it);
    }
  } else {
    auto [it, inserted] = out_of_order_.emplace(start, end);
    if (!inserted) {
      it->second = std::max(it->second, end);
      ++stats_.duplicate_segments;
    }
  }
  if (rcv_nxt_ != before && observer_) observer_->OnInOrderBytes(scheduler_->now(), rcv_nxt_);

  // Reuse the packet as the ACK.
  p->is_ack = true;
  p->flow = flow_;
  p->seq = 0;
  p->payload = 0;
  p->ack = rcv_nxt_;
  p->wire_bytes = ack_bytes_;
  ++stats_.acks_sent;
  out_->Receive(p);
}

}  // namespace plab
