#include "transport/tcp/ledbat/ledbat_receiver.h"

#include <algorithm>

#include "transport/tcp/ledbat/ledbat_option.h"

namespace plab {

void LedbatReceiver::OnSegment(Time now, const Packet& data) {
  // The sender stamps every transmission with its clock (TcpHeader::ts_val).
  const Time delay = now - Tcp(data).ts_val;
  least_since_ack_ = least_since_ack_ ? std::min(*least_since_ack_, delay) : delay;
  ++samples_;
}

void LedbatReceiver::OnAckBuilt(Time, TcpHeader& ack) {
  LedbatOption& option = ack.option.As<LedbatOption>();
  option.samples = samples_;
  option.one_way_delay_ns = least_since_ack_ ? least_since_ack_->ns() : 0;
  least_since_ack_.reset();
  samples_ = 0;
}

}  // namespace plab
