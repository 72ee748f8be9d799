// What the rate family's probe (transport/rate/rate_probe.h) sees of any rate-based sender.
#pragma once

#include "sim/time.h"

namespace plab {

class RateSenderObserver {
 public:
  virtual ~RateSenderObserver() = default;
  // The allowed rate changed, in bytes per second; the equation's rate (0 while there
  // is no loss rate to put in it) and the loss (event) rate with it.
  virtual void OnRate(Time now, double allowed_bps, double equation_bps, double p) = 0;
};

}  // namespace plab
