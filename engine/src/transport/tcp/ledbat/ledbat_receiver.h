// LEDBAT's receiver side (RFC 6817 §2.3): on every data segment, delay =
// local_timestamp() - data_packet.timestamp; the next ACK carries it (ledbat_option.h).
#pragma once

#include <optional>

#include "transport/tcp/receiver_algorithm.h"

namespace plab {

class LedbatReceiver final : public TcpReceiverAlgorithm {
 public:
  void OnSegment(Time now, const Packet& data) override;
  void OnAckBuilt(Time now, TcpHeader& ack) override;

 private:
  std::optional<Time> least_since_ack_;
  uint32_t samples_ = 0;
};

}  // namespace plab
