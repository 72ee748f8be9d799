// Delivery-rate sampling (draft-cheng-iccrg-delivery-rate-estimation, as in Linux
// tcp_rate.c): each segment remembers, when sent, how much had been delivered and
// when; an ACK that delivers it yields delivered bytes / max(send interval, ACK
// interval) over the segment's flight, immune to ACK compression.
#pragma once

#include <cstdint>

#include "sim/time.h"

namespace plab {

struct RateSample {
  bool valid = false;  // a segment was delivered and the interval is usable
  double delivery_rate_bps = 0;
  uint64_t delivered = 0;  // bytes delivered over the interval
  Time interval;
  uint64_t prior_delivered = 0;  // C.delivered when the sampled segment was sent
  bool is_app_limited = false;
  uint64_t newly_delivered = 0;  // bytes this ACK delivered (cumulatively or by SACK)
  uint64_t total_delivered = 0;  // C.delivered after this ACK
  uint64_t newly_lost = 0;       // bytes loss recovery judged lost on this ACK (Linux rs->losses)
};

}  // namespace plab
