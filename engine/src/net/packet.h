// A packet on the wire. The network needs only the common fields: which flow, which
// way it goes (route + hop), how many bytes it puts on the wire, and for data the
// payload range. Everything a transport protocol adds lives in `header`, a fixed
// block of bytes each protocol family reads as its own struct (TCP: TcpHeader; a
// rate-based protocol: its feedback report), so a new protocol extends the packet
// without touching this file. Packets recycle through a PacketPool, so the hot path
// allocates nothing (htsim PacketDB style).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "sim/time.h"

namespace plab {

struct Route;

// A fixed block of bytes read and written as one trivially copyable struct. Protocols
// keep their header fields here (and nested blocks for options of their own).
template <size_t kBytes>
class HeaderArea {
 public:
  static constexpr size_t kCapacity = kBytes;

  template <typename H>
  H& As() {
    static_assert(std::is_trivially_copyable_v<H> && std::is_trivially_destructible_v<H>, "a header is plain data");
    static_assert(sizeof(H) <= kBytes, "the header does not fit its area");
    static_assert(alignof(H) <= alignof(std::max_align_t), "over-aligned header");
    return *std::launder(reinterpret_cast<H*>(bytes_));
  }
  template <typename H>
  const H& As() const {
    return const_cast<HeaderArea*>(this)->As<H>();
  }
  void Clear() { std::memset(bytes_, 0, kBytes); }

 private:
  alignas(std::max_align_t) unsigned char bytes_[kBytes] = {};
};

// The ECN field of the IP header (RFC 3168 §5): a sender that negotiated ECN marks
// its data ECT(0); a queue that would signal congestion sets CE on an ECT packet
// instead of dropping it. Not-ECT packets (every packet of a flow without ECN, and
// every pure ACK, §6.1.4) are dropped as before. An L4S sender marks ECT(1) instead
// (RFC 9331 §4.1, the L4S identifier); a queue that is not L4S-aware treats it as
// ECT(0) (§5), and an L4S-aware one (DualPI2, RFC 9332) classifies ECT(1) and CE,
// the codepoints whose low bit is set, into its L4S queue.
enum class Ecn : uint8_t {
  kNotEct = 0,  // 00
  kEct1 = 1,    // 01
  kEct0 = 2,    // 10
  kCe = 3,      // 11: congestion experienced
};

enum class PacketKind : uint8_t {
  kData,      // carries payload [seq, seq + payload)
  kFeedback,  // from receiver to sender: an ACK, a receiver report
};

struct Packet {
  uint32_t flow = 0;
  PacketKind kind = PacketKind::kData;
  uint64_t seq = 0;  // data: first payload byte
  // Feedback: the cumulative ACK it carries (the next byte the receiver expects), when
  // its transport has one (TCP); 0 otherwise. The network never reads it: it is what
  // the packet trace shows of an ACK.
  uint64_t ack = 0;
  uint32_t payload = 0;     // data: payload bytes
  uint32_t wire_bytes = 0;  // payload + headers: what the links serialize
  // Where the packet goes: route->hops[hop] is where it is now (see net/route.h).
  const Route* route = nullptr;
  uint16_t hop = 0;
  Ecn ecn = Ecn::kNotEct;  // the IP header's ECN field (RFC 3168 §5)
  Time enqueued_at;        // when it joined the queue it is in (CoDel's sojourn time)
  // Measurement only (the contest's delay figures), stamped by the links: when the
  // packet entered its route's first link, and the time it has waited in queues since.
  Time sent_at;
  Time queued;
  // The transport's own header: 128 bytes, read as the family's struct.
  HeaderArea<128> header;

  bool is_feedback() const { return kind == PacketKind::kFeedback; }
  bool ect() const { return ecn == Ecn::kEct0 || ecn == Ecn::kEct1; }
  // RFC 9331 §5.1 / RFC 9332 §2.5.1.1: ECT(1) or CE, the L4S queue's traffic.
  bool l4s() const { return (static_cast<uint8_t>(ecn) & 1) != 0; }
  // The number the packet trace shows: a data packet's first byte, an ACK's ACK number.
  uint64_t trace_number() const { return is_feedback() ? ack : seq; }
};

// Every transport builds its packets through these two (issue K: the same five field
// writes sat at eight places). A packet from the pool is already reset, header zeroed.
class PacketPool {
 public:
  // A data packet carrying payload [seq, seq + payload), on the wire with its headers.
  Packet* NewData(uint32_t flow, uint64_t seq, uint32_t payload, uint32_t header_bytes) {
    Packet* p = Acquire();
    p->flow = flow;
    p->kind = PacketKind::kData;
    p->seq = seq;
    p->payload = payload;
    p->wire_bytes = payload + header_bytes;
    return p;
  }
  // A feedback packet (an ACK, a receiver report) of wire_bytes, no payload.
  Packet* NewFeedback(uint32_t flow, uint32_t wire_bytes) {
    Packet* p = Acquire();
    TurnIntoFeedback(*p, flow, wire_bytes);
    return p;
  }
  // A received packet reused as feedback (a TCP receiver turns the segment that
  // triggered an ACK into the ACK): its transport header is left for the caller.
  static void TurnIntoFeedback(Packet& p, uint32_t flow, uint32_t wire_bytes) {
    p.flow = flow;
    p.kind = PacketKind::kFeedback;
    p.seq = 0;
    p.payload = 0;
    p.wire_bytes = wire_bytes;
    p.ecn = Ecn::kNotEct;  // RFC 3168 §6.1.4: a pure ACK is never ECT
  }

 private:
  Packet* Acquire() {
    if (free_.empty()) {
      storage_.push_back(std::make_unique<Packet>());
      return storage_.back().get();
    }
    Packet* p = free_.back();
    free_.pop_back();
    Reset(*p);
    return p;
  }

 public:
  void Release(Packet* p) { free_.push_back(p); }
  size_t allocated() const { return storage_.size(); }

 private:
  // Field by field: cheaper than assigning a fresh Packet (no temporary to copy).
  static void Reset(Packet& p) {
    p.flow = 0;
    p.kind = PacketKind::kData;
    p.seq = 0;
    p.ack = 0;
    p.payload = 0;
    p.wire_bytes = 0;
    p.route = nullptr;
    p.hop = 0;
    p.ecn = Ecn::kNotEct;
    p.enqueued_at = Time::Zero();
    p.sent_at = Time::Zero();
    p.queued = Time::Zero();
    p.header.Clear();
  }

  std::vector<std::unique_ptr<Packet>> storage_;
  std::vector<Packet*> free_;
};

// Anything a packet can be handed to: a link, a sender, a receiver. Ownership of the
// packet passes with the call; whoever ends its journey releases it to the pool.
class PacketSink {
 public:
  virtual ~PacketSink() = default;
  virtual void Receive(Packet* p) = 0;
};

}  // namespace plab
