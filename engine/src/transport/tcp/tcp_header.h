// TCP's header fields beyond the common packet ones (net/packet.h): the cumulative
// ACK, RFC 7323 timestamps and RFC 2018 SACK blocks, plus a small block of option
// bytes that a protocol built on TCP writes its own fields into (TCP-Real's wave
// level and DACK bit), so such a protocol extends the header without editing it.
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "sim/time.h"

namespace plab {

// A SACK block (RFC 2018): the receiver holds [start, end).
struct SackBlock {
  uint64_t start = 0;
  uint64_t end = 0;
};

// RFC 2018 §3: with the timestamp option in use, at most 3 blocks fit in an ACK.
constexpr int kMaxSackBlocks = 3;

// The three-way handshake's control bits (RFC 9293 §3.5), on a flow that opens with one
// (tcp.handshake): the sender's SYN (kSyn), the receiver's SYN-ACK (kSyn | kAck), the
// sender's ACK of it (kAck, no payload). Every other segment carries none: ACK is
// implied after the handshake.
enum TcpControl : uint8_t { kControlSyn = 1, kControlAck = 2 };

struct TcpHeader {
  uint64_t ack = 0;  // feedback: next byte the receiver expects
  // RFC 7323 timestamps, when the option is on: the sender's clock (data), and the
  // echo of the timestamp of the segment that made this ACK (feedback).
  bool has_timestamp = false;
  uint8_t control = 0;  // TcpControl bits of a handshake segment; 0 otherwise
  // RFC 3168 §6.1: ECN-Echo on an ACK (the receiver saw CE), Congestion Window Reduced
  // on a data segment (the sender answered it).
  bool ece = false;
  bool cwr = false;
  Time ts_val;
  Time ts_ecr;
  int sack_count = 0;  // feedback: SACK blocks carried, most recent first
  SackBlock sack[kMaxSackBlocks];
  // Transmission serial numbers: every data segment sent (retransmissions included)
  // gets the next serial; an ACK echoes the serial of the segment that made it. A
  // loss recovery that tracks packets in transmission order (LE) reads them, as LE's
  // Linux code reads a per-packet timestamp echoed from the triggering segment
  // (RFC 7323's echo rule would hold the echo still during a loss).
  uint64_t serial = 0;       // data
  uint64_t echo_serial = 0;  // feedback
  // A protocol's own option fields (read with option.As<T>()).
  HeaderArea<16> option;
};
static_assert(sizeof(TcpHeader) <= 128, "TcpHeader must fit the packet's header area");

inline TcpHeader& Tcp(Packet& p) { return p.header.As<TcpHeader>(); }
inline const TcpHeader& Tcp(const Packet& p) { return p.header.As<TcpHeader>(); }

}  // namespace plab
