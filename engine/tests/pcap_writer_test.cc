// The pcap writer (record/pcap_writer.h) byte by byte: the file header, a record's
// timestamps and lengths, Ethernet/IPv4/TCP/UDP fields in network byte order, valid
// IPv4 and transport checksums, SACK and timestamp options, the cap; and a run with a
// capture on gives the result it gives without one (metrics/packet_capture.h).
#include <cstdint>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "metrics/packet_capture.h"
#include "plab/api.h"
#include "record/pcap_writer.h"
#include "transport/tcp/tcp_header.h"

namespace plab {
namespace {

uint32_t Be16(const std::string& b, size_t at) {
  return (static_cast<uint32_t>(static_cast<uint8_t>(b[at])) << 8) | static_cast<uint8_t>(b[at + 1]);
}
uint32_t Be32(const std::string& b, size_t at) { return (Be16(b, at) << 16) | Be16(b, at + 2); }
uint32_t Le32(const std::string& b, size_t at) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(b[at + static_cast<size_t>(i)]);
  return v;
}
// RFC 1071: a header with its checksum in place sums to 0xffff.
uint32_t OnesSum(const std::string& b, size_t from, size_t to, uint32_t sum = 0) {
  for (size_t i = from; i + 1 < to; i += 2) sum += Be16(b, i);
  if ((to - from) % 2 == 1) sum += static_cast<uint32_t>(static_cast<uint8_t>(b[to - 1])) << 8;
  while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
  return sum;
}
// The transport checksum checked as a receiver would: pseudo-header + segment, the
// uncaptured payload being zeros.
uint32_t TransportSum(const std::string& f, uint32_t transport_length) {
  uint32_t sum = OnesSum(f, 26, 34);  // the two addresses
  sum += f[23];                       // protocol
  sum += transport_length;
  return OnesSum(f, 34, f.size(), sum);
}

constexpr size_t kIp = 14, kL4 = 34;

TEST(PcapWriter, FileHeaderIsNanosecondPcapOverEthernet) {
  std::ostringstream out;
  PcapWriter w(&out);
  const std::string h = out.str();
  ASSERT_EQ(h.size(), 24u);
  EXPECT_EQ(Le32(h, 0), 0xa1b23c4du);  // nanosecond magic, little-endian on every machine
  EXPECT_EQ(h[4], 2);                  // version 2.4
  EXPECT_EQ(h[6], 4);
  EXPECT_EQ(Le32(h, 16), PcapWriter::kSnapLength);
  EXPECT_EQ(Le32(h, 20), 1u);  // LINKTYPE_ETHERNET
}

WirePacket WireData() {
  WirePacket p;
  p.at = Time::FromNanoseconds(3'123'456'789);
  p.flow = 3;
  p.seq = (uint64_t{1} << 32) + 1448 * 7;  // offsets past 4 GiB wrap (RFC 793 §3.3)
  p.payload = 1448;
  p.wire_bytes = 1500;
  p.has_timestamp = true;
  p.ts_val = Time::FromMilliseconds(3120);
  return p;
}

TEST(PcapWriter, TcpDataSegmentCarriesItsSequenceNumberAndValidChecksums) {
  std::ostringstream out;
  PcapWriter w(&out);
  ASSERT_TRUE(w.Write(WireData()));
  const std::string r = out.str().substr(24);
  EXPECT_EQ(Le32(r, 0), 3u);            // seconds
  EXPECT_EQ(Le32(r, 4), 123'456'789u);  // nanoseconds
  const uint32_t caplen = Le32(r, 8);
  EXPECT_EQ(caplen, 14u + 20 + 32);    // headers only: TCP 20 + NOP NOP TS (12)
  EXPECT_EQ(Le32(r, 12), 14u + 1500);  // the frame as long as the link sent it
  const std::string f = r.substr(16);
  ASSERT_EQ(f.size(), caplen);
  EXPECT_EQ(Be16(f, 12), 0x0800u);  // IPv4
  EXPECT_EQ(static_cast<uint8_t>(f[kIp]), 0x45);
  EXPECT_EQ(Be16(f, kIp + 2), 20u + 32 + 1448);  // IP total length: what tcp.len is read from
  EXPECT_EQ(static_cast<uint8_t>(f[kIp + 9]), 6);
  EXPECT_EQ(Be32(f, kIp + 12), 0x0a000301u);  // 10.0.3.1 -> 10.1.3.1
  EXPECT_EQ(Be32(f, kIp + 16), 0x0a010301u);
  EXPECT_EQ(OnesSum(f, kIp, kIp + 20), 0xffffu);
  EXPECT_EQ(Be16(f, kL4 + 2), 5001u);
  EXPECT_EQ(Be32(f, kL4 + 4), 1448u * 7);                // the byte offset mod 2^32
  EXPECT_EQ(static_cast<uint8_t>(f[kL4 + 12]) >> 4, 8);  // data offset: 32 bytes
  EXPECT_EQ(static_cast<uint8_t>(f[kL4 + 13]), 0x10);    // ACK
  EXPECT_EQ(Be32(f, kL4 + 20), 0x0101080au);             // NOP NOP TS len 10
  EXPECT_EQ(Be32(f, kL4 + 24), 3120u);                   // TSval in ms
  EXPECT_EQ(TransportSum(f, 32 + 1448), 0xffffu);
}

TEST(PcapWriter, AckCarriesSackBlocksAndTheEcho) {
  WirePacket p;
  p.feedback = true;
  p.flow = 300;  // 10.3.44.1 -> 10.2.44.1 (a receiver's report goes back)
  p.ack = 14480;
  p.wire_bytes = 52;
  p.has_timestamp = true;
  p.ts_val = Time::FromMilliseconds(10);
  p.ts_ecr = Time::FromMilliseconds(9);
  p.sack_count = 2;
  p.sack_start[0] = 17376, p.sack_end[0] = 18824;
  p.sack_start[1] = 15928, p.sack_end[1] = 16000;
  uint32_t length = 0;
  const std::string f = PcapWriter::Frame(p, 7, &length);
  ASSERT_EQ(f.size(), 14u + 20 + 20 + 12 + 20);
  EXPECT_EQ(length, 14u + 20 + 52);
  EXPECT_EQ(Be16(f, kIp + 4), 7u);  // IP id
  EXPECT_EQ(Be32(f, kIp + 12), 0x0a032c01u);
  EXPECT_EQ(Be32(f, kIp + 16), 0x0a022c01u);
  EXPECT_EQ(Be16(f, kL4), 5001u);
  EXPECT_EQ(Be32(f, kL4 + 8), 14480u);
  EXPECT_EQ(static_cast<uint8_t>(f[kL4 + 12]) >> 4, 13);
  EXPECT_EQ(Be32(f, kL4 + 28), 9u);           // TSecr
  EXPECT_EQ(Be32(f, kL4 + 32), 0x01010512u);  // NOP NOP SACK len 2 + 16
  EXPECT_EQ(Be32(f, kL4 + 36), 17376u);
  EXPECT_EQ(Be32(f, kL4 + 40), 18824u);
  EXPECT_EQ(Be32(f, kL4 + 44), 15928u);
  EXPECT_EQ(Be32(f, kL4 + 48), 16000u);
  EXPECT_EQ(OnesSum(f, kIp, kIp + 20), 0xffffu);
  EXPECT_EQ(TransportSum(f, 52), 0xffffu);
}

TEST(PcapWriter, RateBasedPacketsAreUdpWithTheSequenceNumberInFront) {
  WirePacket p = WireData();
  p.tcp = false;
  p.seq = 0x0000000500000007;
  uint32_t length = 0;
  const std::string f = PcapWriter::Frame(p, 0, &length);
  ASSERT_EQ(f.size(), 14u + 20 + 8 + 8);
  EXPECT_EQ(static_cast<uint8_t>(f[kIp + 9]), 17);
  EXPECT_EQ(Be16(f, kIp + 2), 20u + 8 + 1448);
  EXPECT_EQ(Be16(f, kL4 + 4), 8u + 1448);
  EXPECT_EQ(Be32(f, kL4 + 8), 5u);
  EXPECT_EQ(Be32(f, kL4 + 12), 7u);
  EXPECT_EQ(TransportSum(f, 8 + 1448), 0xffffu);
  EXPECT_EQ(OnesSum(f, kIp, kIp + 20), 0xffffu);
}

TEST(PcapWriter, StopsAtTheCapAndSaysSo) {
  std::ostringstream out;
  PcapWriter w(&out, 2);
  EXPECT_TRUE(w.Write(WireData()));
  EXPECT_TRUE(w.Write(WireData()));
  EXPECT_FALSE(w.truncated());
  EXPECT_FALSE(w.Write(WireData()));
  EXPECT_TRUE(w.truncated());
  EXPECT_EQ(w.packets(), 2u);
  EXPECT_EQ(out.str().size(), 24u + 2 * (16 + 14 + 20 + 32));
}

TEST(PacketCapture, ReadsTheTcpHeaderOfAnAck) {
  Packet p;
  p.kind = PacketKind::kFeedback;
  p.flow = 1;
  p.wire_bytes = 40;
  TcpHeader& h = Tcp(p);
  h.ack = 1000;
  h.sack_count = 1;
  h.sack[0] = {2000, 3000};
  const WirePacket w = PacketCapture::ToWire(Time::FromSeconds(1), p, Family::kTcp);
  EXPECT_TRUE(w.tcp);
  EXPECT_TRUE(w.feedback);
  EXPECT_EQ(w.ack, 1000u);
  ASSERT_EQ(w.sack_count, 1);
  EXPECT_EQ(w.sack_start[0], 2000u);
  EXPECT_EQ(w.sack_end[0], 3000u);
  EXPECT_FALSE(PacketCapture::ToWire(Time::FromSeconds(1), p, Family::kRate).tcp);
}

// A capture watches and changes nothing: the same result with and without it, a file
// per link direction, and what it wrote in the result.
TEST(PacketCapture, RunGivesTheSameResultWithACapture) {
  const nlohmann::json scenario = {
      {"duration_s", 3},
      {"topology", {{"bottleneck", {{"errors", {{"forward", {{"model", "bernoulli"}, {"p", 0.01}}}}}}}}},
      {"flows", {{{"protocol", "newreno"}, {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
  const RunOutput plain = plab::Run(scenario.dump());
  ASSERT_TRUE(plain.ok) << plain.json;
  std::map<std::string, std::unique_ptr<std::ostringstream>> files;
  RunOptions options;
  options.pcap = [&files](const std::string& link, const std::string& direction) {
    auto& s = files[link + "." + direction];
    s = std::make_unique<std::ostringstream>();
    return s.get();
  };
  const RunOutput captured = plab::Run(scenario.dump(), options);
  ASSERT_TRUE(captured.ok) << captured.json;
  nlohmann::json doc = nlohmann::json::parse(captured.json);
  const nlohmann::json pcap = doc["pcap"];
  doc.erase("pcap");
  EXPECT_EQ(doc, nlohmann::json::parse(plain.json));
  EXPECT_EQ(captured.columns, plain.columns);
  ASSERT_FALSE(files.empty());
  ASSERT_EQ(pcap["files"].size(), files.size());
  for (const auto& f : pcap["files"]) {
    const std::string& bytes = files[f["link"].get<std::string>() + "." + f["direction"].get<std::string>()]->str();
    EXPECT_GT(f["packets"].get<uint64_t>(), 100u);
    EXPECT_GT(bytes.size(), 24 + 16 * f["packets"].get<size_t>());
    EXPECT_FALSE(f["truncated"].get<bool>());
  }
}

}  // namespace
}  // namespace plab
