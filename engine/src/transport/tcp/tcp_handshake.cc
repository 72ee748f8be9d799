// The three-way handshake of a TcpSender that opens with one (tcp.handshake, RFC 9293
// §3.5): the SYN and its timer, the SYN-ACK, and the ACK of it before the first data.
#include <algorithm>

#include "transport/tcp/tcp_sender.h"

namespace plab {

void TcpSender::SendSyn() {
  const Time now = scheduler_->now();
  // The SYN is a header on the data path: it queues and can be lost like data.
  Packet* p = pool_->NewData(params_.flow, 0, 0, params_.header_bytes + params_.syn_extra_bytes);
  TcpHeader& syn = Tcp(*p);
  syn.control = kControlSyn;
  syn.has_timestamp = params_.timestamps;
  syn.ts_val = now;
  syn_sent_at_ = now;
  scheduler_->At(now + syn_rto_, this, kSynTimer, ++syn_generation_);
  route_->Inject(p);
}

void TcpSender::OnSynAck(const TcpHeader& syn_ack) {
  const Time now = scheduler_->now();
  established_ = true;
  stats_.established_at = now;
  ++syn_generation_;  // the SYN timer is cancelled
  // RFC 6298 §2.2 / §3: the SYN's round trip is the first RTT sample, unless the SYN
  // was retransmitted and no timestamp says which copy this answers (Karn).
  const bool from_timestamp = params_.timestamps && syn_ack.has_timestamp;
  if (from_timestamp || stats_.syn_retransmissions == 0) {
    const Time sample = now - (from_timestamp ? syn_ack.ts_ecr : syn_sent_at_);
    if (rtt_.timers().TimesOneSegmentPerRtt()) rtt_.OnTimedSample(sample, now, from_timestamp);
    rtt_.OnSample(sample);
    cc_->OnRttUpdated(now);
    if (observer_) observer_->OnRtt(now, rtt_);
  }
  // The handshake's last segment: an ACK of the SYN-ACK, a header on the data path
  // ahead of the first data (ns-3 and Linux send it on its own).
  Packet* ack = pool_->NewData(params_.flow, 0, 0, params_.header_bytes);
  Tcp(*ack).control = kControlAck;
  Tcp(*ack).has_timestamp = params_.timestamps;
  Tcp(*ack).ts_val = now;
  route_->Inject(ack);
  TrySend();
}

void TcpSender::OnSynTimer(uint64_t generation) {
  if (generation != syn_generation_ || established_) return;
  // RFC 6298 §5.5: back off the timer; the SYN goes again.
  ++stats_.syn_retransmissions;
  syn_rto_ = std::min(syn_rto_ + syn_rto_, params_.rtt.max_rto);
  SendSyn();
}

}  // namespace plab
