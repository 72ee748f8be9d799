// The TFRC sender (RFC 5348 §4), with the equation to follow as a choice (tfrc_equation.h:
// RFC 5348's, or Ng & Chan's modified one). It paces packets of s bytes at the allowed
// rate X (one every s / X), and on each feedback:
//   R = the RTT sample (first) or 0.9 R + 0.1 sample;  RTO = max(4R, 2s/X);
//   p > 0:  X = max(min(X_calc, 2 X_recv), s / t_mbi)            (§4.3 step 4)
//   p = 0:  once per RTT X = max(min(2X, 2 X_recv), W_init / R)   (slow start)
// with W_init = min(4s, max(2s, 4380 bytes)) (§4.2). Before any feedback it sends one
// packet per second. The no-feedback timer (§4.4) halves X, not below s / t_mbi, each
// time it expires (after RTO, or 2 s before the first feedback), so the rate halves at
// most once per RTO when feedback stops.
//
// Choices: the receive-rate limit is twice the last X_recv (RFC 3448 §4.3), not RFC
// 5348's history of X_recv values; a finite transfer completes when its last byte is
// sent (TFRC does not retransmit).
#pragma once

#include <cstdint>

#include "net/route.h"
#include "sim/scheduler.h"
#include "transport/data_source.h"
#include "transport/endpoint.h"
#include "transport/rate/rate_observer.h"
#include "transport/rate/rate_transfer.h"
#include "transport/rate/tfrc_equation.h"
#include "transport/rtt_stats.h"

namespace plab {

class TfrcSender final : public RateSender, public EventHandler {
 public:
  struct Params {
    uint32_t flow = 0;
    uint32_t segment_bytes = 1000;
    uint32_t header_bytes = 40;
    RateEquation equation = RateEquation::kRfc5348;
    Time t_mbi = Time::FromSeconds(64);  // RFC 5348 §4.3: the longest backoff interval
  };

  TfrcSender(Scheduler* scheduler, PacketPool* pool, const Params& params, DataSource* source);

  // SenderEndpoint (RateSender has the rest)
  void Start() override;
  const RttStats& rtt() const override { return rtt_stats_; }
  SenderCounts counts() const override { return {transfer_.packets_sent(), 0, feedback_received_}; }
  void Restart(uint32_t flow) override;
  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;

  void set_rate_observer(RateSenderObserver* observer) { rate_observer_ = observer; }
  double allowed_rate_bps() const { return x_bps_; }  // bytes per second
  Time smoothed_rtt() const { return rtt_; }
  double loss_event_rate() const { return p_; }

 private:
  enum Tag : uint32_t { kSend, kNoFeedback };

  void SendNext();
  void ScheduleSend(Time at);
  Time NextPacedSend() const;
  void RateChanged();
  void ArmNoFeedback(Time after);
  void Report();
  double MinRate() const { return params_.segment_bytes / params_.t_mbi.seconds(); }

  Scheduler* scheduler_;
  PacketPool* pool_;
  Params params_;
  RateSenderObserver* rate_observer_ = nullptr;
  RttStats rtt_stats_{RttStats::Params{}};

  double x_bps_ = 0;       // X, bytes per second
  double x_calc_bps_ = 0;  // the equation's rate at the last feedback
  double p_ = 0;
  Time rtt_;            // R (Zero until the first feedback)
  Time last_doubling_;  // tld
  int64_t feedback_received_ = 0;
  bool started_ = false;
  bool send_pending_ = false;
  uint64_t generation_ = 0;  // of the connection: stale events are ignored
  uint64_t nofeedback_id_ = 0;
  uint64_t send_id_ = 0;  // the newest send event (older ones are stale)
  Time last_send_;
  bool paced_ = false;  // waiting for the pacing interval, not for the application
};

}  // namespace plab
