// TFRC's packet fields (RFC 5348 §3.2.1, §3.2.2), in Packet::header.
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "sim/time.h"

namespace plab {

struct TfrcDataHeader {
  uint64_t seq_no = 0;  // packet number (the loss history counts packets)
  Time timestamp;       // when it was sent
  Time rtt;             // the sender's RTT estimate (Zero until it has one)
};

struct TfrcFeedbackHeader {
  Time timestamp_echo;    // t_recvdata: the timestamp of the last data packet received
  Time delay;             // t_delay: time since that packet arrived
  double x_recv_bps = 0;  // X_recv: bytes per second received since the last feedback
  double p = 0;           // the loss event rate
};

inline TfrcDataHeader& TfrcData(Packet& p) { return p.header.As<TfrcDataHeader>(); }
inline TfrcFeedbackHeader& TfrcFeedback(Packet& p) { return p.header.As<TfrcFeedbackHeader>(); }

}  // namespace plab
