// The receiver's loss differentiation in RRTP (thesis §3.6): is a gap in the packet
// numbers a loss on the wireless link (leave the rate alone) or a congestive one?
//   Biaz (Biaz & Vaidya 1998; thesis's variant, wireless last hop): with Tmin the
//     smallest inter-arrival time seen and Tseparation the time from the last packet
//     received to the one that revealed n lost packets, the loss is wireless when
//       (n + sigma) x Tmin <= Tseparation < (n + phi) x Tmin,   sigma = 1, phi = 2
//     (Table 3.2). The thesis writes "<" on both sides; with sigma = 1 that would call
//     a single loss between back-to-back packets (Tseparation = 2 Tmin exactly)
//     congestive, so the lower bound is inclusive as in Biaz & Vaidya's original.
//   Spike (Tobe et al. 2000, wireless LAN): relative one-way trip times (arrival time
//     minus the sender's timestamp; clocks need not agree) mark a spike while above
//     rott_min + 1/2 (rott_max - rott_min), until they fall below rott_min + 1/3 (...)
//     (the thresholds as Cen, Cosman & Voelker 2003 give them); a loss during a spike is
//     congestive, any other wireless.
#pragma once

#include <cstdint>
#include <limits>

#include "sim/time.h"

namespace plab {

enum class LossCause : uint8_t { kCongestion, kWireless };

class BiazClassifier {
 public:
  BiazClassifier(double sigma = 1, double phi = 2) : sigma_(sigma), phi_(phi) {}
  // An in-sequence arrival `gap` after the previous one (updates Tmin).
  void OnInterArrival(Time gap);
  // `n` packets found lost by an arrival `separation` after the last one received.
  LossCause Classify(uint64_t n, Time separation) const;
  Time t_min() const { return t_min_; }

 private:
  double sigma_, phi_;
  Time t_min_ = Time::Infinite();
};

class SpikeClassifier {
 public:
  static constexpr double kStart = 1.0 / 2;  // of the ROTT range above the minimum
  static constexpr double kEnd = 1.0 / 3;

  // Each packet's relative one-way trip time, before any loss it reveals is classified.
  void OnRott(Time rott);
  LossCause Classify() const { return in_spike_ ? LossCause::kCongestion : LossCause::kWireless; }
  bool in_spike() const { return in_spike_; }

 private:
  bool seen_ = false;
  Time min_, max_;
  bool in_spike_ = false;
};

enum class LdaScheme { kNone, kBiaz, kSpike };

}  // namespace plab
