// A packet on the wire. Data segments carry [seq, seq + payload); ACKs carry the
// cumulative `ack` (next byte expected). Packets recycle through a PacketPool, so the
// hot path allocates nothing (htsim PacketDB style).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim/time.h"

namespace plab {

// A SACK block (RFC 2018): the receiver holds [start, end).
struct SackBlock {
  uint64_t start = 0;
  uint64_t end = 0;
};

// RFC 2018 §3: with the timestamp option in use, at most 3 blocks fit in an ACK.
constexpr int kMaxSackBlocks = 3;

struct Packet {
  uint32_t flow = 0;
  bool is_ack = false;
  uint64_t seq = 0;      // data: first payload byte
  uint32_t payload = 0;  // data: payload bytes
  uint64_t ack = 0;      // ACK: next byte the receiver expects
  uint32_t wire_bytes = 0;  // payload + headers: what the links serialize
  // RFC 7323 timestamps, when the option is on: the sender's clock (data), and the
  // echo of the timestamp of the segment that made this ACK (ACK).
  bool has_timestamp = false;
  Time ts_val;
  Time ts_ecr;
  int sack_count = 0;       // ACK: SACK blocks carried, most recent first
  SackBlock sack[kMaxSackBlocks];
};

class PacketPool {
 public:
  Packet* Acquire() {
    if (free_.empty()) {
      storage_.push_back(std::make_unique<Packet>());
      return storage_.back().get();
    }
    Packet* p = free_.back();
    free_.pop_back();
    *p = Packet{};
    return p;
  }
  void Release(Packet* p) { free_.push_back(p); }

 private:
  std::vector<std::unique_ptr<Packet>> storage_;
  std::vector<Packet*> free_;
};

// Anything a link can deliver to: another link, a sender, a receiver. Ownership of the
// packet passes with the call; the receiver releases it to the pool when done.
class PacketSink {
 public:
  virtual ~PacketSink() = default;
  virtual void Receive(Packet* p) = 0;
};

}  // namespace plab
