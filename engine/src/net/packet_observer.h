// What the packet trace (metrics/packet_trace.h) sees of one packet at a link: the
// event and who the packet was. Its own header, since a queue discipline reports the
// drops it makes on the way out (CoDel) as well as the link.
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "sim/time.h"

namespace plab {

// What happened to one packet at a link, for the packet trace (metrics/packet_trace.h).
enum class PacketEvent : uint8_t {
  kEnqueue,      // reached the link (joined its queue, or went straight to an idle wire)
  kTransmit,     // started serializing onto the wire
  kArrive,       // reached the far end and went on
  kQueueDrop,    // refused by the queue (full, or an AQM's early drop), or dropped by it on the way out (CoDel)
  kErrorDrop,    // lost to the link's own error model at the far end
  kChannelDrop,  // lost to the flow's own channel at the far end of this link
};

// Sees every packet event at one link; measurement only, set only while tracing, so
// an untraced run pays one null check per event.
class PacketObserver {
 public:
  virtual ~PacketObserver() = default;
  // `seq`: a data packet's first payload byte; an ACK's ACK number (Packet::trace_number).
  virtual void OnPacket(Time now, PacketEvent event, uint32_t flow, bool feedback, uint64_t seq) = 0;
  // The same event with the packet itself, where the link still holds it (every event
  // but a drop, after which the packet may be back in the pool): a packet capture
  // (metrics/packet_capture.h) writes its headers from here. By default the event only.
  virtual void OnPacketSeen(Time now, PacketEvent event, const Packet& p) {
    OnPacket(now, event, p.flow, p.is_feedback(), p.trace_number());
  }
};

}  // namespace plab
