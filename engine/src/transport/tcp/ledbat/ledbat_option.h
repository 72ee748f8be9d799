// LEDBAT's field in the ACK's option bytes (TcpHeader::option): the one-way delay the
// receiver measured (RFC 6817 §2.3: "the receiver ... sends the delay measurements
// back to the sender"). The receiver computes it as its clock at the data segment's
// arrival minus the sender's timestamp in the segment (ts_val); the simulation's
// clocks are one clock, so it is the delay the segment really had (no offset, no skew
// for the base delay to absorb, §3.1.1).
#pragma once

#include <cstdint>

namespace plab {

struct LedbatOption {
  // The least one-way delay of the data segments that arrived since the last ACK (one
  // sample: a delayed ACK answers two segments; their MIN is what CURRENT_FILTER's
  // MIN would keep). 0 samples: none (a pure ACK the receiver sent on a timer).
  int64_t one_way_delay_ns = 0;
  uint32_t samples = 0;
};

}  // namespace plab
