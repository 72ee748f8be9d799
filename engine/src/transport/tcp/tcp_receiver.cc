#include "transport/tcp/tcp_receiver.h"

#include <algorithm>
#include <iterator>

namespace plab {

TcpReceiver::TcpReceiver(Scheduler* scheduler, PacketPool* pool, const TcpReceiverParams& params,
                         std::unique_ptr<TcpReceiverAlgorithm> algorithm)
    : scheduler_(scheduler), pool_(pool), params_(params), algorithm_(std::move(algorithm)) {
  if (algorithm_) algorithm_->Attach(scheduler_, this);
}

void TcpReceiver::SendAckNow() { SendAck(pool_->NewFeedback(params_.flow, params_.ack_bytes), rcv_nxt_); }

void TcpReceiver::Restart(uint32_t flow) {
  params_.flow = flow;
  unacked_segments_ = 0;
  timer_armed_ = false;
  ++timer_generation_;  // a delayed-ACK timer of the old connection is now stale
  ts_recent_ = Time::Zero();
  last_trigger_seq_ = 0;
  last_trigger_serial_ = 0;
  ece_ = false;
  rcv_nxt_ = 0;
  out_of_order_.clear();
  buffered_bytes_ = 0;
  recent_.clear();
  stats_ = TcpReceiverStats{};
}

void TcpReceiver::Receive(Packet* p) {
  if (p->flow != params_.flow) {  // a segment of an earlier connection (Restart)
    pool_->Release(p);
    return;
  }
  const uint8_t control = Tcp(*p).control;
  if (control == kControlSyn) {
    // A SYN (again, if our SYN-ACK was lost): answer it at once with a SYN-ACK that
    // echoes its timestamp (RFC 9293 §3.5, RFC 7323 §4.3).
    const Time ts_val = Tcp(*p).ts_val;
    const bool has_timestamp = Tcp(*p).has_timestamp;
    PacketPool::TurnIntoFeedback(*p, params_.flow, params_.ack_bytes + params_.syn_ack_extra_bytes);
    TcpHeader& syn_ack = Tcp(*p);
    syn_ack = TcpHeader{};
    syn_ack.control = kControlSyn | kControlAck;
    syn_ack.has_timestamp = params_.timestamps && has_timestamp;
    syn_ack.ts_ecr = ts_val;
    p->ack = 0;
    route_->Inject(p);
    return;
  }
  if (control != 0) {  // the sender's ACK of our SYN-ACK: the connection is open
    pool_->Release(p);
    return;
  }
  ++stats_.segments_received;
  if (algorithm_) algorithm_->OnSegment(scheduler_->now(), *p);
  const uint64_t start = p->seq;
  const uint64_t end = p->seq + p->payload;
  const uint64_t before = rcv_nxt_;
  const bool had_holes = !out_of_order_.empty();
  // RFC 7323 §4.3: remember the timestamp of a segment at or below RCV.NXT.
  const TcpHeader& data = Tcp(*p);
  if (data.has_timestamp && start <= rcv_nxt_) ts_recent_ = data.ts_val;
  last_trigger_serial_ = data.serial;
  // RFC 3168 §6.1.3: CWR ends the echo; a CE on the same segment starts it again.
  if (data.cwr) ece_ = false;
  if (p->ecn == Ecn::kCe) ece_ = true;

  const uint64_t received_before = rcv_nxt_ + buffered_bytes_;
  bool in_order = false;
  if (end <= rcv_nxt_) {
    ++stats_.duplicate_segments;
  } else if (start <= rcv_nxt_) {
    in_order = true;
    rcv_nxt_ = end;
    // Pull in whatever the new data joined up with.
    auto it = out_of_order_.begin();
    while (it != out_of_order_.end() && it->first <= rcv_nxt_) {
      rcv_nxt_ = std::max(rcv_nxt_, it->second);
      buffered_bytes_ -= it->second - it->first;
      it = out_of_order_.erase(it);
    }
  } else {
    AddOutOfOrder(start, end);
  }
  if (observer_ && rcv_nxt_ + buffered_bytes_ != received_before) {
    observer_->OnNewBytesArrived(scheduler_->now(), rcv_nxt_ + buffered_bytes_ - received_before);
  }
  if (rcv_nxt_ != before && observer_) observer_->OnInOrderBytes(scheduler_->now(), rcv_nxt_);

  // Delay only an ACK for plain in-order data: anything out of order, duplicate, or
  // filling a hole is acknowledged at once (RFC 5681 §4.2).
  if (in_order && !had_holes && params_.delayed_ack_count > 1) {
    ++unacked_segments_;
    if (unacked_segments_ < params_.delayed_ack_count) {
      last_trigger_seq_ = start;
      pool_->Release(p);
      if (!timer_armed_) {
        timer_armed_ = true;
        const Time now = scheduler_->now();
        const Time at = params_.timers ? params_.timers->DelayedAckAt(now, params_.delayed_ack_timeout)
                                       : now + params_.delayed_ack_timeout;
        scheduler_->At(at, this, 0, ++timer_generation_);
      }
      return;
    }
  }
  SendAck(p, start);
}

void TcpReceiver::OnEvent(uint32_t, uint64_t generation) {
  if (!timer_armed_ || generation != timer_generation_) return;
  SendAck(pool_->NewFeedback(params_.flow, params_.ack_bytes), last_trigger_seq_);
}

void TcpReceiver::SendAck(Packet* p, uint64_t trigger_seq) {
  unacked_segments_ = 0;
  timer_armed_ = false;
  ++timer_generation_;
  // The segment that triggered the ACK is turned into it (or a fresh packet is used).
  PacketPool::TurnIntoFeedback(*p, params_.flow, params_.ack_bytes);
  TcpHeader& ack = Tcp(*p);
  ack.ack = rcv_nxt_;
  p->ack = rcv_nxt_;  // for the packet trace
  ack.has_timestamp = params_.timestamps;
  ack.ts_ecr = ts_recent_;
  ack.echo_serial = last_trigger_serial_;
  ack.ece = ece_;
  ack.cwr = false;
  ack.sack_count = 0;
  ack.option.Clear();
  if (params_.sack && !out_of_order_.empty()) FillSackBlocks(p, trigger_seq);
  if (algorithm_) algorithm_->OnAckBuilt(scheduler_->now(), ack);
  ++stats_.acks_sent;
  route_->Inject(p);
}

void TcpReceiver::AddOutOfOrder(uint64_t start, uint64_t end) {
  // Merge with every interval that overlaps or touches [start, end).
  auto it = out_of_order_.upper_bound(start);
  if (it != out_of_order_.begin()) {
    auto prev = std::prev(it);
    if (prev->second >= start) {
      if (prev->second >= end) {
        ++stats_.duplicate_segments;
        start = prev->first;
        end = prev->second;
      } else {
        start = prev->first;
      }
      buffered_bytes_ -= prev->second - prev->first;
      it = out_of_order_.erase(prev);
    }
  }
  while (it != out_of_order_.end() && it->first <= end) {
    end = std::max(end, it->second);
    buffered_bytes_ -= it->second - it->first;
    it = out_of_order_.erase(it);
  }
  out_of_order_.emplace(start, end);
  buffered_bytes_ += end - start;
}

void TcpReceiver::FillSackBlocks(Packet* p, uint64_t trigger_seq) {
  TcpHeader& ack = Tcp(*p);
  // Newest first; forget what is now in order, and keep the list short.
  recent_.insert(recent_.begin(), trigger_seq);
  std::vector<uint64_t> kept;
  for (uint64_t seq : recent_) {
    if (seq >= rcv_nxt_ && kept.size() < 2 * kMaxSackBlocks) kept.push_back(seq);
  }
  recent_ = std::move(kept);
  for (uint64_t seq : recent_) {
    auto it = out_of_order_.upper_bound(seq);
    if (it == out_of_order_.begin()) continue;
    --it;
    if (seq >= it->second) continue;
    bool duplicate = false;
    for (int i = 0; i < ack.sack_count; ++i) duplicate = duplicate || ack.sack[i].start == it->first;
    if (duplicate) continue;
    ack.sack[ack.sack_count++] = SackBlock{it->first, it->second};
    if (ack.sack_count == kMaxSackBlocks) break;
  }
  // RFC 2018 §3: 2 bytes of kind/length + 8 per block, padded to 4 bytes; as ns-3.44
  // pads (tcp.option_layout = ns3), together with the timestamps' 10 (12 counted already).
  if (params_.ns3_option_layout && params_.timestamps) {
    p->wire_bytes += static_cast<uint32_t>((10 + 2 + 8 * ack.sack_count + 3) / 4 * 4 - 12);
  } else {
    p->wire_bytes += static_cast<uint32_t>((2 + 8 * ack.sack_count + 3) / 4 * 4);
  }
}

}  // namespace plab
