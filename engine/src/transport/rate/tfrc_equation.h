// The TCP throughput equations a rate-based sender may follow, in bytes per second:
//   kRfc5348:  X = s / (R sqrt(2bp/3) + t_RTO (3 sqrt(3bp/8)) p (1 + 32 p^2)),
//              b = 1, t_RTO = 4R (RFC 5348 §3.1, its recommended simplifications);
//   kModified: Ng & Chan §5's modified equation (transport/throughput_models.h), with
//              the same t_RTO = 4R.
#pragma once

#include <cstdint>

namespace plab {

enum class RateEquation { kRfc5348, kModified };

double RateEquationBytesPerSecond(RateEquation equation, double segment_bytes, double rtt_s, double p);

// The loss event rate p at which the equation gives `bytes_per_second` (RFC 5348
// §6.3.1: the first loss interval is synthesized from the receive rate). The
// equation falls as p grows, so bisection on p in (0, 1].
double LossRateForRate(RateEquation equation, double segment_bytes, double rtt_s, double bytes_per_second);

}  // namespace plab
