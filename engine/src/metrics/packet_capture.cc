#include "metrics/packet_capture.h"

#include <algorithm>

#include "transport/tcp/tcp_header.h"

namespace plab {

// One watched link direction: its file, and the observer it stands in front of.
class PacketCapture::Tap final : public PacketObserver {
 public:
  Tap(PacketCapture* capture, PacketObserver* next, std::ostream* out, std::string link, std::string direction)
      : capture_(capture),
        next_(next),
        writer_(out, capture->max_packets_),
        link_(std::move(link)),
        direction_(std::move(direction)) {}

  void OnPacket(Time now, PacketEvent event, uint32_t flow, bool feedback, uint64_t seq) override {
    if (next_ != nullptr) next_->OnPacket(now, event, flow, feedback, seq);
  }
  void OnPacketSeen(Time now, PacketEvent event, const Packet& p) override {
    if (next_ != nullptr) next_->OnPacketSeen(now, event, p);
    if (event != PacketEvent::kTransmit || now < capture_->from_ || now > capture_->to_) return;
    writer_.Write(ToWire(now, p, capture_->family_of_(p.flow)));
  }

  nlohmann::ordered_json Describe() const {
    return {
        {"link", link_}, {"direction", direction_}, {"packets", writer_.packets()}, {"truncated", writer_.truncated()}};
  }

 private:
  PacketCapture* capture_;
  PacketObserver* next_;
  PcapWriter writer_;
  std::string link_;
  std::string direction_;
};

PacketCapture::PacketCapture(Time from, Time to, OpenStream open, FamilyOf family_of, uint64_t max_packets)
    : from_(from), to_(to), open_(std::move(open)), family_of_(std::move(family_of)), max_packets_(max_packets) {}

PacketCapture::~PacketCapture() = default;

void PacketCapture::Watch(Link& link, const std::string& name, const char* direction) {
  std::ostream* out = open_(name, direction);
  if (out == nullptr) return;
  taps_.push_back(std::make_unique<Tap>(this, link.packet_observer(), out, name, direction));
  link.set_packet_observer(taps_.back().get());
}

WirePacket PacketCapture::ToWire(Time now, const Packet& p, Family family) {
  WirePacket w;
  w.at = now;
  w.flow = p.flow;
  w.feedback = p.is_feedback();
  w.tcp = family == Family::kTcp;
  w.seq = p.seq;
  w.payload = p.payload;
  w.wire_bytes = p.wire_bytes;
  w.ecn = static_cast<uint8_t>(p.ecn);
  if (!w.tcp) return w;
  // A TCP-family packet's header area is a TcpHeader (transport/tcp/tcp_header.h).
  const TcpHeader& h = Tcp(p);
  w.ack = w.feedback ? h.ack : 0;
  w.control = h.control;
  w.ece = h.ece;
  w.cwr = h.cwr;
  w.has_timestamp = h.has_timestamp;
  w.ts_val = h.ts_val;
  w.ts_ecr = h.ts_ecr;
  w.sack_count = w.feedback ? std::clamp(h.sack_count, 0, std::min(kMaxSackBlocks, WirePacket::kMaxSack)) : 0;
  for (int i = 0; i < w.sack_count; ++i) {
    w.sack_start[i] = h.sack[i].start;
    w.sack_end[i] = h.sack[i].end;
  }
  return w;
}

nlohmann::ordered_json PacketCapture::Describe() const {
  nlohmann::ordered_json d;
  d["from_s"] = from_.seconds();
  d["to_s"] = to_ == Time::Infinite() ? nlohmann::ordered_json() : nlohmann::ordered_json(to_.seconds());
  d["max_packets_per_file"] = max_packets_;
  d["files"] = nlohmann::ordered_json::array();
  for (const auto& tap : taps_) d["files"].push_back(tap->Describe());
  return d;
}

}  // namespace plab
