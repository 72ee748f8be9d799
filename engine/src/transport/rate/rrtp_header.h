// RRTP's packet fields (thesis §3.2, §3.5, Appendix A), in Packet::header. One struct
// for every packet type: the fields a type does not use stay zero.
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "sim/time.h"

namespace plab {

enum class RrtpType : uint8_t {
  // The 4-way handshake (§3.2): client -> SYN, server -> SYN-ECHO (cookie), client ->
  // START (cookie back), server -> START-ECHO (the connection exists).
  kSyn,
  kSynEcho,
  kStart,
  kStartEcho,
  kData,
  kProbeReport,  // §3.2: the receive interval Y of the probe pair P1, P2
  kEpochReport,  // §3.4.1: each 10 packets, the send and receive intervals to compare
  kCack,         // §3.5: every packet below seq_no received (every 32 packets)
  kNack,         // §3.5: one packet missing
  kSack,         // §3.5: several missing, as ranges
};

// Which of the probe pair a data packet is (§3.2): a P2 whose P1 was lost must not be
// paired with the next pair's P1.
enum class RrtpProbe : uint8_t { kNone, kP1, kP2 };

struct RrtpRange {
  uint32_t begin = 0;  // packet numbers [begin, end) missing, relative to RrtpHeader::seq_no
  uint32_t end = 0;
};

struct RrtpHeader {
  static constexpr int kMaxRanges = 4;

  RrtpType type = RrtpType::kData;
  RrtpProbe probe = RrtpProbe::kNone;  // data: P1, P2 or neither
  bool last = false;                   // data: the application's last packet
  bool retransmission = false;         // data: sent before
  bool congestive = false;             // NACK/SACK: the receiver's verdict on a new loss
  bool repeat = false;                 // NACK/SACK: asked again after the NACK timer
  uint8_t ranges = 0;                  // SACK: how many of `range` are used
  uint64_t seq_no = 0;                 // data: packet number; CACK: all below; NACK: the missing one
  Time timestamp;                      // data, SYN, START: sent at; replies: the timestamp echoed
  Time rtt;                            // data: the sender's RTT estimate (the receiver's NACK timer)
  uint64_t cookie = 0;                 // SYN-ECHO, START
  double send_interval = 0;            // reports: seconds (probe report: X)
  double receive_interval = 0;         // reports: seconds (probe report: Y)
  uint64_t epoch_first = 0;            // epoch report: the first packet number it measured
  RrtpRange range[kMaxRanges];         // SACK: relative to seq_no
};

inline RrtpHeader& Rrtp(Packet& p) { return p.header.As<RrtpHeader>(); }
inline const RrtpHeader& Rrtp(const Packet& p) { return p.header.As<RrtpHeader>(); }

}  // namespace plab
