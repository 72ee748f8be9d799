// The RTT statistics of one connection, shared: the sender updates them from each
// valid sample, and every algorithm reads them (QUICHE RttStats), so none keeps its own
// copy of the minimum or the smoothed RTT.
//   latest_rtt: the last sample;  min_rtt: the smallest since the start;
//   smoothed_rtt / rttvar: RFC 6298, in integer nanoseconds, from every valid sample:
//   first sample R:  SRTT = R, RTTVAR = R/2
//   later samples:   RTTVAR = 3/4 RTTVAR + 1/4 |SRTT - R|,  SRTT = 7/8 SRTT + 1/8 R
//   rto: the flow's timer profile's (timer_profile.h); RFC 6298's by default:
//   RTO = max(min_rto, SRTT + max(G, 4 RTTVAR)), at most max_rto (§2, §2.4-2.5)
// Backoff doubles the RTO on each timeout (§5.5) and is kept until a valid sample
// arrives (Karn's rule: the sender gives no sample for retransmitted segments).
#pragma once

#include <algorithm>
#include <memory>

#include "sim/time.h"
#include "transport/timer_profile.h"

namespace plab {

class RttStats {
 public:
  struct Params {
    Time initial_rto = Time::FromMilliseconds(1000);  // RFC 6298 §2.1
    Time min_rto = Time::FromMilliseconds(1000);      // RFC 6298 §2.4
    Time max_rto = Time::FromMilliseconds(60000);     // RFC 6298 §2.5 allows a cap >= 60 s
    Time granularity = Time::FromMilliseconds(1);     // G: a 1 ms clock, as ns-3
    // The clock the RTO runs on; null = RFC 6298 (Rfc6298Timers()).
    std::shared_ptr<const TimerProfile> timers;
  };

  explicit RttStats(const Params& params)
      : params_(params), timers_(params.timers ? params.timers.get() : &Rfc6298Timers()) {
    UpdateRto();
  }

  void OnSample(Time rtt) {
    ++samples_;
    latest_ = rtt;
    min_ = std::min(min_, rtt);
    if (!state_.has_sample) {
      state_.srtt = rtt;
      state_.rttvar = rtt / 2;
      state_.has_sample = true;
    } else {
      const Time err = state_.srtt > rtt ? state_.srtt - rtt : rtt - state_.srtt;
      state_.rttvar = (state_.rttvar * 3 + err) / 4;
      state_.srtt = (state_.srtt * 7 + rtt) / 8;
    }
    min_srtt_ = std::min(min_srtt_, state_.srtt);
    state_.backoff = 1;
    UpdateRto();
  }
  // The timed segment of a tick profile (timer_profile.h) was acknowledged `rtt` after
  // it left; `timestamp`: measured from a timestamp echo rather than a timed segment.
  void OnTimedSample(Time rtt, Time now, bool timestamp) {
    timers_->OnTimedSample(rtt, now, timestamp, state_);
    UpdateRto();
  }
  void Backoff() {
    timers_->Backoff(state_, bounds());
    UpdateRto();
  }

  // Kept from the last change of the state (asked on every ACK, changed by samples).
  Time rto() const { return rto_; }
  // When a retransmission timer armed now runs out (a tick profile fires on a tick).
  Time TimerExpiry(Time now) const { return timers_->TimerExpiry(now, rto()); }
  const TimerProfile& timers() const { return *timers_; }

  bool has_sample() const { return state_.has_sample; }
  // How many samples so far: an observer tells a new sample from a timeout's report.
  int64_t samples() const { return samples_; }
  // Zero before the first sample.
  Time latest_rtt() const { return latest_; }
  // Infinite before the first sample.
  Time min_rtt() const { return min_; }
  // The least SRTT so far, as ns-3.44's TcpSocketState::m_minRtt (infinite before the
  // first sample).
  Time min_srtt() const { return min_srtt_; }
  // RFC 6298 SRTT and RTTVAR (zero before the first sample).
  Time smoothed_rtt() const { return state_.srtt; }
  Time srtt() const { return state_.srtt; }
  Time rttvar() const { return state_.rttvar; }
  // The tick profiles' own estimate (all zero under RFC 6298).
  const TickEstimate& tick_estimate() const { return state_.ticks; }

 private:
  void UpdateRto() { rto_ = timers_->Rto(state_, bounds()); }
  RtoBounds bounds() const { return {params_.initial_rto, params_.min_rto, params_.max_rto, params_.granularity}; }

  Params params_;
  const TimerProfile* timers_;
  RtoState state_;
  Time latest_ = Time::Zero();
  Time min_ = Time::Infinite();
  Time min_srtt_ = Time::Infinite();
  int64_t samples_ = 0;
  Time rto_;  // timers_->Rto(state_, bounds()), updated with state_
};

}  // namespace plab
