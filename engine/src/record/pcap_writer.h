// A classic libpcap file of synthesized frames, for the tools researchers already use
// (tcpdump, Wireshark/tshark, tcptrace). The simulator carries no real headers, so
// each packet is written as the frame it stands for: Ethernet II + IPv4 + TCP (or UDP
// for a rate-based protocol), with the packet's own sequence and ACK numbers, SACK
// blocks and timestamps, and the simulated time to the nanosecond. Only the headers
// are captured (a snap length: caplen < len, as `tcpdump -s` does), so files stay
// small; the frame length says what the link serialized.
//
// Format: https://wiki.wireshark.org/Development/LibpcapFileFormat and
// draft-ietf-opsawg-pcap: magic 0xa1b23c4d (nanosecond timestamps), version 2.4,
// LINKTYPE_ETHERNET (1), written in the machine's byte order (readers detect it from
// the magic); the frames' own headers in network byte order (RFC 791, RFC 793).
//
// Streams: each record goes to the ostream as it is written, nothing is buffered
// here, and at most `max_packets` records are written (then truncated()).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "sim/time.h"

namespace plab {

// One packet as a capture sees it, in the engine's own numbers (byte offsets, not
// 32-bit wire values): what the writer needs and nothing of the engine's structs.
struct WirePacket {
  static constexpr int kMaxSack = 3;  // RFC 2018 §3: 3 blocks fit beside the timestamp option
  Time at;
  uint32_t flow = 0;
  bool feedback = false;    // receiver to sender (an ACK, a receiver report)
  bool tcp = true;          // TCP, else UDP (a rate-based protocol)
  uint64_t seq = 0;         // data: the first payload byte's offset in the flow
  uint64_t ack = 0;         // TCP feedback: the next byte the receiver expects
  uint32_t payload = 0;     // data: payload bytes
  uint32_t wire_bytes = 0;  // what the link serializes (payload + the engine's header bytes)
  uint8_t control = 0;      // TCP handshake bits (TcpControl: SYN, ACK), 0 after it
  uint8_t ecn = 0;          // the IP header's ECN field (RFC 3168 §5: 2 = ECT(0), 3 = CE)
  bool ece = false;         // TCP ECN-Echo and Congestion Window Reduced flags (RFC 3168 §6.1)
  bool cwr = false;
  bool has_timestamp = false;  // RFC 7323 timestamps option
  Time ts_val;
  Time ts_ecr;
  int sack_count = 0;
  uint64_t sack_start[kMaxSack] = {};
  uint64_t sack_end[kMaxSack] = {};
};

class PcapWriter {
 public:
  // Each file's cap: about 30 MB of records (ACKs with SACK are the largest, 126 bytes).
  static constexpr uint64_t kDefaultMaxPackets = 250000;
  // The headers captured of each frame: Ethernet 14 + IPv4 20 + TCP 60 at most.
  static constexpr uint32_t kSnapLength = 94;

  // Writes the file header at once.
  explicit PcapWriter(std::ostream* out, uint64_t max_packets = kDefaultMaxPackets);

  // Appends one record (false once the cap is reached: the packet is not written).
  bool Write(const WirePacket& p);

  uint64_t packets() const { return packets_; }
  bool truncated() const { return truncated_; }

  // The synthesized frame's captured bytes (what Write records) and its full length on
  // the wire; for tests.
  static std::string Frame(const WirePacket& p, uint16_t ip_id, uint32_t* frame_length);

 private:
  std::ostream* out_;
  uint64_t max_packets_;
  uint64_t packets_ = 0;
  bool truncated_ = false;
  uint16_t ip_id_ = 0;  // IPv4 identification: one counter per file
};

}  // namespace plab
