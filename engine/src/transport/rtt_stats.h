// The RTT statistics of one connection, shared: the sender updates them from each
// valid sample, and every algorithm reads them (QUICHE RttStats), so none keeps its own
// copy of the minimum or the smoothed RTT.
//   latest_rtt: the last sample;  min_rtt: the smallest since the start;
//   smoothed_rtt / rttvar / rto: RFC 6298, in integer nanoseconds:
//   first sample R:  SRTT = R, RTTVAR = R/2
//   later samples:   RTTVAR = 3/4 RTTVAR + 1/4 |SRTT - R|,  SRTT = 7/8 SRTT + 1/8 R
//   RTO = max(min_rto, SRTT + max(G, 4 RTTVAR)), at most max_rto (§2, §2.4-2.5)
// Backoff doubles the RTO on each timeout (§5.5) and is kept until a valid sample
// arrives (Karn's rule: the sender gives no sample for retransmitted segments).
#pragma once

#include <algorithm>

#include "sim/time.h"

namespace plab {

class RttStats {
 public:
  struct Params {
    Time initial_rto = Time::FromMilliseconds(1000);  // RFC 6298 §2.1
    Time min_rto = Time::FromMilliseconds(1000);      // RFC 6298 §2.4
    Time max_rto = Time::FromMilliseconds(60000);     // RFC 6298 §2.5 allows a cap >= 60 s
    Time granularity = Time::FromMilliseconds(1);     // G: a 1 ms clock, as ns-3
  };

  explicit RttStats(const Params& params) : params_(params) {}

  void OnSample(Time rtt) {
    ++samples_;
    latest_ = rtt;
    min_ = std::min(min_, rtt);
    if (!has_sample_) {
      srtt_ = rtt;
      rttvar_ = rtt / 2;
      has_sample_ = true;
    } else {
      const Time err = srtt_ > rtt ? srtt_ - rtt : rtt - srtt_;
      rttvar_ = (rttvar_ * 3 + err) / 4;
      srtt_ = (srtt_ * 7 + rtt) / 8;
    }
    backoff_ = 1;
  }
  void Backoff() {
    if (rto() < params_.max_rto) backoff_ *= 2;
  }

  Time rto() const {
    Time base = params_.initial_rto;
    if (has_sample_) {
      base = srtt_ + std::max(params_.granularity, rttvar_ * 4);
      base = std::max(base, params_.min_rto);
    }
    const Time backed = base.ns() > params_.max_rto.ns() / backoff_ ? params_.max_rto : base * backoff_;
    return std::min(backed, params_.max_rto);
  }
  bool has_sample() const { return has_sample_; }
  // How many samples so far: an observer tells a new sample from a timeout's report.
  int64_t samples() const { return samples_; }
  // Zero before the first sample.
  Time latest_rtt() const { return latest_; }
  // Infinite before the first sample.
  Time min_rtt() const { return min_; }
  // RFC 6298 SRTT and RTTVAR (zero before the first sample).
  Time smoothed_rtt() const { return srtt_; }
  Time srtt() const { return srtt_; }
  Time rttvar() const { return rttvar_; }

 private:
  Params params_;
  bool has_sample_ = false;
  Time srtt_;
  Time rttvar_;
  Time latest_ = Time::Zero();
  Time min_ = Time::Infinite();
  int64_t backoff_ = 1;
  int64_t samples_ = 0;
};

}  // namespace plab
