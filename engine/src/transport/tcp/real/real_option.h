// TCP-Real's option (Zhang & Tsaoussidis, NOSSDAV 2001, §2.1–2.2), written into the
// option bytes of TcpHeader:
//   on data, the sender's congestion window in segments ("the congestion window is
//   now included in the header": both peers know the current wave);
//   on every ACK, the next wave level the receiver decided, and which decision it is
//   (the sender applies a decision once, when it first sees it).
#pragma once

#include <cstdint>

namespace plab {

struct RealOption {
  uint32_t window_segments = 0;  // data: the sender's cwnd, whole segments
  uint32_t decision = 0;         // ACK: 0 = no decision yet; increases by one per decision
  uint16_t next_level = 0;       // ACK: the wave level the receiver asks for
};

// For wave level i the window is 2 i segments (§3).
constexpr uint64_t kSegmentsPerLevel = 2;

}  // namespace plab
