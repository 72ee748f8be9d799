#include "transport/tcp/dctcp/dctcp_receiver.h"

namespace plab {

void DctcpReceiver::Attach(Scheduler*, TcpReceiverActions* actions) { actions_ = actions; }

void DctcpReceiver::OnSegment(Time, const Packet& data) {
  const bool ce = data.ecn == Ecn::kCe;
  if (ce == ce_) return;
  // RFC 8257 §3.2: the CE state changes; the delayed ACK for the segments before this
  // one goes out now, echoing their state, before the state flips.
  if (actions_->ack_pending()) actions_->SendAckNow();
  ce_ = ce;
}

void DctcpReceiver::OnAckBuilt(Time, TcpHeader& ack) { ack.ece = ce_; }

}  // namespace plab
