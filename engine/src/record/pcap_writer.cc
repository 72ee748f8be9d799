#include "record/pcap_writer.h"

#include <algorithm>

namespace plab {
namespace {

// The nanosecond variant of the classic format (draft-ietf-opsawg-pcap §4): the
// engine's clock is integer nanoseconds, so no timestamp is rounded.
constexpr uint32_t kMagicNanoseconds = 0xa1b23c4d;
constexpr uint32_t kLinkTypeEthernet = 1;
constexpr uint16_t kEtherTypeIpv4 = 0x0800;
constexpr uint8_t kProtocolTcp = 6;   // RFC 790
constexpr uint8_t kProtocolUdp = 17;  // RFC 768
constexpr uint8_t kTtl = 64;
// Ports: the sender an ephemeral port per flow (RFC 6335's dynamic range), the
// receiver iperf's well-known 5001, so a display filter can name either end.
constexpr uint16_t kSenderPortBase = 49152;
constexpr uint16_t kReceiverPort = 5001;
// The engine sends no SYN: the connection is as if each side's ISN were 2^32 - 1, so
// the first payload byte (offset 0) is sequence number 0 and a sequence number is the
// byte offset mod 2^32 (RFC 793 §3.3), which a reader can compare with the engine's.
// The receiver sends no data: its sequence number stays 0.
constexpr uint16_t kWindow = 65535;  // no window scale (no SYN to carry one): the field's largest value
constexpr uint8_t kTcpAck = 0x10;
constexpr uint8_t kTcpSyn = 0x02;
constexpr uint32_t kIsn = 0xffffffffu;
constexpr uint8_t kTcpEce = 0x40, kTcpCwr = 0x80;                         // RFC 3168 §6.1
constexpr uint8_t kOptionNop = 1, kOptionSack = 5, kOptionTimestamp = 8;  // RFC 2018, RFC 7323

void Put16(std::string& b, uint16_t v) {  // network byte order
  b.push_back(static_cast<char>(v >> 8));
  b.push_back(static_cast<char>(v & 0xff));
}
void Put32(std::string& b, uint32_t v) {
  Put16(b, static_cast<uint16_t>(v >> 16));
  Put16(b, static_cast<uint16_t>(v & 0xffff));
}
// The file's own fields, little-endian whatever the machine (the magic tells a reader
// which order), so the same run gives the same bytes natively and in WASM.
void PutLe32(std::string& b, uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void PutLe16(std::string& b, uint16_t v) {
  b.push_back(static_cast<char>(v & 0xff));
  b.push_back(static_cast<char>(v >> 8));
}

// RFC 1071's one's-complement sum of 16-bit words, not yet complemented.
uint32_t Sum16(const std::string& b, size_t from, size_t to, uint32_t sum = 0) {
  for (size_t i = from; i + 1 < to; i += 2) {
    sum += (static_cast<uint32_t>(static_cast<uint8_t>(b[i])) << 8) | static_cast<uint8_t>(b[i + 1]);
  }
  if ((to - from) % 2 == 1) sum += static_cast<uint32_t>(static_cast<uint8_t>(b[to - 1])) << 8;
  return sum;
}
uint16_t Fold(uint32_t sum) {
  while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
  return static_cast<uint16_t>(~sum & 0xffff);
}
void Set16(std::string& b, size_t at, uint16_t v) {
  b[at] = static_cast<char>(v >> 8);
  b[at + 1] = static_cast<char>(v & 0xff);
}

// Each flow's two hosts: 10.(2h).l.1 sends, 10.(2h+1).l.1 receives, h and l the flow
// id's high and low bytes (flow 3: 10.0.3.1 -> 10.1.3.1). Ids past 32767 repeat.
uint32_t HostAddress(uint32_t flow, bool receiver) {
  const uint32_t high = (flow >> 8) & 0x7f;
  return (10u << 24) | ((2 * high + (receiver ? 1 : 0)) << 16) | ((flow & 0xff) << 8) | 1u;
}
// A locally administered MAC (02:00) holding the host's address.
void PutMac(std::string& b, uint32_t address) {
  Put16(b, 0x0200);
  Put32(b, address);
}

uint32_t Wire32(uint64_t offset) { return static_cast<uint32_t>(offset & 0xffffffffu); }
// RFC 7323 §5.4: a timestamp clock of 1 ms per tick.
uint32_t TimestampTicks(Time t) { return static_cast<uint32_t>(static_cast<uint64_t>(t.ns() / 1000000)); }

// The TCP header with its options (RFC 793 §3.1; options as Linux lays them out: each
// padded to 4 bytes with NOPs in front).
void PutTcp(std::string& b, const WirePacket& p, uint16_t sport, uint16_t dport) {
  std::string options;
  if (p.has_timestamp) {
    options += {static_cast<char>(kOptionNop), static_cast<char>(kOptionNop), static_cast<char>(kOptionTimestamp), 10};
    Put32(options, TimestampTicks(p.ts_val));
    Put32(options, p.feedback ? TimestampTicks(p.ts_ecr) : 0);
  }
  const int blocks = std::clamp(p.sack_count, 0, WirePacket::kMaxSack);
  if (p.feedback && blocks > 0) {
    options += {static_cast<char>(kOptionNop), static_cast<char>(kOptionNop), static_cast<char>(kOptionSack),
                static_cast<char>(2 + 8 * blocks)};
    for (int i = 0; i < blocks; ++i) {
      Put32(options, Wire32(p.sack_start[i]));
      Put32(options, Wire32(p.sack_end[i]));
    }
  }
  const size_t header = 20 + options.size();  // options are whole words: at most 12 + 28 = 40 bytes
  // Both ends' initial sequence numbers are 2^32 - 1, so that each one's first byte after
  // the SYN is 0: the flow's offsets are the sequence numbers.
  const bool syn = (p.control & 1) != 0;  // TcpControl kControlSyn
  Put16(b, sport);
  Put16(b, dport);
  Put32(b, syn ? kIsn : p.feedback ? 0 : Wire32(p.seq));
  Put32(b, p.feedback ? Wire32(p.ack) : 0);  // data: the receiver's first byte, which it never sends
  b.push_back(static_cast<char>((header / 4) << 4));
  // Every segment after the handshake carries ACK (RFC 793 §3.1); the SYN alone does not;
  // ECE and CWR when set (RFC 3168 §6.1).
  const uint8_t flags = syn ? (p.feedback ? kTcpSyn | kTcpAck : kTcpSyn) : kTcpAck;
  b.push_back(static_cast<char>(flags | (p.ece ? kTcpEce : 0) | (p.cwr ? kTcpCwr : 0)));
  Put16(b, kWindow);
  Put16(b, 0);  // checksum, below
  Put16(b, 0);  // urgent pointer
  b += options;
}

}  // namespace

std::string PcapWriter::Frame(const WirePacket& p, uint16_t ip_id, uint32_t* frame_length) {
  const uint32_t src = HostAddress(p.flow, p.feedback);
  const uint32_t dst = HostAddress(p.flow, !p.feedback);
  const uint16_t sender_port = static_cast<uint16_t>(kSenderPortBase + (p.flow & 0x3fff));
  const uint16_t sport = p.feedback ? kReceiverPort : sender_port;
  const uint16_t dport = p.feedback ? sender_port : kReceiverPort;
  std::string b;
  b.reserve(kSnapLength);
  PutMac(b, dst);
  PutMac(b, src);
  Put16(b, kEtherTypeIpv4);
  const size_t ip = b.size();
  const size_t l4 = ip + 20;
  // The transport header, then (UDP data) the sequence number as the first payload
  // bytes, so a rate-based flow's packets can be told apart.
  std::string transport;
  uint32_t payload = p.payload;
  if (p.tcp) {
    PutTcp(transport, p, sport, dport);
  } else {
    // A report's bytes are whatever the engine puts on the wire beyond IP and UDP.
    if (p.feedback) payload = p.wire_bytes > 28 ? p.wire_bytes - 28 : 0;
    Put16(transport, sport);
    Put16(transport, dport);
    Put16(transport, static_cast<uint16_t>(8 + payload));
    Put16(transport, 0);  // checksum, below
    if (!p.feedback && payload >= 8) {
      Put32(transport, static_cast<uint32_t>(p.seq >> 32));
      Put32(transport, Wire32(p.seq));
    }
  }
  const uint32_t header_bytes = p.tcp ? static_cast<uint32_t>(transport.size()) : 8;
  const uint32_t ip_total = 20 + header_bytes + payload;
  // RFC 791 §3.1: version 4, IHL 5, DF set, no fragments; of the TOS byte only the ECN
  // field (RFC 3168 §5, its two low bits).
  b.push_back(0x45);
  b.push_back(static_cast<char>(p.ecn & 0x3));
  Put16(b, static_cast<uint16_t>(std::min<uint32_t>(ip_total, 0xffff)));
  Put16(b, ip_id);
  Put16(b, 0x4000);
  b.push_back(static_cast<char>(kTtl));
  b.push_back(static_cast<char>(p.tcp ? kProtocolTcp : kProtocolUdp));
  Put16(b, 0);
  Put32(b, src);
  Put32(b, dst);
  Set16(b, ip + 10, Fold(Sum16(b, ip, l4)));
  b += transport;
  // The transport checksum over the pseudo-header, the header and the payload, whose
  // bytes past what is captured are zeros (they add nothing): valid for the frame as
  // synthesized (RFC 793 §3.1, RFC 768).
  uint32_t sum = Sum16(b, ip + 12, ip + 20);  // the two addresses
  sum += p.tcp ? kProtocolTcp : kProtocolUdp;
  sum += (header_bytes + payload) & 0xffff;
  sum = Sum16(b, l4, b.size(), sum);
  uint16_t checksum = Fold(sum);
  if (!p.tcp && checksum == 0) checksum = 0xffff;  // RFC 768: 0 would mean "none"
  Set16(b, l4 + (p.tcp ? 16 : 6), checksum);
  // The frame as long as the link serialized it when the engine's header bytes exceed
  // the synthesized ones (the rest is link padding), else as synthesized.
  *frame_length = 14 + std::max(ip_total, p.wire_bytes);
  return b;
}

PcapWriter::PcapWriter(std::ostream* out, uint64_t max_packets) : out_(out), max_packets_(max_packets) {
  std::string h;
  PutLe32(h, kMagicNanoseconds);
  PutLe16(h, 2);  // version 2.4
  PutLe16(h, 4);
  PutLe32(h, 0);  // thiszone, sigfigs: unused, 0
  PutLe32(h, 0);
  PutLe32(h, kSnapLength);
  PutLe32(h, kLinkTypeEthernet);
  out_->write(h.data(), static_cast<std::streamsize>(h.size()));
}

bool PcapWriter::Write(const WirePacket& p) {
  if (packets_ >= max_packets_) {
    truncated_ = true;
    return false;
  }
  uint32_t frame_length = 0;
  const std::string frame = Frame(p, ip_id_++, &frame_length);
  std::string r;
  const int64_t ns = p.at.ns();
  PutLe32(r, static_cast<uint32_t>(ns / 1000000000));
  PutLe32(r, static_cast<uint32_t>(ns % 1000000000));
  PutLe32(r, static_cast<uint32_t>(frame.size()));
  PutLe32(r, frame_length);
  r += frame;
  out_->write(r.data(), static_cast<std::streamsize>(r.size()));
  ++packets_;
  return true;
}

}  // namespace plab
