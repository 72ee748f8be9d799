// Whole ticks of a coarse clock whose ticks fall at multiples of `tick` from t = 0 (the
// phase of a real kernel's clock, or of ns-2's boot_time_, is arbitrary; 0 keeps runs
// deterministic). Times are never negative in a run.
#pragma once

#include <cstdint>

#include "sim/time.h"

namespace plab {

// The tick boundaries in (earlier, later]: how often a tick counter advanced between them.
inline int64_t TicksCrossed(Time earlier, Time later, Time tick) {
  return later.ns() / tick.ns() - earlier.ns() / tick.ns();
}

// `span` in ticks, rounded up (a bound given in ms that is not a whole tick).
inline int64_t CeilTicks(Time span, Time tick) { return (span.ns() + tick.ns() - 1) / tick.ns(); }

// The first tick boundary strictly after `now`, plus `ticks - 1` more: a countdown of
// `ticks` set at `now` and decremented on each boundary reaches 0 there.
inline Time TickBoundaryAfter(Time now, int64_t ticks, Time tick) {
  return Time::FromNanoseconds((now.ns() / tick.ns() + ticks) * tick.ns());
}

}  // namespace plab
