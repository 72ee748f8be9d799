// A packet capture (the CLI's `plab run --pcap DIR`, issue L §4): every packet put on
// the wire at every link of the topology, one pcap file per link and direction, with
// the headers its transport would have written (record/pcap_writer.h). Watches
// through each link's packet observer, beside the packet trace when that is on;
// changes nothing.
//
// "On the wire" is the start of transmission (PacketEvent::kTransmit), stamped with
// that time: what tcpdump on the link's sending interface records. So a packet the
// queue refused never shows (it never reached the wire: the packet trace's
// queue_drop), while one lost on the way (the link's error model, the flow's
// channel) does, as it would in a capture at the sender's side; the drops are in the
// packet trace, not here.
//
// The window is the packet trace's (metrics.packet_trace) when the scenario sets one,
// else the whole run. Bounded: each file stops at PcapWriter::kDefaultMaxPackets
// records, and Describe() says which files were cut.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "net/link.h"
#include "record/pcap_writer.h"
#include "transport/family.h"

namespace plab {

class PacketCapture {
 public:
  // The stream a link direction's file goes to ("bottleneck", "forward"); called once
  // per watched direction, in Watch. The caller owns the streams.
  using OpenStream = std::function<std::ostream*(const std::string& link, const std::string& direction)>;
  // The protocol family of a flow id: TCP headers or UDP ones.
  using FamilyOf = std::function<Family(uint32_t flow)>;

  PacketCapture(Time from, Time to, OpenStream open, FamilyOf family_of,
                uint64_t max_packets = PcapWriter::kDefaultMaxPackets);
  ~PacketCapture();

  // Writes what `link` transmits; the observer already set on it (the packet trace's)
  // still sees every event.
  void Watch(Link& link, const std::string& name, const char* direction);

  // For the result document: the window and, per file, its link, direction, packets
  // written and whether it was cut at the cap.
  nlohmann::ordered_json Describe() const;

  // The engine's packet as the writer's (exposed for tests).
  static WirePacket ToWire(Time now, const Packet& p, Family family);

 private:
  class Tap;
  Time from_;
  Time to_;
  OpenStream open_;
  FamilyOf family_of_;
  uint64_t max_packets_;
  std::vector<std::unique_ptr<Tap>> taps_;
};

}  // namespace plab
